// Package testserver starts throwaway Redis and PostgreSQL servers on free
// loopback ports for tests, from Debian's redis-server and postgresql
// binaries. A test that needs one calls Redis or Postgres: when the binary
// is missing the test skips, saying so, unless GRAPHAGENT_REQUIRE_SERVERS=1
// is set (CI sets it), when it fails. Servers keep their data in temporary
// folders and are stopped at the test's end; Stop and Start let a test take
// one down and bring it back on the same port.
package testserver

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// RequireEnv is the environment variable that turns a missing server binary
// into a test failure instead of a skip.
const RequireEnv = "GRAPHAGENT_REQUIRE_SERVERS"

// Server is a running (or stopped) throwaway server.
type Server struct {
	// Port is its loopback TCP port, the same across Stop and Start.
	Port int
	// URL is its connection URL: redis://127.0.0.1:PORT/0 or
	// postgres://postgres@127.0.0.1:PORT/postgres?sslmode=disable.
	URL string

	t     testing.TB
	start func() (*exec.Cmd, error)
	mu    sync.Mutex
	cmd   *exec.Cmd
	done  chan struct{}
}

// Stop stops the server (SIGKILL, so that nothing is flushed on the way
// down) and waits for it to exit.
func (s *Server) Stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd == nil {
		return
	}
	_ = s.cmd.Process.Signal(syscall.SIGKILL)
	<-s.done
	s.cmd = nil
}

// Start starts the server again on its port, failing the test when it does
// not come up.
func (s *Server) Start() {
	s.t.Helper()
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.cmd != nil {
		return
	}
	cmd, err := s.start()
	if err != nil {
		s.t.Fatalf("testserver: %v", err)
	}
	s.cmd = cmd
	s.done = make(chan struct{})
	go func(done chan struct{}) { _ = cmd.Wait(); close(done) }(s.done)
}

func missing(t testing.TB, what string) {
	t.Helper()
	if os.Getenv(RequireEnv) == "1" {
		t.Fatalf("%s is required (%s=1): install Debian's package or unset it", what, RequireEnv)
	}
	t.Skipf("%s not installed (Debian: apt-get install redis-server postgresql); %s=1 makes this a failure", what, RequireEnv)
}

// freePort returns a loopback port that was free a moment ago.
func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("testserver: no free port: %v", err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// Redis starts a redis-server on a free loopback port, its files in a
// temporary folder, without persistence unless args (more redis-server
// options, such as "--appendonly", "yes") ask for it.
func Redis(t testing.TB, args ...string) *Server {
	t.Helper()
	bin, err := exec.LookPath("redis-server")
	if err != nil {
		missing(t, "redis-server")
	}
	port := freePort(t)
	dir := t.TempDir()
	s := &Server{Port: port, URL: fmt.Sprintf("redis://127.0.0.1:%d/0", port), t: t}
	s.start = func() (*exec.Cmd, error) {
		cmd := exec.Command(bin, append([]string{"--port", strconv.Itoa(port), "--bind", "127.0.0.1", "--dir", dir, "--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"}, args...)...)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			return nil, fmt.Errorf("starting redis-server: %w", err)
		}
		if err := waitFor(10*time.Second, func() error { return redisPing(port) }); err != nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			return nil, fmt.Errorf("redis-server on port %d did not answer: %w\n%s", port, err, out.String())
		}
		return cmd, nil
	}
	s.Start()
	t.Cleanup(s.Stop)
	return s
}

func redisPing(port int) error {
	c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), time.Second)
	if err != nil {
		return err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(time.Second))
	if _, err := c.Write([]byte("PING\r\n")); err != nil {
		return err
	}
	buf := make([]byte, 7)
	n, err := c.Read(buf)
	if err != nil {
		return err
	}
	if !strings.HasPrefix(string(buf[:n]), "+PONG") {
		return fmt.Errorf("PING answered %q", buf[:n])
	}
	return nil
}

// pgBin finds a PostgreSQL program: on PATH, else in Debian's
// /usr/lib/postgresql/VERSION/bin (the newest version).
func pgBin(name string) (string, error) {
	if p, err := exec.LookPath(name); err == nil {
		return p, nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return pgVersion(dirs[i]) > pgVersion(dirs[j]) })
	for _, d := range dirs {
		if p := filepath.Join(d, name); fileExists(p) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: %w", name, exec.ErrNotFound)
}

func pgVersion(binDir string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(binDir)))
	return v
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// Postgres starts a PostgreSQL server (trust authentication, user
// postgres, no fsync: a killed server keeps every commit, which reaches the
// kernel before it is acknowledged, though a machine crash would not) in a fresh cluster on a free loopback port. As root
// the cluster belongs to the postgres user (PostgreSQL refuses to run as
// root).
func Postgres(t testing.TB) *Server {
	t.Helper()
	initdb, err1 := pgBin("initdb")
	postgres, err2 := pgBin("postgres")
	if err1 != nil || err2 != nil {
		missing(t, "PostgreSQL (initdb and postgres)")
	}
	dir, err := os.MkdirTemp("", "graphagent-pg-")
	if err != nil {
		t.Fatalf("testserver: %v", err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	var cred *syscall.Credential
	if os.Geteuid() == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			t.Fatalf("testserver: running as root, PostgreSQL needs the postgres user: %v", err)
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		cred = &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}
		if err := os.Chown(dir, uid, gid); err != nil {
			t.Fatalf("testserver: %v", err)
		}
	}
	data := filepath.Join(dir, "data")
	cmd := exec.Command(initdb, "-D", data, "-U", "postgres", "-A", "trust", "-E", "UTF8", "--no-sync", "--no-instructions")
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("testserver: initdb: %v\n%s", err, out)
	}
	port := freePort(t)
	s := &Server{Port: port, URL: fmt.Sprintf("postgres://postgres@127.0.0.1:%d/postgres?sslmode=disable", port), t: t}
	s.start = func() (*exec.Cmd, error) {
		cmd := exec.Command(postgres, "-D", data, "-p", strconv.Itoa(port), "-k", dir,
			"-c", "listen_addresses=127.0.0.1", "-c", "fsync=off",
			"-c", "full_page_writes=off", "-c", "shared_buffers=32MB", "-c", "max_connections=100")
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: cred}
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Start(); err != nil {
			return nil, fmt.Errorf("starting postgres: %w", err)
		}
		if err := waitFor(30*time.Second, func() error { return pgReady(port) }); err != nil {
			_ = cmd.Process.Kill()
			_ = cmd.Wait()
			return nil, fmt.Errorf("postgres on port %d did not come up: %w\n%s", port, err, out.String())
		}
		return cmd, nil
	}
	s.Start()
	t.Cleanup(s.Stop)
	return s
}

// pgReady asks pg_isready when it is there, else whether the port accepts
// connections.
func pgReady(port int) error {
	if isready, err := pgBin("pg_isready"); err == nil {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		out, err := exec.CommandContext(ctx, isready, "-h", "127.0.0.1", "-p", strconv.Itoa(port), "-U", "postgres").CombinedOutput()
		if err != nil {
			return fmt.Errorf("pg_isready: %w: %s", err, bytes.TrimSpace(out))
		}
		return nil
	}
	c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), time.Second)
	if err != nil {
		return err
	}
	return c.Close()
}

func waitFor(limit time.Duration, ready func() error) error {
	deadline := time.Now().Add(limit)
	err := errors.New("not tried")
	for time.Now().Before(deadline) {
		if err = ready(); err == nil {
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return err
}
