package audioout

import (
	"bytes"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"
)

// unansweringServer listens on a unix socket in a temporary folder,
// accepts every connection and never answers; it returns the server
// string for PULSE_SERVER.
func unansweringServer(t *testing.T) string {
	t.Helper()
	sock := filepath.Join(t.TempDir(), "native")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	done := make(chan struct{})
	go func() {
		defer close(done)
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		<-done
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	return "unix:" + sock
}

// TestA5_UnansweringServerKeepsStderr: with PULSE_SERVER naming a server
// that accepts and never answers, Open gives up after its time-out with
// an error saying so, and what the process writes to os.Stderr afterwards
// still reaches its stderr (a child process, whose stderr is captured).
func TestA5_UnansweringServerKeepsStderr(t *testing.T) {
	if os.Getenv("METRONOME_AUDIOOUT_CHILD") == "stderr" {
		start := time.Now()
		_, err := Open(Options{ConnectTimeout: 300 * time.Millisecond})
		fmt.Fprintf(os.Stderr, "child: open returned after %v: %v\n", time.Since(start).Round(time.Millisecond), err)
		fmt.Fprintln(os.Stderr, "child: stderr still reaches fd 2")
		os.Exit(0)
	}
	server := unansweringServer(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestA5_UnansweringServerKeepsStderr$", "-test.count=1")
	cmd.Env = append(os.Environ(), "METRONOME_AUDIOOUT_CHILD=stderr", "PULSE_SERVER="+server)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("child: %v; stderr:\n%s", err, stderr.String())
		}
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("the child did not end within 60 s; stderr so far:\n%s", stderr.String())
	}
	out := stderr.String()
	t.Logf("child's stderr:\n%s", out)
	if !strings.Contains(out, "did not answer within 300ms") {
		t.Errorf("the child's stderr does not say the server did not answer within 300ms")
	}
	if !strings.Contains(out, "child: stderr still reaches fd 2") {
		t.Errorf("a line written to os.Stderr after Open was lost")
	}
}

// TestA5_UnansweringServerTimesOut: Open against a server that never
// answers returns within its time-out (plus a generous margin for a
// loaded machine) with a time-out error, and the attempt it gave up ends
// on its own within the client library's 1 s request time-out: no
// goroutine is left.
func TestA5_UnansweringServerTimesOut(t *testing.T) {
	server := unansweringServer(t)
	t.Setenv("PULSE_SERVER", server)
	keep := goleak.IgnoreCurrent()
	const timeout = 200 * time.Millisecond
	start := time.Now()
	out, err := Open(Options{ConnectTimeout: timeout})
	took := time.Since(start)
	t.Logf("Open returned after %v: %v", took, err)
	if err == nil {
		out.Close()
		t.Fatal("Open succeeded against a server that never answers")
	}
	var te *timeoutError
	if !errors.As(err, &te) || !strings.Contains(err.Error(), "did not answer within 200ms") {
		t.Errorf("error %q, want the time-out said", err)
	}
	if took > timeout+2*time.Second {
		t.Errorf("Open took %v with a %v time-out", took, timeout)
	}
	// The library's own request time-out (1 s) ends the attempt.
	var left error
	for deadline := time.Now().Add(5 * time.Second); ; {
		if left = goleak.Find(keep); left == nil || time.Now().After(deadline) {
			break
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Logf("the abandoned attempt ended %v after Open began", time.Since(start).Round(10*time.Millisecond))
	if left != nil {
		t.Errorf("goroutines left %v after Open gave up: %v", time.Since(start), left)
	}
	// The default time-out is longer than the library's: its 1 s gives up
	// first, and is said as a time-out too.
	start = time.Now()
	_, err = Open(Options{})
	t.Logf("with the default time-out: after %v: %v", time.Since(start), err)
	if !errors.As(err, &te) {
		t.Errorf("error %q, want a time-out", err)
	}
}

// TestA5_NoServerIsQuiet: without a PulseAudio server, oto's ALSA
// fallback finds no device; the ALSA library's own messages stay off
// stderr (its error handler is silenced; stderr itself is left alone), so
// the game's one line is all a player sees.
func TestA5_NoServerIsQuiet(t *testing.T) {
	if os.Getenv("METRONOME_AUDIOOUT_CHILD") == "quiet" {
		_, err := Open(Options{})
		fmt.Fprintf(os.Stderr, "child: %v\n", err)
		os.Exit(0)
	}
	if _, err := os.Stat("/dev/snd"); err == nil {
		t.Skip("this machine has sound devices: ALSA would open one")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestA5_NoServerIsQuiet$", "-test.count=1")
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PULSE_SERVER=") && !strings.HasPrefix(kv, "XDG_RUNTIME_DIR=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, "METRONOME_AUDIOOUT_CHILD=quiet", "XDG_RUNTIME_DIR="+t.TempDir())
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("child: %v; stderr:\n%s", err, stderr.String())
	}
	out := stderr.String()
	t.Logf("child's stderr:\n%s", out)
	if !strings.HasPrefix(out, "child: audio output: no PulseAudio server and no ALSA device") {
		t.Errorf("want the child's one line first, got:\n%s", out)
	}
	if strings.Contains(out, "ALSA lib") {
		t.Errorf("the ALSA library's messages reached stderr")
	}
}
