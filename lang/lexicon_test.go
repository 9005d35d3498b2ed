package lang

import (
	"regexp"
	"strings"
	"testing"
)

// TestDefaultParses: the embedded lexicon parses, and its verbs have the
// forms English gives them (regular rules and the irregular forms the
// file states).
func TestDefaultParses(t *testing.T) {
	l := Default()
	forms := map[string]Verb{}
	for _, r := range append(l.OneWay(), l.Symmetric()...) {
		if _, ok := forms[r.Base]; !ok {
			forms[r.Base] = r.Verb
		}
	}
	for _, c := range []struct{ base, s, ed, en, ing string }{
		{"follow", "follows", "followed", "followed", "following"},
		{"manage", "manages", "managed", "managed", "managing"},
		{"teach", "teaches", "taught", "taught", "teaching"},
		{"rely", "relies", "relied", "relied", "relying"},
		{"pay", "pays", "paid", "paid", "paying"},
		{"beat", "beats", "beat", "beaten", "beating"},
		{"notify", "notifies", "notified", "notified", "notifying"},
		{"visit", "visits", "visited", "visited", "visiting"},
		{"meet", "meets", "met", "met", "meeting"},
		{"marry", "marries", "married", "married", "marrying"},
	} {
		v, ok := forms[c.base]
		if !ok {
			t.Errorf("%q: not in the lexicon", c.base)
			continue
		}
		if got := [5]string{v.Base, v.S, v.Ed, v.En, v.Ing}; got != [5]string{c.base, c.s, c.ed, c.en, c.ing} {
			t.Errorf("%q: forms %v", c.base, got)
		}
	}
	for w, want := range map[string]Word{
		"follows": ActVerb, "visited": ActVerb, "reports": ToVerb, "sends": ToVerb | CarryVerb, "followed": ActVerb | PassiveVerb,
		"taught": ActVerb | PassiveVerb, "met": MeetVerb | WithVerb | MutualVerb, "friends": RelationNoun, "cities": NodeNoun,
		"km": UnitWord, "depends": 0,
	} {
		if got := l.Word(w); got&want != want || want == 0 && got&(ActVerb|ToVerb) != 0 {
			t.Errorf("Word(%q) = %b, want at least %b", w, got, want)
		}
	}
	if got := l.Third("know"); got != "knows" {
		t.Errorf("Third(know) = %q", got)
	}
	if l.NounDir("boss") != NounForward || l.NounDir("students") != NounReverse || l.NounDir("friends") != NounSymmetric {
		t.Errorf("noun directions: boss %d, students %d, friends %d", l.NounDir("boss"), l.NounDir("students"), l.NounDir("friends"))
	}
	if l.Unit("km") != Distance || l.Unit("dollars") != Cost || l.Unit("zebra") != "" {
		t.Errorf("units: km %q, dollars %q, zebra %q", l.Unit("km"), l.Unit("dollars"), l.Unit("zebra"))
	}
}

// TestParseErrors: a malformed lexicon is an error that names what is
// wrong, never a panic or a silently ignored entry.
func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{`{`, "unexpected EOF"},
		{`{"oneway": [{"verb": "Follow"}]}`, `oneway[0]: verb "Follow"`},
		{`{"oneway": [{"verb": "follow", "plian": true}]}`, `unknown field "plian"`},
		{`{"oneway": [{"verb": "follow", "mutual": true}]}`, `flags of symmetric verbs`},
		{`{"symmetric": [{"verb": "meet", "prep": "to"}]}`, `flags of one-way verbs`},
		{`{"units": {"speed": ["kmh"]}}`, `unknown meaning "speed"`},
		{`{"units": {"distance": ["m"], "time": ["m"]}}`, `"m" is both`},
		{`{"nodeNouns": [":x"]}`, `noun ":x"`},
	} {
		_, err := Parse([]byte(c.data))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%s) = %v, want an error with %q", c.data, err, c.want)
		}
	}
}

// TestAlt: the alternation matches each phrase whole, with any spacing,
// and the longer of two phrases sharing a prefix.
func TestAlt(t *testing.T) {
	re := regexp.MustCompile(`^(?:` + Alt([]string{"report", "report to", "a.b", "report to"}) + `)$`)
	for s, want := range map[string]bool{"report": true, "report  to": true, "a.b": true, "axb": false, "reports": false} {
		if re.MatchString(s) != want {
			t.Errorf("%q: match %v", s, !want)
		}
	}
	v := Verb{Base: "point", S: "points", Preps: []string{"to", "at"}}
	if got := strings.Join(v.Phrases(Base, S), ","); got != "point to,point at,points to,points at" {
		t.Errorf("Phrases = %s", got)
	}
	if got := (Verb{Base: "rely", S: "relies"}).Stem(); got != "rel" {
		t.Errorf("Stem = %q", got)
	}
}

// FuzzParse: any bytes give a lexicon or an error, never a panic.
func FuzzParse(f *testing.F) {
	f.Add(DefaultData())
	f.Add([]byte(`{"oneway": [{"verb": "x", "s": "-"}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse(data)
		if err == nil {
			_ = Alt(Phrases(l.OneWay(), nil, Base, S, Ed, En, Ing))
		}
	})
}
