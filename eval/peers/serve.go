package main

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
)

// peer is a Python process (peers.py --serve) holding one graph file loaded
// in NetworkX or igraph and timing one algorithm for each name it is sent,
// so that eval/peers can ask it right after timing graphagent's tool and
// both sides see the same machine load.
type peer struct {
	lib   string
	cmd   *exec.Cmd
	in    io.WriteCloser
	out   *bufio.Scanner
	ready int // edges the library read
}

// peerRecord is one line of peers.py's output.
type peerRecord struct {
	File, Algo, Skipped string
	Seconds, CPU        float64
	Value               *float64
	Ready               *int
}

// startPeer starts peers.py on one file; wait reads its "ready" line.
func startPeer(ctx context.Context, lib, py, path string) (*peer, error) {
	cmd := exec.CommandContext(ctx, py, filepath.Join(sourceDir(), "peers.py"), "--lib", lib, "--serve", path)
	cmd.Stderr = os.Stderr
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", lib, err)
	}
	sc := bufio.NewScanner(outPipe)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	return &peer{lib: lib, cmd: cmd, in: in, out: sc}, nil
}

// read is the peer's next output line.
func (p *peer) read() (peerRecord, error) {
	var rec peerRecord
	if !p.out.Scan() {
		err := p.out.Err()
		if err == nil {
			err = io.ErrUnexpectedEOF
		}
		return rec, fmt.Errorf("%s: %w", p.lib, err)
	}
	if err := json.Unmarshal(p.out.Bytes(), &rec); err != nil {
		return rec, fmt.Errorf("%s output: %w", p.lib, err)
	}
	return rec, nil
}

// wait blocks until the peer has read its file.
func (p *peer) wait() error {
	rec, err := p.read()
	if err != nil {
		return err
	}
	if rec.Ready == nil {
		return fmt.Errorf("%s: no ready line", p.lib)
	}
	p.ready = *rec.Ready
	return nil
}

// time asks the peer to time one algorithm (an -algos name).
func (p *peer) time(algo string) (timing, error) {
	if _, err := fmt.Fprintln(p.in, algo); err != nil {
		return timing{}, fmt.Errorf("%s: %w", p.lib, err)
	}
	rec, err := p.read()
	if err != nil {
		return timing{}, err
	}
	if rec.Algo != algo {
		return timing{}, fmt.Errorf("%s answered %q for %q", p.lib, rec.Algo, algo)
	}
	t := timing{seconds: rec.Seconds, cpu: rec.CPU, skipped: skipMark(rec.Skipped)}
	if rec.Value != nil {
		t.value, t.hasVal = *rec.Value, true
	}
	return t, nil
}

// close ends the peer's input and waits for it to exit.
func (p *peer) close() error {
	err := p.in.Close()
	if werr := p.cmd.Wait(); werr != nil && err == nil {
		err = fmt.Errorf("%s: %w", p.lib, werr)
	}
	return err
}

// closeAll closes every peer, joining their errors.
func closeAll(peers []*peer) error {
	var errs []error
	for _, p := range peers {
		errs = append(errs, p.close())
	}
	return errors.Join(errs...)
}
