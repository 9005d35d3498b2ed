package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"github.com/graphagent/graphagent/memory"
	"github.com/graphagent/graphagent/reasoning/statement"
)

// promptSource is the Source of the long-term memory examples imported
// from Graph-ToolFormer prompt files; the LLM translator of 'graphagent
// run' takes its few-shot examples from them.
const promptSource = memory.SourceGraphToolFormer

// gzipMagic starts every gzip stream.
var gzipMagic = []byte{0x1f, 0x8b}

// importReader prepares a memory import input: a gzip-compressed file is
// decompressed, and a Graph-ToolFormer prompt file ("Input: … Output: …
// Reasoning Result: …" lines) becomes JSON Lines of examples, one per
// prompt line, so that line numbers in errors stay the prompt file's.
// Anything else passes through as JSON Lines. At most maxBytes bytes are
// read, after decompression: a small .gz may hold gigabytes.
func importReader(in io.Reader, maxBytes int64) (io.Reader, bool, error) {
	br := bufio.NewReader(in)
	if head, _ := br.Peek(2); bytes.Equal(head, gzipMagic) {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, false, err
		}
		br = bufio.NewReader(&boundedReader{r: zr, left: maxBytes, limit: maxBytes, what: "decompressed"})
	} else {
		br = bufio.NewReader(&boundedReader{r: br, left: maxBytes, limit: maxBytes})
	}
	head, _ := br.Peek(64)
	if !bytes.HasPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("Input:")) {
		return br, false, nil
	}
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	sc := bufio.NewScanner(br)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if strings.TrimSpace(line) == "" {
			out.WriteByte('\n')
			continue
		}
		ex, err := statement.ParseExample(line)
		if err != nil {
			return nil, true, &memory.LineError{Line: n, Err: fmt.Errorf("%w: %w", err, memory.ErrInvalid)}
		}
		if err := enc.Encode(promptExample(ex)); err != nil {
			return nil, true, err
		}
	}
	if err := sc.Err(); err != nil {
		return nil, true, err
	}
	return &out, true, nil
}

// boundedReader reads at most limit bytes of r, then fails saying so.
type boundedReader struct {
	r           io.Reader
	left, limit int64
	what        string // "decompressed", or empty
}

func (b *boundedReader) Read(p []byte) (int, error) {
	if b.left <= 0 {
		// One byte more tells an input of exactly limit bytes from a
		// longer one.
		var one [1]byte
		if n, _ := b.r.Read(one[:]); n == 0 {
			return 0, io.EOF
		}
		what := "the input"
		if b.what != "" {
			what = "the " + b.what + " input"
		}
		return 0, fmt.Errorf("%s is larger than %d bytes (--max-bytes): %w", what, b.limit, memory.ErrInvalid)
	}
	if int64(len(p)) > b.left {
		p = p[:b.left]
	}
	n, err := b.r.Read(p)
	b.left -= int64(n)
	return n, err
}

// promptExample is the memory example of one prompt line: the sentence is
// the question, the statement with its calls the answer (and the args'
// "statement"), the recorded result the value.
func promptExample(ex statement.Example) memory.Example {
	args, _ := json.Marshal(map[string]string{"statement": ex.Output})
	m := memory.Example{Question: ex.Input, Answer: ex.Output, Args: args, Source: promptSource}
	if ex.Result != "" {
		m.Value, _ = json.Marshal(ex.Result)
	}
	return m
}

// memoryExamples is the LLM translator's few-shot source: the imported
// prompts in long-term memory most similar to the sentence, or, when memory
// holds none, the builtin translator's nearest examples.
type memoryExamples struct {
	store    *memory.Store
	fallback statement.ExampleSource
}

// SimilarExamples searches memory, then the fallback.
func (m memoryExamples) SimilarExamples(ctx context.Context, sentence string, k int) ([]statement.Example, error) {
	if m.store != nil {
		hits, err := m.store.SearchExamples(ctx, sentence, memory.ExampleQuery{K: k, Source: promptSource})
		if err != nil {
			return nil, err
		}
		if len(hits) > 0 {
			out := make([]statement.Example, 0, len(hits))
			for _, h := range hits {
				out = append(out, statement.Example{Input: h.Question, Output: h.Answer})
			}
			return out, nil
		}
	}
	if m.fallback == nil {
		return nil, nil
	}
	return m.fallback.SimilarExamples(ctx, sentence, k)
}
