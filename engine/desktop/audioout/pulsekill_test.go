package audioout

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/audio"
)

// privatePulse is a PulseAudio server of the test's own (as
// scripts/pulse.sh starts one), which the test may kill and restart on
// the same socket.
type privatePulse struct {
	dir string
	cmd *exec.Cmd
}

func (p *privatePulse) server() string { return "unix:" + filepath.Join(p.dir, "native") }

// start runs the server and waits until it answers (at most 20 s).
func (p *privatePulse) start(t *testing.T) {
	t.Helper()
	run := filepath.Join(p.dir, "run")
	os.RemoveAll(run)
	if err := os.MkdirAll(run, 0o700); err != nil {
		t.Fatal(err)
	}
	p.cmd = exec.Command("pulseaudio", "-n", "--daemonize=no", "--exit-idle-time=-1", "--disallow-exit",
		"--use-pid-file=no", "--log-target=file:"+filepath.Join(p.dir, "log"),
		"--load=module-native-protocol-unix socket="+filepath.Join(p.dir, "native")+" auth-anonymous=1",
		"--load=module-null-sink sink_name=vsink rate=48000 channels=2",
		"--load=module-always-sink")
	p.cmd.Env = append(os.Environ(), "XDG_RUNTIME_DIR="+run, "HOME="+run)
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		c := exec.Command("pactl", "info")
		c.Env = append(os.Environ(), "PULSE_SERVER="+p.server())
		if c.Run() == nil {
			c = exec.Command("pactl", "set-default-sink", "vsink")
			c.Env = append(os.Environ(), "PULSE_SERVER="+p.server())
			c.Run()
			return
		}
	}
	t.Fatalf("the PulseAudio server did not answer within 20 s")
}

// kill ends the server with SIGKILL (no goodbye to its clients).
func (p *privatePulse) kill() {
	if p.cmd != nil {
		p.cmd.Process.Kill()
		p.cmd.Wait()
		p.cmd = nil
	}
}

// needPulseaudio skips without the pulseaudio and pactl programs, or
// fails under METRONOME_REQUIRE_GPU=1.
func needPulseaudio(t *testing.T) *privatePulse {
	t.Helper()
	for _, prog := range []string{"pulseaudio", "pactl", "parecord"} {
		if _, err := exec.LookPath(prog); err != nil {
			why := prog + " is not installed (Debian packages pulseaudio and pulseaudio-utils)"
			if os.Getenv("METRONOME_REQUIRE_GPU") == "1" {
				t.Fatal(why + " (METRONOME_REQUIRE_GPU=1, so this fails instead of skipping)")
			}
			t.Skip(why)
		}
	}
	p := &privatePulse{dir: t.TempDir()}
	t.Cleanup(p.kill)
	return p
}

// TestA7_KilledServerIsReportedAndSoundReturns: a game plays a tone
// through a real PulseAudio server; the server is killed (SIGKILL) mid-
// play. The loss is reported once and Available turns false within a
// second, the game goes on (its updates and the mixer's frames keep
// pace with the wall clock), and when a server starts again on the same
// socket the output reconnects by itself, says so, and the tone is heard
// on the new server's monitor.
func TestA7_KilledServerIsReportedAndSoundReturns(t *testing.T) {
	srv := needPulseaudio(t)
	srv.start(t)
	t.Setenv("PULSE_SERVER", srv.server())
	t.Setenv("METRONOME_PULSE_SINK", "vsink")
	var mu sync.Mutex
	var reports []string
	var told atomic.Int32 // Options.Requested: the first connection only (W14)
	out, err := Open(Options{Report: func(l string) {
		mu.Lock()
		reports = append(reports, l)
		mu.Unlock()
	}, Requested: func(int) { told.Add(1) }})
	if err != nil {
		t.Fatal(err)
	}
	s, err := audio.New(audio.Config{Output: out})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var killedAt, lostAt, restartedAt, backAt time.Time
	var framesAtLoss int64
	restarted := make(chan time.Time, 1)
	var rec *recorder
	runGame(t, s, 14*time.Second, func(n int) {
		switch {
		case n == 0:
			hum(t, s)
		case n == 60:
			if !s.Available() {
				t.Errorf("not available before the kill: %v", s.Err())
			}
			srv.kill()
			killedAt = time.Now()
			framesAtLoss = s.Stats().Frames
		case n > 60 && lostAt.IsZero() && !s.Available():
			lostAt = time.Now()
			// Restart the server in the background after 2 s of loss, so
			// the game's updates keep running.
			go func() {
				time.Sleep(2 * time.Second)
				srv.start(t)
				restarted <- time.Now()
			}()
		case !lostAt.IsZero() && restartedAt.IsZero():
			select {
			case restartedAt = <-restarted:
			default:
			}
		case !restartedAt.IsZero() && backAt.IsZero() && s.Available():
			backAt = time.Now()
			rec = record(t)
		}
	})
	st := s.Stats()
	if lostAt.IsZero() {
		t.Fatalf("Available stayed true after the server was killed (frames %d, underruns %d)", st.Frames, st.Underruns)
	}
	detect := lostAt.Sub(killedAt)
	t.Logf("loss seen %v after the kill; server answering again %v later; sound back %v after that", detect, restartedAt.Sub(lostAt), backAt.Sub(restartedAt))
	if detect > time.Second {
		t.Errorf("the loss was seen %v after the kill, want within 1 s", detect)
	}
	mu.Lock()
	lines := append([]string(nil), reports...)
	mu.Unlock()
	t.Logf("reports: %q", lines)
	if len(lines) < 1 || !strings.Contains(lines[0], "lost the sound server") {
		t.Errorf("the loss was not reported: %q", lines)
	}
	if backAt.IsZero() {
		t.Fatalf("the output did not come back within the run after the server restarted (%v)", s.Err())
	}
	if len(lines) != 2 || !strings.Contains(lines[1], "sound server is back") {
		t.Errorf("reports %q, want one loss and one return", lines)
	}
	if st.Losses != 1 {
		t.Errorf("Stats.Losses %d, want 1", st.Losses)
	}
	if n := told.Load(); n != 1 {
		t.Errorf("Requested was called %d times, want once (the reconnection does not call it)", n)
	}
	// The mixer kept pace while lost: from the kill to the end it
	// rendered about the wall time's frames.
	wall := time.Since(killedAt).Seconds() * 48000
	if got := float64(st.Frames - framesAtLoss); got < 0.8*wall || got > 1.2*wall {
		t.Errorf("the mixer rendered %.0f frames in %.0f frames of wall time since the kill", got, wall)
	}
	if rec == nil {
		t.Fatal("no recording")
	}
	s.Close()
	x := rec.stop(t)
	var peak float32
	for _, v := range x {
		peak = max(peak, v, -v)
	}
	t.Logf("the new server's monitor: %d samples, peak %.4f (the hum is 0.02)", len(x), peak)
	if peak < 0.01 {
		t.Errorf("the tone was not heard on the restarted server (peak %v)", peak)
	}
}
