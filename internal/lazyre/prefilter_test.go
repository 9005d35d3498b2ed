package lazyre

import (
	"math/rand/v2"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// needStrings is n written as clauses of literals, a folded literal
// prefixed with "(?i)".
func needStrings(n need) [][]string {
	var out [][]string
	for _, c := range n {
		var ss []string
		for _, l := range c {
			s := l.s
			if l.fold {
				s = "(?i)" + s
			}
			ss = append(ss, s)
		}
		slices.Sort(ss)
		out = append(out, ss)
	}
	return out
}

func TestPrefilterLiterals(t *testing.T) {
	for _, c := range []struct {
		re   string
		want [][]string
	}{
		{`\bhow far\b`, [][]string{{"how far"}}},
		{`\bwh(?:ich|at) nodes?\b`, [][]string{{"what node", "which node"}}},
		{`\b(nodes?|vertices|vertex)\b`, [][]string{{"node", "vertex", "vertices"}}},
		{`\b(cycles?|cyclic|dag)\b`, [][]string{{"cycle", "cyclic", "dag"}}},
		{`(?i)\b(?:from|at)\s+(\d+)`, [][]string{{"(?i)at", "(?i)from"}}},
		{`\b(list|which)\b[^.?]{0,30}\b(nodes|vertices)\b`, [][]string{{"list", "which"}, {"nodes", "vertices"}}},
		{`\bk[- ]core\b`, [][]string{{"k core", "k-core"}}},
		{`\bdegrees?\b|\bincident\b`, [][]string{{"degree", "incident"}}},
		{`(?i)node|NODES|vertex`, [][]string{{"(?i)node", "(?i)vertex"}}},
		{`(?:(?i)node)|NODE`, [][]string{{"(?i)node"}}}, // NODE implies node, ignoring case
		{`\bcount \S+('s|s') friends\b`, [][]string{{"count "}, {"'s friends", "s' friends"}}},
		{`a*`, nil},
		{`\w+|x`, nil},
		{`(?i)über`, [][]string{{"(?i)ber"}}}, // ü folds outside ASCII
		{`x\Qab\E`, nil},                      // not read: unfiltered
		{`(?P<n>ab)c[^x]d\.`, [][]string{{"abc"}, {"d."}}},
		{`(?i:ab)C`, [][]string{{"(?i)abc"}}},
		{`a{2,3}b`, [][]string{{"a"}, {"b"}}},
		{`[^.?]{0,4}`, nil},
		{`(\d+)[- ]cores?\b`, [][]string{{" core", "-core"}}},
	} {
		if got := needStrings(newFilter(c.re).need); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: need %q, want %q", c.re, got, c.want)
		}
	}
}

func TestPrefilterSatisfied(t *testing.T) {
	n := need{{{s: "how far"}}, {{s: "from", fold: true}, {s: "to"}}}
	for text, want := range map[string]bool{
		"how far is it FROM a":  true,
		"how far is it to b":    true,
		"How far is it from a":  false, // "how far" is case-sensitive
		"how far is it, Kelvin": false,
		"how far FRoM":          true,
		"how far \u212a":        true, // outside ASCII a folded literal is assumed present
		"":                      false,
	} {
		if got := n.satisfiedBy(text); got != want {
			t.Errorf("%q: %v, want %v", text, got, want)
		}
	}
}

func TestTopAlternatives(t *testing.T) {
	for src, want := range map[string]int{
		`\bdegrees?\b|\bincident\b`: 2, `\b(cycles?|dag|loop)\b`: 3, `(?i)\b(?:from|at)\s+(\d+)`: 0,
		`ab|cd|ef`: 3, `how far`: 0, `\b(a|b)\b(c|d)`: 0, `(?i)ab|cd`: 2, `a(?i)b|cd`: 0, `^(?:ab|cd)$`: 2,
	} {
		f := newFilter(src)
		if len(f.alts) != want {
			t.Errorf("%s: %d alternatives, want %d", src, len(f.alts), want)
		}
		for _, a := range f.alts {
			a.re.uni() // compiles (MustCompile panics on a bad split)
			if a.re.asc != nil {
				a.re.asc()
			}
		}
	}
}

// TestSameMatches checks New's methods against the plain regexp on
// patterns of every shape the prefilter reads (literals, (?i), classes,
// repeats, alternations around word boundaries, captures) and texts with
// mixed case, the Kelvin sign and long s (which (?i) folds with k and s),
// and invalid UTF-8.
func TestSameMatches(t *testing.T) {
	pats := []string{
		`\bhow far\b`, `\bwh(?:ich|at) nodes?\b`, `(?i)\b(?:from|at)\s+(\d+)`, `(?i)\bk[- ]?cores?\b`, `(?i)\bshortest\b`,
		`\b(list|which)\b[^.?]{0,30}\b(nodes|vertices)\b|\bwho is \S+ (connected|linked)`, `(?i)ſ|K`, `\x{FFFD}`,
		`(\d+)[- ]cores?\b`, `\b(?i:between)\s+(\w+)\s+(?i:and)\s+(\w+)`, `a{2,3}b|c+d`, `(?:ab)+|(?:cd){1,2}x`, `^node|edge$`,
		`[ab][cd]e`, `→|->`, `(?i)é`, `x*`, `(?i)(?:node|vertex)\s+(\S+?)\s+(?:has no (?:edges|links)|is isolated)\b`,
	}
	texts := []string{
		"", "how far is it", "HOW FAR", "which node? what nodes", "From 3 AT 4", "a \u212a-core and K CORES", "3-core 4 cores",
		"\u017fhortest and SHORTEST", "list all nodes. who is bob connected", "between Ann and Bob", "aab ccd abab cdcdx",
		"node edge", "bad \xff byte \xfe", "ace bde", "a → b -> c", "É", "Node 7 has no edges; vertex x is isolated.",
	}
	for _, p := range pats {
		l, re := New(p), regexp.MustCompile(p)
		for _, s := range texts {
			want := re.FindAllStringSubmatchIndex(s, -1)
			if got := l.MatchString(s); got != (want != nil) {
				t.Errorf("%s on %q: MatchString %v, want %v", p, s, got, want != nil)
			}
			if got := l.FindAllStringSubmatchIndex(s, -1); !reflect.DeepEqual(got, want) {
				t.Errorf("%s on %q: FindAllStringSubmatchIndex %v, want %v", p, s, got, want)
			}
			if got, want := l.FindAllString(s, -1), re.FindAllString(s, -1); !reflect.DeepEqual(got, want) {
				t.Errorf("%s on %q: FindAllString %q, want %q", p, s, got, want)
			}
			if got, want := l.FindStringSubmatch(s), re.FindStringSubmatch(s); !reflect.DeepEqual(got, want) {
				t.Errorf("%s on %q: FindStringSubmatch %q, want %q", p, s, got, want)
			}
			if got, want := l.ReplaceAllString(s, "<$0>"), re.ReplaceAllString(s, "<$0>"); got != want {
				t.Errorf("%s on %q: ReplaceAllString %q, want %q", p, s, got, want)
			}
		}
	}
}

func TestContainsFoldASCII(t *testing.T) {
	for _, c := range []struct {
		text, lower string
		want        bool
	}{
		{"", "", true}, {"abc", "", true}, {"", "a", false}, {"Has No Edges", "has no edges", true},
		{"hhhhH has", "has", true}, {"hhhhH ha", "has", false}, {"xHAS", "has", true}, {"hash", "ash", true},
		{"a1b2", "1b", true}, {"a1b2", "2b", false}, {"HhHhHhas", "has", true}, {"ha", "has", false},
	} {
		if got := containsFoldASCII(c.text, c.lower); got != c.want {
			t.Errorf("containsFoldASCII(%q, %q) = %v, want %v", c.text, c.lower, got, c.want)
		}
	}
}

// FuzzSameMatches checks that the prefiltered patterns match any text
// exactly as the plain regexp does.
func FuzzSameMatches(f *testing.F) {
	pats := []string{
		`\bhow far\b`, `(?i)\b(?:from|at)\s+(\d+)`, `(?i)\bk[- ]?cores?\b`, `\b(list|which)\b[^.?]{0,30}\b(nodes|vertices)\b|\bwho is \S+ (connected|linked)`,
		`(?i)(?:node|vertex)\s+(\S+?)\s+(?:has no (?:edges|links)|is isolated)\b`, `(?i)\bshortest\b|(?i:é)`, `→|->`,
	}
	for _, s := range []string{"how far", "FROM 3", "\u212a-core", "list the nodes", "Node 7 has no edges", "\u017fhortest", "a → b", "\xff"} {
		f.Add(s)
	}
	ls := make([]*Regexp, len(pats))
	res := make([]*regexp.Regexp, len(pats))
	for i, p := range pats {
		ls[i], res[i] = New(p), regexp.MustCompile(p)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for i, l := range ls {
			want := res[i].FindAllStringSubmatchIndex(s, -1)
			if got := l.MatchString(s); got != (want != nil) {
				t.Errorf("%s on %q: MatchString %v, want %v", pats[i], s, got, want != nil)
			}
			if got := l.FindAllStringSubmatchIndex(s, -1); !reflect.DeepEqual(got, want) {
				t.Errorf("%s on %q: FindAllStringSubmatchIndex %v, want %v", pats[i], s, got, want)
			}
		}
	})
}

// FuzzPatterns checks the pattern reader on any pattern Go compiles: the
// prefiltered pattern matches the text exactly as the plain regexp does.
func FuzzPatterns(f *testing.F) {
	for _, c := range [][2]string{
		{`\bhow far\b`, "How far? how far"}, {`(?i)\b(?:from|at)\s+(\d+)`, "FROM 3"}, {`\b(a|b)\bc`, "a c b"},
		{`(?i)k[- ]?cores?|x`, "\u212a-CORE"}, {`[^\]a-c]x|[\-]y`, "-y dx"}, {`(?P<n>ab){2,}|c{0,1}d`, "ababd"},
		{`a(?i)b|c(?-i:D)`, "aB cd cD"}, {`\pL+\p{Greek}|\.\*`, "αβ .*"}, {`^(?:ab|cd)$`, "cd"}, {`[[:alpha:]]b|\x41`, "A ab"},
	} {
		f.Add(c[0], c[1])
	}
	f.Fuzz(func(t *testing.T, pat, text string) {
		re, err := regexp.Compile(pat)
		if err != nil || len(pat) > 200 {
			return
		}
		l := New(pat)
		want := re.FindAllStringSubmatchIndex(text, -1)
		if got := l.MatchString(text); got != (want != nil) {
			t.Fatalf("%q on %q: MatchString %v, want %v", pat, text, got, want != nil)
		}
		if got := l.FindAllStringSubmatchIndex(text, -1); !reflect.DeepEqual(got, want) {
			t.Fatalf("%q on %q: FindAllStringSubmatchIndex %v, want %v", pat, text, got, want)
		}
	})
}

// TestMinimalSameAsPairwise checks minimal against the plain pairwise
// test it skips pairs of (random literals over a few letters, folded and
// not).
func TestMinimalSameAsPairwise(t *testing.T) {
	pairwise := func(c []lit) clause {
		var out clause
		for i, l := range c {
			implied := false
			for j, o := range c {
				if i == j || (l.fold && !o.fold) {
					continue
				}
				hay := l.s
				if o.fold {
					hay = strings.ToLower(hay)
				}
				if strings.Contains(hay, o.s) && (len(o.s) < len(l.s) || o.fold != l.fold || j < i) {
					implied = true
					break
				}
			}
			if !implied {
				out = append(out, l)
			}
		}
		return out
	}
	rng := rand.New(rand.NewPCG(1, 2))
	letters := []string{"a", "b", "A", "\u212a", "k", "é", "@"}
	for range 3000 {
		c := make([]lit, rng.IntN(12))
		for i := range c {
			var b strings.Builder
			for range rng.IntN(4) {
				b.WriteString(letters[rng.IntN(len(letters))])
			}
			c[i] = lit{s: b.String(), fold: rng.IntN(3) == 0}
			if c[i].fold {
				c[i].s = strings.ToLower(c[i].s)
			}
		}
		if got, want := minimal(c), pairwise(c); !reflect.DeepEqual(got, want) {
			t.Fatalf("minimal(%v) = %v, want %v", c, got, want)
		}
	}
}
