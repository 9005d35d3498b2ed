package statement

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strings"
)

// ErrPromptLine means a line of a prompt file is not in Graph-ToolFormer's
// "Input: … Output: … Reasoning Result: …" format.
var ErrPromptLine = errors.New("not a Graph-ToolFormer prompt line")

// Example is one line of Graph-ToolFormer's prompt files: a sentence, the
// same sentence with API calls inserted, and what running them gave.
type Example struct {
	// Input is the sentence, possibly with a [TBR] placeholder.
	Input string
	// Output is the sentence with the calls.
	Output string
	// Result is the recorded "Reasoning Result" without its final period,
	// empty when the line has none (the graph loading set).
	Result string
	// Tag is the generation tag that ends the graph loading set's lines
	// ("generated_data_loading_prompt_data_52_03-26-2023-13:36:13").
	Tag string
}

// Results splits Result into the results of the calls, in call order
// (several are joined with " <||> ").
func (e Example) Results() []string {
	if e.Result == "" {
		return nil
	}
	parts := strings.Split(e.Result, "<||>")
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

const (
	inputMark  = "Input:"
	outputMark = " Output:"
	resultMark = " Reasoning Result:"
	tagPrefix  = "generated_"
)

// ParseExample splits one prompt line into its fields. Errors wrap
// ErrPromptLine.
func ParseExample(line string) (Example, error) {
	line = strings.TrimSpace(line)
	rest, ok := strings.CutPrefix(line, inputMark)
	if !ok {
		return Example{}, fmt.Errorf("%w: it does not start with %q", ErrPromptLine, inputMark)
	}
	in, out, ok := strings.Cut(rest, outputMark)
	if !ok {
		return Example{}, fmt.Errorf("%w: no %q", ErrPromptLine, strings.TrimSpace(outputMark))
	}
	ex := Example{Input: strings.TrimSpace(in)}
	if i := strings.LastIndex(out, resultMark); i >= 0 {
		ex.Result = strings.TrimSuffix(strings.TrimSpace(out[i+len(resultMark):]), ".")
		out = out[:i]
	} else if i := strings.LastIndex(out, " "+tagPrefix); i >= 0 && !strings.ContainsAny(out[i+1:], " \t") {
		ex.Tag = out[i+1:]
		out = out[:i]
	}
	ex.Output = strings.TrimSpace(out)
	return ex, nil
}

// ReadExamples reads a prompt file, one example per non-empty line. The
// error names the line.
func ReadExamples(r io.Reader) ([]Example, error) {
	var out []Example
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), 16<<20)
	for n := 1; sc.Scan(); n++ {
		if strings.TrimSpace(sc.Text()) == "" {
			continue
		}
		ex, err := ParseExample(sc.Text())
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		out = append(out, ex)
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return out, nil
}
