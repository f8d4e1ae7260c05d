package audioout

import (
	"encoding/binary"
	"errors"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/timing"
)

// needPulse skips without a PulseAudio server (scripts/pulse.sh starts
// one), or fails under METRONOME_REQUIRE_GPU=1, where CI promises one.
func needPulse(t *testing.T) {
	t.Helper()
	if os.Getenv("PULSE_SERVER") != "" && os.Getenv("METRONOME_PULSE_SINK") != "" {
		if _, err := exec.LookPath("parecord"); err == nil {
			return
		}
	}
	why := "no PulseAudio test server (scripts/test.sh starts one with scripts/pulse.sh; needs pulseaudio and pulseaudio-utils)"
	if os.Getenv("METRONOME_REQUIRE_GPU") == "1" {
		t.Fatal(why + " (METRONOME_REQUIRE_GPU=1, so this fails instead of skipping)")
	}
	t.Skip(why)
}

// recorder records the null sink's monitor with parecord.
type recorder struct {
	cmd  *exec.Cmd
	path string
}

func record(t *testing.T) *recorder {
	t.Helper()
	path := filepath.Join(t.TempDir(), "rec.raw")
	cmd := exec.Command("parecord", "-d", os.Getenv("METRONOME_PULSE_SINK")+".monitor", "--raw",
		"--format=s16le", "--rate=48000", "--channels=2", "--latency-msec=20", path)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // let the stream connect
	return &recorder{cmd: cmd, path: path}
}

// stop ends parecord with SIGINT (a kill would lose its buffered tail)
// and returns the left channel as float32.
func (r *recorder) stop(t *testing.T) []float32 {
	t.Helper()
	time.Sleep(200 * time.Millisecond)
	r.cmd.Process.Signal(syscall.SIGINT)
	if err := r.cmd.Wait(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile(r.path)
	if err != nil {
		t.Fatal(err)
	}
	left := make([]float32, len(b)/4)
	for i := range left {
		left[i] = float32(int16(binary.LittleEndian.Uint16(b[4*i:]))) / 32768
	}
	return left
}

// runGame drives a System's updates at the default 60 Hz step on the wall
// clock for d, calling f in each update with its index.
func runGame(t *testing.T, s *audio.System, d time.Duration, f func(n int)) {
	t.Helper()
	const step = timing.TimeSpan(166667)
	start := time.Now()
	gameT := timing.TimeSpan(0)
	for n := 0; time.Duration(gameT)*100 < d; n++ {
		if wait := time.Until(start.Add(time.Duration(gameT) * 100)); wait > 0 {
			time.Sleep(wait)
		}
		el := step
		if n == 0 {
			el = 0
		}
		gt := timing.GameTime{TotalGameTime: gameT, ElapsedGameTime: el}
		s.BeginUpdate(gt)
		if f != nil {
			f(n)
		}
		if err := s.EndUpdate(gt); err != nil {
			t.Fatal(err)
		}
		gameT += el
	}
}

func click(t *testing.T, s *audio.System) *audio.SoundEffect {
	t.Helper()
	d := make([]float32, 96)
	for i := range d {
		d[i] = 0.5
		if (i/12)%2 == 1 {
			d[i] = -0.5
		}
	}
	fx, err := s.NewSoundEffectFloat(d, 48000, 1)
	if err != nil {
		t.Fatal(err)
	}
	return fx
}

func onsets(x []float32, thr float32, gap int) []int {
	var out []int
	quiet := gap
	for i, v := range x {
		if v < 0 {
			v = -v
		}
		if v > thr {
			if quiet >= gap {
				out = append(out, i)
			}
			quiet = 0
		} else {
			quiet++
		}
	}
	return out
}

// dropouts finds the underruns the monitor shows: runs of 3 or more exact
// zeros inside a signal that never rests (the tests play a quiet
// background tone under everything). It returns their start samples.
func dropouts(x []float32, from, to int) []int {
	var out []int
	run := 0
	for i := from; i < to && i < len(x); i++ {
		if x[i] == 0 {
			run++
			if run == 3 {
				out = append(out, i-2)
			}
		} else {
			run = 0
		}
	}
	return out
}

// hum starts a quiet looping tone (about -40 dB) so the monitor never
// holds exact silence unless the stream underran.
func hum(t *testing.T, s *audio.System) {
	t.Helper()
	d := make([]float32, 48000)
	for i := range d {
		d[i] = float32(0.02 * math.Sin(2*math.Pi*100*float64(i)/48000))
	}
	fx, err := s.NewSoundEffectFloat(d, 48000, 1)
	if err != nil {
		t.Fatal(err)
	}
	in := fx.CreateInstance()
	in.SetIsLooped(true)
	in.Play()
}

func openSystem(t *testing.T) (*audio.System, *Output) {
	t.Helper()
	// METRONOME_AUDIO_PERIOD (a duration) overrides the default period,
	// for measuring on a loaded machine.
	var period time.Duration
	if v := os.Getenv("METRONOME_AUDIO_PERIOD"); v != "" {
		p, err := time.ParseDuration(v)
		if err != nil {
			t.Fatalf("METRONOME_AUDIO_PERIOD: %v", err)
		}
		period = p
	}
	out, err := Open(Options{Period: period})
	if err != nil {
		t.Fatalf("open the output with a server running: %v", err)
	}
	s, err := audio.New(audio.Config{Output: out})
	if err != nil {
		t.Fatal(err)
	}
	return s, out
}

// TestA7_ClicksOnTheSinkMonitor: clicks played every 60 updates (1 s of
// game time) on the wall clock are heard on the null sink's monitor
// 48,000 samples apart within 1 ms, and the stream is reported. Gaps the
// machine's load decides (an underrun inside, or the mapping moved by a
// reanchor) are reported and left out of the verdict.
func TestA7_ClicksOnTheSinkMonitor(t *testing.T) {
	needPulse(t)
	s, out := openSystem(t)
	fx := click(t, s)
	rec := record(t)
	runGame(t, s, 6200*time.Millisecond, func(n int) {
		if n == 0 {
			hum(t, s)
		}
		if n > 0 && n%60 == 0 {
			fx.Play(1, 0, 0)
		}
	})
	st := s.Stats()
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	x := rec.stop(t)
	got := onsets(x, 0.1, 24000)
	if len(got) < 5 {
		t.Fatalf("%d clicks on the monitor, want 6: %v", len(got), got)
	}
	// A gap with an underrun inside is the machine's load, not the
	// engine's timing: it is reported and left out of the verdict. So is
	// a gap the mapping was moved in (a reanchor: the engine's answer to
	// an output that lost time, which the monitor need not show as
	// silence): with R reanchors, the R gaps furthest off are left out.
	var errs []int
	dirty := 0
	for i := 1; i < len(got); i++ {
		if len(dropouts(x, got[i-1], got[i])) > 0 {
			dirty++
			continue
		}
		d := got[i] - got[i-1] - 48000
		errs = append(errs, max(d, -d))
	}
	slices.Sort(errs)
	moved := min(int(st.Reanchors), len(errs))
	kept := errs[:len(errs)-moved]
	worst := 0
	if len(kept) > 0 {
		worst = kept[len(kept)-1]
	}
	t.Logf("clicks at %v: %d clean gaps, worst error %d samples (%.3f ms); %d gaps with underruns and %d reanchored left out (errors %v); delay %v, latency %v, late %d, underruns %d (estimated by the output), reanchors %d",
		got, len(kept), worst, float64(worst)/48, dirty, moved, errs[len(kept):], st.Delay, st.Latency, st.Late, st.Underruns, st.Reanchors)
	if len(kept) < 2 {
		t.Skipf("inconclusive: the stream underran or was reanchored in %d of %d gaps (machine load)", dirty+moved, len(got)-1)
	}
	if worst > 48 {
		t.Errorf("click gaps off by up to %d samples, want within 48 (1 ms)", worst)
	}
	_ = out
}

// TestA7_PauseResumeStopAreClickFree: a sine paused, resumed and stopped
// on the real server has no sample-to-sample step beyond the sine's own
// plus the ramps' share.
func TestA7_PauseResumeStopAreClickFree(t *testing.T) {
	needPulse(t)
	s, _ := openSystem(t)
	sine := make([]float32, 48000)
	for i := range sine {
		sine[i] = float32(0.5 * math.Sin(2*math.Pi*500*float64(i)/48000))
	}
	fx, _ := s.NewSoundEffectFloat(sine, 48000, 1)
	in := fx.CreateInstance()
	in.SetIsLooped(true)
	rec := record(t)
	runGame(t, s, 2500*time.Millisecond, func(n int) {
		switch n {
		case 0:
			hum(t, s)
		case 10:
			in.Play()
		case 40:
			in.Pause()
		case 70:
			in.Resume()
		case 100:
			in.SetVolume(0.2)
		case 120:
			in.Stop(true)
		}
	})
	s.Close()
	x := rec.stop(t)
	// Steps next to an underrun (a run of exact zeros in the hum) are the
	// machine's load, not a missing ramp: left out and reported.
	skip := make([]bool, len(x))
	drops := dropouts(x, 0, len(x))
	for _, d := range drops {
		e := d
		for e < len(x) && x[e] == 0 {
			e++
		}
		for i := d - 2; i <= e+2 && i < len(x); i++ {
			if i >= 0 {
				skip[i] = true
			}
		}
	}
	var worst float32
	for i := 1; i < len(x); i++ {
		if skip[i] || skip[i-1] {
			continue
		}
		d := x[i] - x[i-1]
		if d < 0 {
			d = -d
		}
		if d > worst {
			worst = d
		}
	}
	t.Logf("%d underruns seen on the monitor (left out)", len(drops))
	// The sine's own step at -3 dB: 2*pi*500/48000*0.354 ~ 0.023.
	t.Logf("largest step %.4f over %d samples", worst, len(x))
	if worst > 0.05 {
		t.Errorf("largest sample-to-sample step %.4f, want <= 0.05 (a click)", worst)
	}
	var peak float32
	for _, v := range x {
		if v > peak {
			peak = v
		}
	}
	if peak < 0.2 {
		t.Errorf("peak %v: the sine was not heard", peak)
	}
}

// TestA7_QuietRunUnderruns: a quiet run at the default period reports its
// underruns (0 expected on an idle machine; reported, not asserted, since
// a loaded machine may starve any real-time process).
// METRONOME_AUDIO_LONG=1 makes it the 30 s run.
func TestA7_QuietRunUnderruns(t *testing.T) {
	needPulse(t)
	s, out := openSystem(t)
	d := 5 * time.Second
	if os.Getenv("METRONOME_AUDIO_LONG") == "1" {
		d = 30 * time.Second
	}
	runGame(t, s, d, nil)
	st := s.Stats()
	s.Close()
	t.Logf("%v at period %v: %d underruns (estimated), latency %v, %d frames mixed", d, out.period, st.Underruns, st.Latency, st.Frames)
	// How much a starved process is pulled depends on the machine's load,
	// which the engine does not control: the share is reported, and only an
	// output that never pulled fails.
	t.Logf("pulled %.0f%% of real time", 100*float64(st.Frames)/(d.Seconds()*48000))
	if st.Frames == 0 {
		t.Errorf("mixed no frames in %v: the output did not pull", d)
	}
}
