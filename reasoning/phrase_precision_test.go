package reasoning

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/lang"
)

// TestPhrasePrecision measures candidate intent phrases before they are
// declared on a tool: for each line "tool<TAB>phrase" of the file named by
// GRAPHAGENT_PHRASES it counts the held-out, understanding and forms items
// the phrase matches, good when the tool is among the item's tools or also,
// bad otherwise (an item to refuse counts bad), and lists the bad ones:
//
//	GRAPHAGENT_PHRASES=/tmp/p.tsv go test ./reasoning -run TestPhrasePrecision -v
//
// It is a developer's measurement, like GRAPHAGENT_HELDOUT_REPORT, and runs
// only when asked.
func TestPhrasePrecision(t *testing.T) {
	f := os.Getenv("GRAPHAGENT_PHRASES")
	if f == "" {
		t.Skip("GRAPHAGENT_PHRASES names no file of candidate phrases")
	}
	type item struct {
		ID       string   `json:"id"`
		Question string   `json:"question"`
		Tools    []string `json:"tools"`
		Also     []any    `json:"also"`
		Neg      []string `json:"neg_tools"`
		Refuse   bool     `json:"refuse"`
	}
	var items []item
	files, _ := filepath.Glob("../agent/testdata/heldout/batch*.jsonl")
	extra := []string{"../agent/testdata/understanding/questions.jsonl", "../agent/testdata/questions.jsonl", "../agent/testdata/forms.jsonl"}
	files = append(files, extra...)
	for _, fn := range files {
		fh, err := os.Open(fn)
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(fh)
		sc.Buffer(make([]byte, 1<<20), 1<<24)
		for sc.Scan() {
			var it item
			if json.Unmarshal(sc.Bytes(), &it) == nil {
				items = append(items, it)
			}
		}
		fh.Close()
	}
	lw := lexWords(lang.Default())
	data, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		tool, ph, ok := strings.Cut(line, "\t")
		if !ok {
			continue
		}
		src, _, err := phraseRegexp(ph, lw)
		if err != nil {
			t.Errorf("%s %q: %v", tool, ph, err)
			continue
		}
		re := regexp.MustCompile(src)
		good, bad := 0, 0
		var bads []string
		for _, it := range items {
			if !re.MatchString(lowerCorrected(it.Question)) {
				continue
			}
			ok := false
			for _, x := range it.Tools {
				ok = ok || x == tool
			}
			for _, x := range it.Also {
				if s, isS := x.(string); isS && s == tool {
					ok = true
				}
				if m, isM := x.(map[string]any); isM && m["tool"] == tool {
					ok = true
				}
			}
			if it.Refuse {
				ok = false
			}
			if ok {
				good++
			} else {
				bad++
				bads = append(bads, it.ID+fmt.Sprint(it.Tools))
			}
		}
		t.Logf("%-24s good=%-3d bad=%-3d %q %v", tool, good, bad, ph, bads)
	}
	t.Logf("items: %d", len(items))
}
