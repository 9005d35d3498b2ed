// Command loadgen writes the random edge lists eval/bench/loading.sh loads:
// m lines "u v w" over n = m/8 nodes (uniform endpoints, weights 1-100),
// with integer node names ("123456") or string names ("user_" and a
// scattered base-36 number), and prints the number of distinct nodes and
// the bytes of their names.
//
//	go run ./eval/bench/loadgen -m 10000000 -names str -out edges.txt
package main

import (
	"bufio"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
)

func main() {
	m := flag.Int("m", 1_000_000, "number of edge lines")
	names := flag.String("names", "int", "node names: int or str")
	out := flag.String("out", "", "file to write")
	flag.Parse()
	if *out == "" || (*names != "int" && *names != "str") || *m < 8 {
		fmt.Fprintln(os.Stderr, "usage: loadgen -m M -names int|str -out FILE")
		os.Exit(2)
	}
	if err := write(*out, *m, *names == "str"); err != nil {
		fmt.Fprintln(os.Stderr, "loadgen:", err)
		os.Exit(1)
	}
}

func write(path string, m int, str bool) error {
	n := m / 8
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriterSize(f, 1<<20)
	r := rand.New(rand.NewPCG(42, uint64(m)))
	perm := r.Perm(n)
	name := func(b []byte, v int) []byte {
		if str {
			b = append(b, "user_"...)
			return strconv.AppendInt(b, int64(perm[v])*7919%1_000_003+100_000, 36)
		}
		return strconv.AppendInt(b, int64(v), 10)
	}
	seen := make([]bool, n)
	nodes, idBytes := 0, 0
	line := make([]byte, 0, 64)
	for range m {
		line = line[:0]
		for k := range 2 {
			v := r.IntN(n)
			start := len(line)
			line = name(line, v)
			if !seen[v] {
				seen[v] = true
				nodes++
				idBytes += len(line) - start
			}
			if k == 0 {
				line = append(line, ' ')
			}
		}
		line = append(line, ' ')
		line = strconv.AppendInt(line, int64(1+r.IntN(100)), 10)
		line = append(line, '\n')
		if _, err := w.Write(line); err != nil {
			return err
		}
	}
	if err := w.Flush(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	fmt.Printf("%d %d\n", nodes, idBytes)
	return nil
}
