package eval

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/graphagent/graphagent/tools/dataset"
)

// NLGraphAnswer is the answer type of NLGraph items: the gold answer is the
// benchmark's answer text, judged by CheckNLGraph according to the item's
// task.
const NLGraphAnswer AnswerType = "nlgraph"

// ReadNLGraphDir reads the NLGraph items of a folder holding, per task,
// <task>.json or <task>.json.gz: one JSON object keyed by item id whose
// values have "question", "answer" and "difficulty" (the benchmark's
// published layout). tasks selects the tasks to read (all eight when
// empty); each selected task's file must exist. Items are ordered by task,
// then by numeric id; their IDs are "<task>/<id>".
func ReadNLGraphDir(ctx context.Context, dir string, tasks []string) ([]Item, error) {
	if len(tasks) == 0 {
		tasks = NLGraphTasks()
	}
	if _, err := selectTasks("nlgraph", tasks, NLGraphTasks()); err != nil {
		return nil, err
	}
	var items []Item
	for _, task := range tasks {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		raw, name, err := readMaybeGzip(filepath.Join(dir, task+".json"))
		if err != nil {
			return nil, fmt.Errorf("nlgraph: task %s: %w", task, err)
		}
		var file map[string]struct {
			Question   string `json:"question"`
			Answer     string `json:"answer"`
			Difficulty string `json:"difficulty"`
		}
		if err := json.Unmarshal(raw, &file); err != nil {
			return nil, fmt.Errorf("nlgraph: %s: %w", name, err)
		}
		keys := make([]string, 0, len(file))
		for k := range file {
			keys = append(keys, k)
		}
		sort.Slice(keys, func(i, j int) bool { return idLess(keys[i], keys[j]) })
		for _, k := range keys {
			rec := file[k]
			it, err := NLGraphItem(task, k, rec.Question, rec.Answer, rec.Difficulty)
			if err != nil {
				return nil, fmt.Errorf("nlgraph: %s: %w", name, err)
			}
			items = append(items, it)
		}
	}
	return items, nil
}

// NLGraphItem makes the item "<task>/<id>" of an NLGraph question and its
// gold answer text, with the gold tool, parameters and graph shape. It
// fails when the checker's reader cannot read the question or the answer.
func NLGraphItem(task, id, question, answer, difficulty string) (Item, error) {
	accepted, ok := nlTools[task]
	if !ok {
		return Item{}, fmt.Errorf("unknown NLGraph task %q", task)
	}
	ans, err := json.Marshal(answer)
	if err != nil {
		return Item{}, fmt.Errorf("item %s: %w", id, err)
	}
	it := Item{ID: task + "/" + id, Question: question, Task: task, Answer: ans, AnswerType: NLGraphAnswer,
		Tool: accepted[0], AltTools: accepted[1:], Description: difficulty}
	if err := it.Validate(); err != nil {
		return Item{}, err
	}
	p, err := parseNLGraph(task, question)
	if err != nil {
		return Item{}, fmt.Errorf("item %s: %w", id, err)
	}
	if _, err := parseNLGold(task, answer); err != nil {
		return Item{}, fmt.Errorf("item %s: answer: %w", id, err)
	}
	it.Graph = p.stats()
	it.Params = nlParams(task, p)
	return it, nil
}

// nlParams are the gold tool arguments of a question, for the parameter
// accuracy.
func nlParams(task string, p *nlProblem) map[string]any {
	s, t := strconv.Itoa(p.source), strconv.Itoa(p.target)
	switch task {
	case NLConnectivity, NLShortestPath:
		return map[string]any{"source": s, "target": t}
	case NLFlow:
		return map[string]any{"source": s, "sink": t}
	case NLGNN:
		return map[string]any{"rounds": float64(p.layers)}
	}
	return nil
}

// idLess orders item ids numerically when both are numbers.
func idLess(a, b string) bool {
	x, errA := strconv.Atoi(a)
	y, errB := strconv.Atoi(b)
	if errA == nil && errB == nil {
		return x < y
	}
	return a < b
}

// maxDataFile bounds a data file read into memory (decompressed).
const maxDataFile = 1 << 30

// existsMaybeGzip reports whether path or path+".gz" exists.
func existsMaybeGzip(path string) bool {
	for _, p := range []string{path, path + dataset.GzipExt} {
		if _, err := os.Stat(p); err == nil {
			return true
		}
	}
	return false
}

// readMaybeGzip reads path, or path+".gz" decompressed when path does not
// exist (dataset.Open's rule). It returns the content and the name of the
// file read.
func readMaybeGzip(path string) ([]byte, string, error) {
	name := path
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		name = path + dataset.GzipExt
		if _, err := os.Stat(name); errors.Is(err, fs.ErrNotExist) {
			return nil, path, fmt.Errorf("neither %s nor %s exists in %s", filepath.Base(path), filepath.Base(name), filepath.Dir(path))
		}
	}
	r, err := dataset.Open(name)
	if err != nil {
		return nil, name, err
	}
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, maxDataFile+1))
	if err != nil {
		return nil, name, err
	}
	if len(b) > maxDataFile {
		return nil, name, fmt.Errorf("%s: more than %d bytes decompressed", name, maxDataFile)
	}
	return b, name, nil
}
