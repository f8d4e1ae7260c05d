package windowtest

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// Xvfb is a private virtual X server a test starts (StartXvfb) and may kill
// while a program runs on it.
type Xvfb struct {
	// Display is the DISPLAY value that names it, ":N".
	Display string
	cmd     *exec.Cmd
	waited  chan struct{} // closed once the server's process was reaped
}

// startBound bounds the wait for a new server's display number: a bound
// on a hang, not a speed check.
const startBound = 30 * time.Second

// StartXvfb starts Xvfb on a free display (it picks the number itself,
// -displayfd) with a 640x480 screen; the test's cleanup kills it. Without
// Xvfb the test skips (fails under RequireGPU).
func StartXvfb(t testing.TB) *Xvfb {
	t.Helper()
	path, err := exec.LookPath("Xvfb")
	if err != nil {
		SkipOrFail(t, "Xvfb missing (Debian: apt-get install xvfb)", err)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	cmd := exec.Command(path, "-displayfd", "3", "-screen", "0", "640x480x24", "-nolisten", "tcp", "-noreset")
	cmd.ExtraFiles = []*os.File{w}
	// The malloc tunables keep a fresh server's per-frame cost flat.
	cmd.Env = append(os.Environ(), "GLIBC_TUNABLES=glibc.malloc.mmap_threshold=33554432:glibc.malloc.trim_threshold=67108864")
	var log strings.Builder
	cmd.Stdout, cmd.Stderr = &log, &log
	if err := cmd.Start(); err != nil {
		w.Close()
		t.Fatalf("start Xvfb: %v", err)
	}
	w.Close()
	x := &Xvfb{cmd: cmd, waited: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(x.waited) }()
	t.Cleanup(x.Kill)
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case n := <-line:
		if n == "" {
			x.Kill()
			t.Fatalf("Xvfb gave no display number; its output:\n%s", log.String())
		}
		x.Display = ":" + n
	case <-time.After(startBound):
		x.Kill()
		t.Fatalf("Xvfb did not say its display number within %v", startBound)
	}
	return x
}

// Kill kills the server and waits for its process to end; safe twice.
func (x *Xvfb) Kill() {
	if x.cmd.Process != nil {
		_ = x.cmd.Process.Kill()
	}
	<-x.waited
}

// errNoTitle is WaitForTitle's error when no window ever had a title that
// matched.
var errNoTitle = errors.New("no matching window title")

// WaitForTitle polls the server's top-level windows until one has a title
// (_NET_WM_NAME or WM_NAME) for which match is true, and returns it, or
// fails after timeout (a bound on a hang). It connects to the server only
// while it polls, so killing the server afterwards does not touch this
// process.
func (x *Xvfb) WaitForTitle(match func(string) bool, timeout time.Duration) (string, error) {
	deadline := time.Now().Add(timeout)
	var seen []string
	for {
		titles, err := windowTitles(x.Display)
		if err != nil {
			return "", fmt.Errorf("list windows on %s: %w", x.Display, err)
		}
		for _, s := range titles {
			if match(s) {
				return s, nil
			}
		}
		seen = titles
		if time.Now().After(deadline) {
			return "", fmt.Errorf("%w on %s within %v; titles seen last: %q", errNoTitle, x.Display, timeout, seen)
		}
		time.Sleep(50 * time.Millisecond)
	}
}
