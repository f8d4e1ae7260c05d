package audioout

import (
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/timing"
)

// fakeBackend stands for a server connection: the test pulls its frames
// and decides when it is lost.
type fakeBackend struct {
	pull   func([]float32) int
	gone   atomic.Pointer[error]
	closed chan bool // receives close's safe flag
}

func (b *fakeBackend) lost() error {
	if p := b.gone.Load(); p != nil {
		return *p
	}
	return nil
}

func (b *fakeBackend) close(safe bool) { b.closed <- safe }

func (b *fakeBackend) requestFrames() int { return 0 }

// fakeServer hands out fake backends; up says whether dialling succeeds.
type fakeServer struct {
	mu    sync.Mutex
	up    bool
	dials []time.Duration // when each dial came (fake clock)
	bes   []*fakeBackend
	now   func() time.Duration
	dial  chan struct{} // one value per finished dial
}

func (s *fakeServer) dialer() dialer {
	return func(pull func([]float32) int, _ time.Duration) (backend, error) {
		defer func() { s.dial <- struct{}{} }()
		s.mu.Lock()
		defer s.mu.Unlock()
		s.dials = append(s.dials, s.now())
		if !s.up {
			return nil, errors.New("connection refused")
		}
		b := &fakeBackend{pull: pull, closed: make(chan bool, 1)}
		s.bes = append(s.bes, b)
		return b, nil
	}
}

// lossRig is an Output on a fake server and a fake clock, checked by
// hand once a period, under a System.
type lossRig struct {
	t       *testing.T
	clock   time.Duration
	srv     *fakeServer
	out     *Output
	sys     *audio.System
	reports []string
	gameT   timing.TimeSpan
}

func newLossRig(t *testing.T) *lossRig {
	r := &lossRig{t: t}
	now := func() time.Duration { return r.clock }
	r.srv = &fakeServer{up: true, now: now, dial: make(chan struct{}, 16)}
	d := r.srv.dialer()
	out, err := open(Options{Now: now, Report: func(l string) { r.reports = append(r.reports, l) }},
		func(_ int, _, timeout time.Duration, pull func([]float32) int) (backend, dialer, error) {
			be, err := d(pull, timeout)
			<-r.srv.dial
			return be, d, err
		})
	if err != nil {
		t.Fatal(err)
	}
	out.manual = true
	r.out = out
	r.sys, err = audio.New(audio.Config{Output: out, Now: now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.sys.Close() })
	return r
}

// period advances the fake clock by one period, lets the current backend
// pull one period (unless stalled), runs an update and the supervisor's
// check, and waits for a reconnection it started.
func (r *lossRig) period(pulled bool) {
	r.clock += DefaultPeriod
	if pulled {
		be := r.srv.bes[len(r.srv.bes)-1]
		be.pull(make([]float32, 2*r.out.frames))
	}
	gt := timing.GameTime{TotalGameTime: r.gameT, ElapsedGameTime: timing.FromDuration(DefaultPeriod)}
	r.sys.BeginUpdate(gt)
	if err := r.sys.EndUpdate(gt); err != nil {
		r.t.Fatal(err)
	}
	r.gameT += gt.ElapsedGameTime
	dialing := r.out.dialing.Load()
	r.out.check()
	if !dialing && r.out.dialing.Load() {
		<-r.srv.dial
		for r.out.dialing.Load() {
			time.Sleep(time.Millisecond)
		}
	}
}

// TestA5_LostServerIsReportedOnceAndReconnects: a server connection that
// closes while the game plays is reported once, the System says it is
// unavailable (Err says why), the mix keeps being rendered at the wall
// clock's rate (game time keeps its place), reconnection is tried with a
// doubling backoff, and when the server is back sound resumes, said
// once, and the System is available again.
func TestA5_LostServerIsReportedOnceAndReconnects(t *testing.T) {
	r := newLossRig(t)
	for range 50 {
		r.period(true)
	}
	if !r.sys.Available() || len(r.reports) != 0 {
		t.Fatalf("before the loss: available %v, reports %q", r.sys.Available(), r.reports)
	}
	first := r.srv.bes[0]
	lostErr := errors.New("pulseaudio: connection closed")
	first.gone.Store(&lostErr)
	r.srv.up = false
	framesAt := r.sys.Stats().Frames
	lostAt := r.clock
	r.period(false)
	if r.sys.Available() || r.sys.Stats().Available || !errors.Is(r.sys.Err(), lostErr) {
		t.Fatalf("after the loss: Available %v, Stats.Available %v, Err %v", r.sys.Available(), r.sys.Stats().Available, r.sys.Err())
	}
	if safe := <-first.closed; !safe {
		t.Errorf("a closed connection was closed as unsafe")
	}
	// Three seconds lost.
	for range 150 {
		r.period(false)
	}
	if len(r.reports) != 1 || !strings.Contains(r.reports[0], "lost the sound server (pulseaudio: connection closed)") {
		t.Errorf("reports %q, want one saying the server was lost", r.reports)
	}
	if got := r.sys.Stats().Losses; got != 1 {
		t.Errorf("Stats.Losses %d, want 1", got)
	}
	// The mixer stayed in step with the wall clock (within one period).
	want := int64((r.clock - lostAt) * 48000 / time.Second)
	if got := r.sys.Stats().Frames - framesAt; got < want-960 || got > want {
		t.Errorf("rendered %d frames in %v of loss, want %d (the wall clock's) within one period", got, r.clock-lostAt, want)
	}
	// Attempts 250 ms after the loss (seen one period after lostAt), then
	// 500 ms and 1 s apart (each after the last one failed); the next
	// would be 2 s later, past the 3 s lost.
	redials := r.srv.dials[1:]
	var gaps []time.Duration
	for i := 1; i < len(redials); i++ {
		gaps = append(gaps, redials[i]-redials[i-1])
	}
	t.Logf("first redial %v after the loss, then gaps %v", redials[0]-lostAt, gaps)
	if redials[0]-lostAt != 280*time.Millisecond || len(gaps) != 2 || gaps[0] != 500*time.Millisecond || gaps[1] != time.Second {
		t.Errorf("first redial %v after the loss, gaps %v; want 280ms (20 ms to see the loss, 250 ms, rounded up to the period), then 500ms and 1s", redials[0]-lostAt, gaps)
	}
	// The server comes back: the next attempt connects.
	r.srv.up = true
	for i := 0; i < 200 && len(r.srv.bes) < 2; i++ {
		r.period(false)
	}
	if len(r.srv.bes) != 2 {
		t.Fatalf("no reconnection within 4 s of the server's return")
	}
	if !r.sys.Available() || r.sys.Err() != nil {
		t.Fatalf("reconnected: Available %v, Err %v", r.sys.Available(), r.sys.Err())
	}
	if len(r.reports) != 2 || !strings.Contains(r.reports[1], "sound server is back") {
		t.Errorf("reports %q, want a second saying the server is back", r.reports)
	}
	// The new connection pulls the mix again; the old one is silent.
	before := r.sys.Stats().Frames
	r.period(true)
	if got := r.sys.Stats().Frames - before; got != int64(r.out.frames) {
		t.Errorf("the new connection's pull rendered %d frames, want %d", got, r.out.frames)
	}
	buf := make([]float32, 2*r.out.frames)
	before = r.sys.Stats().Frames
	first.pull(buf)
	if r.sys.Stats().Frames != before {
		t.Errorf("the lost connection's pull rendered the mix")
	}
}

// TestA5_StalledServerCountsAsLost: a connection that stays open but asks
// for no frames for the stall time-out (a server that hangs) counts as
// lost, and is closed without waiting on the server.
func TestA5_StalledServerCountsAsLost(t *testing.T) {
	r := newLossRig(t)
	for range 20 {
		r.period(true)
	}
	r.srv.up = false
	stalledAt := r.clock
	for i := 0; i < 100 && r.sys.Available(); i++ {
		r.period(false)
	}
	if r.sys.Available() {
		t.Fatal("still available 2 s after the server stopped asking for frames")
	}
	if took := r.clock - stalledAt; took < 500*time.Millisecond || took > 540*time.Millisecond {
		t.Errorf("lost after %v, want the 500 ms stall time-out (to the period)", took)
	}
	if safe := <-r.srv.bes[0].closed; safe {
		t.Errorf("a stalled connection was closed as if its server answered")
	}
	if len(r.reports) != 1 || !strings.Contains(r.reports[0], "asked for no sound for") {
		t.Errorf("reports %q", r.reports)
	}
}
