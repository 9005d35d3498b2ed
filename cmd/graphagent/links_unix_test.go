//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRefuseHardLinksFlag: a hard link in the data folder to a file outside
// is read by default (documented) and refused, naming the file, with
// --refuse-hard-links, by ask and by tools run.
func TestRefuseHardLinksFlag(t *testing.T) {
	base := t.TempDir()
	data := filepath.Join(base, "data")
	if err := os.Mkdir(data, 0o700); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(base, "secret.edgelist")
	if err := os.WriteFile(secret, []byte("s1 s2\ns2 s3\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(secret, filepath.Join(data, "link.edgelist")); err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	for _, args := range [][]string{
		{"tools", "run", "node_count", "--graph", "link.edgelist"},
		{"ask", "--graph", "link.edgelist", "How many nodes are there?"},
	} {
		out, errOut, code := runCLI(t, append([]string{"--data", data, "--home", home}, args...)...)
		if code != exitOK || !strings.Contains(out, "3") {
			t.Errorf("%v without the flag: exit %d, %q %q", args, code, out, errOut)
		}
		out, errOut, code = runCLI(t, append([]string{"--data", data, "--home", home, "--refuse-hard-links"}, args...)...)
		if code == exitOK || !strings.Contains(errOut, `"link.edgelist"`) || !strings.Contains(errOut, "hard links") || strings.Contains(out, "3") {
			t.Errorf("%v with --refuse-hard-links: exit %d, %q %q", args, code, out, errOut)
		}
	}
}
