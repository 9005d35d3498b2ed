package lazyre

import (
	"reflect"
	"regexp"
	"strings"
	"testing"
)

func TestASCIIForm(t *testing.T) {
	for src, want := range map[string]string{
		`[\p{L}\p{N}_]+`:              `[a-zA-Z0-9_]+`,
		`\pL\pN`:                      `[a-zA-Z][0-9]`,
		`(?i)\b\p{Lu}[\p{L}'-]*`:      `(?i)\b[A-Z][a-zA-Z'-]*`,
		`[^\p{Ll}\]]x`:                `[^a-z\]]x`,
		`[]\pL]`:                      `[]a-zA-Z]`,
		`[[:alpha:]\pN]`:              `[[:alpha:]0-9]`,
		`é\x{e9}[\p{N}é]`:             `é\x{e9}[0-9é]`,
		`\\p{L}\p{L}`:                 `\\p{L}[a-zA-Z]`,
		`[\p{Ll}\p{N}]\.\p{Lu}\p{Ll}`: `[a-z0-9]\.[A-Z][a-z]`,
	} {
		got, ok := ASCIIForm(src)
		if !ok || got != want {
			t.Errorf("ASCIIForm(%s) = %s, %v; want %s", src, got, ok, want)
		}
	}
	for _, src := range []string{`abc`, `\PL`, `\p{Greek}`, `\Q\pL\E`, `[\pL`, `\\pL`} {
		if got, ok := ASCIIForm(src); ok {
			t.Errorf("ASCIIForm(%s) = %s; want none", src, got)
		}
	}
}

// TestASCIIFormSameMatches: on ASCII texts (every ASCII character among
// words, digits and names) the ASCII form finds what the pattern finds.
func TestASCIIFormSameMatches(t *testing.T) {
	var all strings.Builder
	for c := 0; c < 128; c++ {
		all.WriteByte(byte(c))
		all.WriteString(" a")
		all.WriteByte(byte(c))
		all.WriteString("Z9 ")
	}
	texts := []string{
		all.String(), "Anna Karenina met node 7 and KELVIN k; s_1 is x-y.", "start node 0.You can choose",
		"Is Bob's friend 'C' linked to D-E? edge A-B, (3, 4)", "",
	}
	pats := []string{
		`["'\x60]?([\p{L}\p{N}_](?:[\p{L}\p{N}_.:'-]*[\p{L}\p{N}_])?)["'\x60]?`,
		`(?i)\b(?:node|vertex)\s+["'\x60]?([\p{L}\p{N}_](?:[\p{L}\p{N}_.:'-]*[\p{L}\p{N}_])?)`,
		`(\p{Lu}[\p{L}'-]*(?:\s+\p{Lu}[\p{L}'-]*){0,3})`, `(?i)\p{Lu}+`, `(?i)[^\p{L}]+`, `[\p{Ll}\p{N}]\.\p{Lu}\p{Ll}`,
		`(?i)\b(?:edge|link|arc)\s+["'\x60]?([\p{L}\p{N}_]+)\s*(?:-|–|—|--)\s*([\p{L}\p{N}_]+)`, `\pN+|\pL+`,
	}
	for _, p := range pats {
		a, ok := ASCIIForm(p)
		if !ok {
			t.Fatalf("%s: no ASCII form", p)
		}
		re, ra := regexp.MustCompile(p), regexp.MustCompile(a)
		for _, s := range texts {
			if got, want := ra.FindAllStringSubmatchIndex(s, -1), re.FindAllStringSubmatchIndex(s, -1); !reflect.DeepEqual(got, want) {
				t.Errorf("%s on %.40q: ASCII form %v, want %v", p, s, got, want)
			}
		}
		l := New(p)
		for _, s := range append(texts, "Ünal and Łukasz, node é7") {
			if got, want := l.FindAllStringSubmatchIndex(s, -1), re.FindAllStringSubmatchIndex(s, -1); !reflect.DeepEqual(got, want) {
				t.Errorf("New(%s) on %.40q: %v, want %v", p, s, got, want)
			}
		}
	}
}
