package memory

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

const (
	helperEnv   = "GRAPHAGENT_MEMORY_CRASH_DIR"
	crashTotal  = 4000
	crashBatch  = 40
	crashKillAt = 800 // acknowledged records seen before the kill
)

// word spells i in letters: the builtin encoder ignores digits, so records
// must differ by words to be told apart by a search.
func word(i int) string {
	var b []byte
	for i++; i > 0; i /= 26 {
		b = append(b, byte('a'+i%26))
	}
	return string(b)
}

func crashQuestion(i int) string {
	return fmt.Sprintf("record %s%s about %s", word(i), word(i*7+3), word(i*13+5))
}

// slowRecords streams crashTotal JSONL examples, pausing now and then so
// that the import is still running when the parent kills it.
type slowRecords struct {
	i   int
	buf []byte
}

func (r *slowRecords) Read(p []byte) (int, error) {
	for len(r.buf) == 0 {
		if r.i == crashTotal {
			return 0, io.EOF
		}
		if r.i%crashBatch == 0 {
			time.Sleep(10 * time.Millisecond)
		}
		r.buf = fmt.Appendf(nil, "{\"id\":\"r%d\",\"question\":%q,\"tool\":\"t%d\"}\n", r.i, crashQuestion(r.i), r.i%3)
		r.i++
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

// TestHelperImport is the child process of TestCrashMidImport: it imports
// into the store named by the env var and prints "ack N" after each durable
// batch. It does nothing in a normal test run.
func TestHelperImport(t *testing.T) {
	dir := os.Getenv(helperEnv)
	if dir == "" {
		return // only runs as the child of TestCrashMidImport
	}
	s, err := Open(context.Background(), dir, builtin())
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	_, err = s.Import(context.Background(), &slowRecords{}, ImportOptions{
		BatchSize: crashBatch,
		OnAck: func(n, _ int) {
			// Unbuffered: the line is out before the next batch starts.
			fmt.Fprintf(os.Stdout, "ack %d\n", n)
		},
	})
	if err != nil {
		fmt.Println("error", err)
		os.Exit(3)
	}
	fmt.Println("done")
	os.Exit(0)
}

// TestCrashMidImport kills an importing process with SIGKILL and checks that
// every record it acknowledged is in the reopened store and searchable.
func TestCrashMidImport(t *testing.T) {
	dir := t.TempDir()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperImport$", "-test.count=1")
	cmd.Env = append(os.Environ(), helperEnv+"="+dir)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	acked, killed := 0, false
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		line := sc.Text()
		if n, ok := strings.CutPrefix(line, "ack "); ok {
			v, err := strconv.Atoi(n)
			if err != nil {
				t.Fatalf("bad helper line %q", line)
			}
			acked = v
			if !killed && acked >= crashKillAt {
				if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
					t.Fatal(err)
				}
				killed = true
			}
		} else if strings.HasPrefix(line, "error") {
			t.Fatalf("helper: %s", line)
		}
	}
	werr := cmd.Wait()
	if !killed {
		t.Fatalf("helper finished before the kill (acked %d): %v", acked, werr)
	}
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("helper was not killed by SIGKILL: %v", werr)
	}
	if acked >= crashTotal {
		t.Fatalf("helper acknowledged all %d records before the kill landed; nothing was interrupted", acked)
	}
	t.Logf("killed after %d acknowledged records of %d", acked, crashTotal)

	s := openT(t, dir, builtin())
	defer s.Close()
	t.Logf("reopened store holds %d records", s.Len())
	if s.Len() < acked {
		t.Fatalf("reopened store holds %d records, %d were acknowledged", s.Len(), acked)
	}
	ctx := context.Background()
	for i := 0; i < acked; i++ {
		id := "r" + strconv.Itoa(i)
		ex, ok := s.Example(id)
		if !ok || ex.Question != crashQuestion(i) {
			t.Fatalf("acknowledged record %s lost or changed: %+v", id, ex)
		}
		if i%97 == 0 || i == acked-1 {
			hits, err := s.SearchExamples(ctx, crashQuestion(i), ExampleQuery{K: 1, Tool: ex.Tool})
			if err != nil || len(hits) != 1 || hits[0].ID != id {
				t.Fatalf("acknowledged record %s not found by search: %v, %v", id, exIDs(hits), err)
			}
		}
	}
	// The store stays writable after the crash.
	if err := s.AddExamples(ctx, []Example{{ID: "after", Question: "written after the crash"}}); err != nil {
		t.Fatal(err)
	}
}
