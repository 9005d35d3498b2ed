// Package pyoracle runs the differential tests' Python oracles: a script
// (NetworkX, usually) that reads one JSON case per line on stdin and
// writes one JSON answer per line on stdout, all cases in one process.
package pyoracle

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os/exec"
	"path/filepath"
	"testing"
)

// Run sends every case to the python3 script (a path relative to the
// test's folder) and returns its answers in order. It fails the test when
// python3 or the script fails, an answer is not JSON, or the script
// answers a different number of cases.
func Run[Case, Answer any](t testing.TB, script string, cases []Case) []Answer {
	t.Helper()
	if _, err := exec.LookPath("python3"); err != nil {
		t.Fatalf("python3 with networkx is required for the differential tests (Debian: python3-networkx): %v", err)
	}
	var in bytes.Buffer
	enc := json.NewEncoder(&in)
	for _, c := range cases {
		if err := enc.Encode(c); err != nil {
			t.Fatal(err)
		}
	}
	abs, _ := filepath.Abs(script)
	cmd := exec.Command("python3", abs)
	cmd.Stdin = &in
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s (needs python3 with networkx): %v\n%s", script, err, stderr.String())
	}
	answers := make([]Answer, 0, len(cases))
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<28)
	for sc.Scan() {
		var a Answer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			t.Fatalf("%s: answer %d: %v", script, len(answers)+1, err)
		}
		answers = append(answers, a)
	}
	if err := sc.Err(); err != nil {
		t.Fatalf("%s: %v", script, err)
	}
	if len(answers) != len(cases) {
		t.Fatalf("%s answered %d of %d cases\n%s", script, len(answers), len(cases), stderr.String())
	}
	return answers
}
