package agent

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/graphagent/graphagent/internal/textutil"
)

// heldoutCase is one line of testdata/heldout/batch*.jsonl: an
// understandingCase (make_heldout.py writes the same fields) with the
// family of phrasings it comes from.
type heldoutCase struct {
	understandingCase
	Family string `json:"family"`
	// Also maps other tools whose answer is right too to that answer.
	Also map[string]json.RawMessage `json:"also"`
}

func loadHeldout(t *testing.T, name string) []heldoutCase {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "heldout", name))
	if err != nil {
		t.Fatal(err)
	}
	var cs []heldoutCase
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for n := 1; sc.Scan(); n++ {
		var c heldoutCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatalf("%s:%d: %v", name, n, err)
		}
		cs = append(cs, c)
	}
	return cs
}

// judgeHeldout judges like judgeUnderstanding, and also the check
// "nopath": the two nodes have no path between them, and the right answer
// says so (exit 0) rather than declining.
func judgeHeldout(c heldoutCase, ans *Answer, err error) (outcome, string) {
	if a, ok := heldoutOutgrown[c.ID]; ok && err == nil && ans != nil && !ans.Fallback {
		alt := c.understandingCase
		alt.Refuse, alt.Tools, alt.Answer, alt.Check, alt.Key = false, []string{a.tool}, a.answer, "value", a.key
		return judgeUnderstanding(alt, ans, err)
	}
	if want, ok := c.Also[toolOf(ans)]; ok && err == nil && !ans.Fallback {
		alt := c.understandingCase
		alt.Tools, alt.Answer, alt.Check, alt.Key = []string{ans.Tool}, want, "value", ""
		return judgeUnderstanding(alt, ans, err)
	}
	if c.Check != "nopath" {
		return judgeUnderstanding(c.understandingCase, ans, err)
	}
	if err != nil {
		return outRefused, err.Error()
	}
	if ans.Fallback {
		return outWrong, "answered by the analogical fallback: " + answerText(ans)
	}
	if !slices.Contains(c.Tools, ans.Tool) {
		return outWrong, fmt.Sprintf("tool %q, want one of %v", ans.Tool, c.Tools)
	}
	noPath := ans.Value == nil
	if m, ok := ans.Value.(map[string]any); ok {
		noPath = m["length"] == nil || m["reachable"] == false
	}
	if !noPath || !strings.Contains(strings.ToLower(ans.Answer), "no path") {
		return outWrong, fmt.Sprintf("there is no path from %s to %s, but the answer is %q", c.Source, c.Target, answerText(ans))
	}
	return outCorrect, ""
}

// heldoutOutgrown are held-out items written as "no tool answers this:
// refuse" that a catalogue tool added since answers: answered by that
// tool, they are judged against NetworkX's answer (in the comment) instead.
// The batches themselves stay as written.
var heldoutOutgrown = map[string]struct {
	tool, key string
	answer    json.RawMessage
}{
	// A GraphWiz substructure question (why: "subgraph isomorphism: no
	// tool"), answered by subgraph_is_monomorphic since issue 23:
	// DiGraphMatcher(G, a->b->c->a).subgraph_is_monomorphic() is True
	// (0->1->5->0), as GraphWiz's generator decides it.
	"h117": {tool: "subgraph_is_monomorphic", key: "exists", answer: json.RawMessage("true")},
}

// heldoutRatchet holds, per batch, the most wrong answers and the fewest
// correct ones main may have. The wrong counts may only go down and the
// correct counts only up; the first numbers (measured before any fix) are
// in the comments and in the README's section on the held-out set.
var heldoutRatchet = map[string]struct{ minCorrect, maxWrong int }{
	"batch1.jsonl":  {171, 0}, // "no path" answered, "connected" over ties between names: 171/0; h140 ("| before | after |" table); h164/h165 (lower-case names, relverbs); before any fix (main ae0dd8b): 146 correct, 25 refused, 9 wrong of 180 (139/25/16 with the first judge, before "also")
	"batch16.jsonl": {52, 4},  // list labels of words ("— twinned with A, B"), "A/B" pairs, API records no adjacency error: 52/4 (z097 "how many moves have I listed?" now read, answered by connected_components on retrieval alone); "strongly connected component" a concept of strongly_connected_components, "which ... smallest worst-case ... to everyone" the center: 47/3; Mermaid nodes named by their labels when the question asks by one: 46/5; after: "how few" asks a count, node objects' successor lists read, answers "in hours" of a graph without weights declined: 43/7; measured blind (main 7af004f, after this session's readers and intents, before any change made for it): 41 correct, 120 refused, 10 wrong of 171 (answerable 136: 8 correct, 120 refused, 8 wrong: z002 hop count by path_exists, z014 and z027 strong components by size and euler_circuit, z073 a chatbot flow's node-object "next" lists not read (no cycle), z118 center by radius, z138 z139 z141 a park map's ASCII sketch read as n0..n11; of 35 to refuse, 33 refused, 2 answered: z159 a product of link qualities by path_exists, z168 hours asked of an unweighted graph); the same items on 8f2497e (the session's start): 40 correct, 123 refused, 8 wrong (answerable 7 correct, 6 wrong)
	"batch15.jsonl": {60, 2},  // this session's readers (written before batch 15 was seen) and intents from its refusals: 51/2; measured blind (main 8f2497e, the session's start, before any change made for it): 43 correct, 113 refused, 2 wrong of 158 (answerable 122: 8 correct, 113 refused, 1 wrong: y008 a queen lineage "is it a proper tree" by cycle_check; of 36 to refuse, 35 refused, 1 answered: y158 a prediction about next season answered by degree)
	"batch14.jsonl": {51, 1},  // record lines of unknown words by assumed direction, "runs with" both ways, counts never by yes-or-no tools: 45/1; community tools only on a cue (w099, w101, w102 declined): 44/1; measured blind (main e85ced5, after this session's readers and intents, before any fix against it): 44 correct, 104 refused, 4 wrong of 152 (answerable 120: 13 correct, 104 refused, 3 wrong: w099, w101, w102 bus-network center, diameter and radius by louvain_communities; of 32 to refuse, 31 refused, 1 answered: w005 stairs asked of walking minutes); the same items on 7bf8f72 (the session's start): 41 correct, 107 refused, 4 wrong (answerable 10 correct)
	"batch13.jsonl": {56, 4},  // "X chose: A, B", "vs" pairs, k from "at least 3 others", phone trees: 56/5; "reports_to" columns, "the X" in node slots, hierarchy phrases: 55/5; pairs by "+", "&" and crosses, "no playmates yet: A, B", "how many steps from X to Y": 54/5; "no path" answered, "connected" over ties between names: 52/5; bare list weights, crowded arrows unsure, "going out": 51/5; phrases of seen items as declared intents, spaced lists in tables, "X has no roads" read: 50/7; measured blind (main 7bf8f72, before any fix against it): 48 correct, 100 refused, 7 wrong of 155 (answerable 124: 18 correct, 100 refused, 6 wrong: t003 a school-run tour by louvain_communities, t014 MST by transitivity, t026 a Wiki Game degree 5 for 4, t038 PageRank values, t090 kidney-exchange SCCs by cycle_check, t154 a sailing route by path_exists; of 31 to refuse, 30 refused, 1 answered: t079 counting Euler trails answered by euler_path)
	"batch12.jsonl": {63, 2},  // record lines of unknown words by assumed direction, "runs with" both ways, counts never by yes-or-no tools: 59/2; "X chose: A, B", "vs" pairs, k from "at least 3 others", phone trees: 57/2; phrases of seen items as declared intents, spaced lists in tables, "X has no roads" read: 54/2; "whose" names no node (s016 declined): 43/2; measured blind (main 5bf34e1, the same reading code as batch 11's score, before any fix against it): 43 correct, 95 refused, 3 wrong of 141 (answerable 109: 11 correct, 95 refused, 3 wrong: s013 bridges answered by edge_count, s016 "who did X reply to" by predecessors, s132 an order over a node "n0" not in the text; of 32 to refuse, 32 refused)
	"batch2.jsonl":  {45, 0},  // b039 (gapped "Bo with Cy") by heldout3; b036 (the router), b042 (owes Bo money) by relverbs; b043 (out-degree: how many does Lee follow) answered since humanq; measured blind (main ea531dd, before any fix against it): 36 correct, 10 refused, 4 wrong of 50
	"batch4.jsonl":  {84, 1},  // pairs by "+", "&" and crosses, "no playmates yet: A, B", "how many steps from X to Y": 82/1; "no path" answered, "connected" over ties between names: 81/1; phrases of seen items as declared intents, spaced lists in tables, "X has no roads" read: 80/1; record lines (logs, e-mailed pairs, step lists) and hop/bridge cues: 79/1; local doubt (prose numbers, file labels): 76/72/1; lower-case arrow lists ("ana → ben, cara", d028): 75/73/1; relations (chokepoint/density/matching/in-arrow intents, uncued topics declined, en-dash route lists) on tables: 74/74/1; tables: "Task | Depends on" lists 69/78/2; verb headers, lists, edge cells, boxes 68/79/2; since the edge-line quantities and multi-word names of stop 28: 66/81/2 (stop 20: 60/87/2); measured blind (main 45c401a, before any fix against it): 55 correct, 86 refused, 8 wrong of 149 (answerable 120: 27 correct, 86 refused, 7 wrong; of 29 to refuse, 28 refused and 1 answered)
	"batch5.jsonl":  {81, 2},  // "reports_to" columns, "the X" in node slots, hierarchy phrases: 81/2; phrases of seen items as declared intents, spaced lists in tables, "X has no roads" read: 80/2; tables by shape: 79/2; record lines (logs, e-mailed pairs, step lists) and hop/bridge cues: 78/2; relations stop 2 (bracketed labels, cited/ancestor/don't-cite-any intents): 73/79/2; relations (TikZ reader, en-dash route lists, "how many distinct stations") on tables: 67/85/2; tables (follower CSV, friends lists, router tables, Neo4j boxes): 62/89/3; lowest correct and most wrong seen: blind 44/107/3, rebased on main c8ff77f 46/105/3 (f074, f075 airline fares answered); measured blind (d1e9edc, before any fix against it): 44 correct, 107 refused, 3 wrong of 154 (answerable 123: 14 correct, 107 refused, 2 wrong; of 31 to refuse, 30 refused and 1 answered)
	"batch6.jsonl":  {58, 4},  // phrases of seen items as declared intents, spaced lists in tables, "X has no roads" read: 56/5; record lines (logs, e-mailed pairs, step lists) and hop/bridge cues: 54/5; 49/102/5 after vagueRanks (g147 declined); measured blind (826767d, before any fix against it): 48 correct, 102 refused, 6 wrong of 156 (answerable 120: 13 correct, 102 refused, 5 wrong; of 36 to refuse, 35 refused and 1 answered)
	"batch7.jsonl":  {42, 1},  // phrases of seen items as declared intents, spaced lists in tables, "X has no roads" read: 42/1; record lines (logs, e-mailed pairs, step lists) and hop/bridge cues: 41/1; measured blind (a778cba, before any fix against it): 38 correct, 144 refused, 1 wrong of 183 (answerable 145: 1 correct, 144 refused, 0 wrong; of 38 to refuse, 37 refused and 1 answered: k152, LeetCode 787 with a stop bound, answered as a plain shortest path)
	"batch8.jsonl":  {49, 0},  // "no path" answered, "connected" over ties between names: 49/0; phrases of seen items as declared intents, spaced lists in tables, "X has no roads" read: 48/0; tables by shape, unread number columns unsure: 47/0; record lines (logs, e-mailed pairs, step lists) and hop/bridge cues: 44/0; chromatic_number (m142 audited: answerable, gold 2): 40/126/0; local doubt, call arguments no tuples: 39/126/1; measured blind (7eafa95, before any fix against it): 36 correct, 128 refused, 2 wrong of 166 (answerable 131: 1 correct, 128 refused, 2 wrong; of 35 to refuse, 35 refused): m144 Airflow upstream tasks answered by cycle_check, m147 a cycle question answered by topological_sort
	"batch9.jsonl":  {38, 1},  // pairs by "+", "&" and crosses, "no playmates yet: A, B", "how many steps from X to Y": 38/1; "no path" answered, "connected" over ties between names: 37/1; phrases of seen items as declared intents, spaced lists in tables, "X has no roads" read: 36/1; measured blind (65e8b74, after this session's reader changes, before any fix against it): 34 correct, 127 refused, 1 wrong of 162 (answerable 131: 3 correct, 127 refused, 1 wrong: p047 Airflow/dbt cycle answered "no cycle"; of 31 to refuse, 31 refused)
	"batch10.jsonl": {68, 1},  // pairs by "+", "&" and crosses, "no playmates yet: A, B", "how many steps from X to Y": 68/1; "no path" answered, "connected" over ties between names: 64/1; phrases of seen items as declared intents, spaced lists in tables, "X has no roads" read: 62/1; bipartite tables, YAML mappings: 61/1; intents of how people ask, record lines no questions, legends explained in place, formulas unsure: 59/1 (seen); measured blind (main 2feb71f, after ShapeTable and the assumed direction, before any fix against it): 42 correct, 122 refused, 3 wrong of 167 (answerable 131: 6 correct, 122 refused, 3 wrong: q065 components of a radio net, q072 "passed on to" answered by edge_exists, q152 "downline a tree?" answered by cycle_check; of 36 to refuse, 36 refused)
	"batch11.jsonl": {63, 4},  // "X chose: A, B", "vs" pairs, k from "at least 3 others", phone trees: 56/4; "swapped with", "haven't swapped with anyone" read, negations never a name: 55/4; "reports_to" columns, "the X" in node slots, hierarchy phrases: 53/4; phrases of seen items as declared intents, spaced lists in tables, "X has no roads" read: 52/4; measured blind (main 995bcd7, after this session's readers and intents, before any fix against it): 46 correct, 118 refused, 5 wrong of 169 (answerable 130: 9 correct, 118 refused, 3 wrong: r095 Kafka sinks by topological_sort, r124/r126 DJ sets' Hamiltonian path and cycle by euler_path/euler_circuit; of 39 to refuse, 37 refused, 2 answered: r019 a cost asked of distances, r151 a state not in the machine)
	"batch3.jsonl":  {69, 0},  // record lines (logs, e-mailed pairs, step lists) and hop/bridge cues: 69/0; heldout3's readers (gapping, frames, legend, "from A to B, C to D", GraphML, route lists, "X has no friends"): 68/0; heldout3's fixes: 52/1; with planner3's (typos, everyday task words, two questions in one, asked pair not in graph): 58/0; measured blind (main ecefa8d, before any fix against it): 33 correct, 39 refused, 12 wrong of 84
}

// TestHeldout answers the held-out set — other benchmarks' and people's
// phrasings of graph questions that the code was not developed against —
// with the builtin backend and reports correct / refused / wrong per
// family of phrasings. It fails when a batch has more wrong answers, or
// fewer correct ones, than its ratchet allows. With
// GRAPHAGENT_HELDOUT_REPORT=FILE it writes the tables and every failure
// to FILE as Markdown.
func TestHeldout(t *testing.T) {
	a := newDataAgent(t)
	var report strings.Builder
	for _, batch := range slices.Sorted(maps.Keys(heldoutRatchet)) {
		cs := loadHeldout(t, batch)
		var total tally
		byFamily := map[string]*tally{}
		var fails []string
		for _, c := range cs {
			ans, err := a.Ask(context.Background(), c.Question)
			o, msg := judgeHeldout(c, ans, err)
			total.add(o)
			if byFamily[c.Family] == nil {
				byFamily[c.Family] = &tally{}
			}
			byFamily[c.Family].add(o)
			if o != outCorrect {
				kind := map[outcome]string{outRefused: "refused", outWrong: "WRONG"}[o]
				fails = append(fails, fmt.Sprintf("%s %s %s/%s: %s", kind, c.ID, c.Family, c.Task, textutil.Truncate(msg, 220)))
				t.Logf("%s %s %s/%s: %s\n\t%.200q", kind, c.ID, c.Family, c.Task, msg, c.Question)
			}
		}
		fmt.Fprintf(&report, "## %s: %d items; correct %d (%.1f%%), refused %d, wrong %d\n\n", batch, total.n, total.correct,
			pct(total.correct, total.n), total.refused, total.wrong)
		report.WriteString("| family | items | correct | refused | wrong | correct % |\n|---|---:|---:|---:|---:|---:|\n")
		for _, f := range slices.Sorted(maps.Keys(byFamily)) {
			x := byFamily[f]
			fmt.Fprintf(&report, "| %s | %d | %d | %d | %d | %.1f |\n", f, x.n, x.correct, x.refused, x.wrong, pct(x.correct, x.n))
		}
		report.WriteString("\nFailures:\n")
		for _, f := range fails {
			fmt.Fprintf(&report, "- %s\n", f)
		}
		report.WriteString("\n")
		r := heldoutRatchet[batch]
		if total.wrong > r.maxWrong {
			t.Errorf("%s: %d wrong, above the ratchet's %d", batch, total.wrong, r.maxWrong)
		}
		if total.correct < r.minCorrect {
			t.Errorf("%s: %d correct, below the ratchet's %d", batch, total.correct, r.minCorrect)
		}
	}
	t.Log("\n" + report.String())
	if path := os.Getenv("GRAPHAGENT_HELDOUT_REPORT"); path != "" {
		if err := os.WriteFile(path, []byte(report.String()), 0o644); err != nil {
			t.Error(err)
		}
	}
}

// TestHeldoutSetIsCurrent regenerates the held-out batches with NetworkX
// and checks that the committed files are what the generator writes.
func TestHeldoutSetIsCurrent(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("python3 with networkx is required to regenerate the held-out set: %v", err)
	}
	dir := t.TempDir()
	cmd := exec.Command("python3", "testdata/heldout/make_heldout.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_heldout.py: %v\n%s", err, msg)
	}
	// Batch 4 has its own generator, written blind to the others.
	cmd = exec.Command("python3", "testdata/heldout/make_batch4.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch4.py: %v\n%s", err, msg)
	}
	// Batch 5 too, written blind to the others and to batch 4.
	cmd = exec.Command("python3", "testdata/heldout/make_batch5.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch5.py: %v\n%s", err, msg)
	}
	// Batch 6 too, written blind to the others' items.
	cmd = exec.Command("python3", "testdata/heldout/make_batch6.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch6.py: %v\n%s", err, msg)
	}
	// Batch 7 too, written blind to the others' items.
	cmd = exec.Command("python3", "testdata/heldout/make_batch7.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch7.py: %v\n%s", err, msg)
	}
	// Batch 8 too, written blind to the others' items.
	cmd = exec.Command("python3", "testdata/heldout/make_batch8.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch8.py: %v\n%s", err, msg)
	}
	// Batch 9 too, written blind to the others' items and to batch 8.
	cmd = exec.Command("python3", "testdata/heldout/make_batch9.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch9.py: %v\n%s", err, msg)
	}
	// Batch 16 too, written blind to the others' items and to the reading code.
	cmd = exec.Command("python3", "testdata/heldout/make_batch16.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch16.py: %v\n%s", err, msg)
	}
	// Batch 15 too, written blind to the others' items and to the reading code.
	cmd = exec.Command("python3", "testdata/heldout/make_batch15.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch15.py: %v\n%s", err, msg)
	}
	// Batch 14 too, written blind to the others' items and to the reading code.
	cmd = exec.Command("python3", "testdata/heldout/make_batch14.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch14.py: %v\n%s", err, msg)
	}
	// Batch 13 too, written blind to the others' items and to the reading code.
	cmd = exec.Command("python3", "testdata/heldout/make_batch13.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch13.py: %v\n%s", err, msg)
	}
	// Batch 12 too, written blind to the others' items at the same time
	// as batch 11 (as a second batch 11, renamed).
	cmd = exec.Command("python3", "testdata/heldout/make_batch12.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch12.py: %v\n%s", err, msg)
	}
	// Batch 11 too, written blind to the others' items.
	cmd = exec.Command("python3", "testdata/heldout/make_batch11.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch11.py: %v\n%s", err, msg)
	}
	// Batch 10 too, written blind to the others' items.
	cmd = exec.Command("python3", "testdata/heldout/make_batch10.py", dir)
	cmd.Env = append(os.Environ(), "PYTHONHASHSEED=1")
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make_batch10.py: %v\n%s", err, msg)
	}
	for batch := range heldoutRatchet {
		want, err := os.ReadFile(filepath.Join("testdata", "heldout", batch))
		if err != nil {
			t.Fatal(err)
		}
		got, err := os.ReadFile(filepath.Join(dir, batch))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("make_heldout.py does not write testdata/heldout/%s; run python3 agent/testdata/heldout/make_heldout.py and commit both", batch)
		}
	}
}
