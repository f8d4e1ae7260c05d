package audio

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/metronome-engine/metronome/internal/launchtrace"
	"github.com/metronome-engine/metronome/timing"
)

// DefaultSampleRate is the mixer's rate when neither the Config nor the
// Output names one.
const DefaultSampleRate = 48000

// DefaultVoices is the default limit on voices playing at once.
const DefaultVoices = 64

// DefaultQueueLength is the default capacity of the game-to-mixer queue.
const DefaultQueueLength = 1024

// Output is a real-time audio device: once started it calls render from
// its own goroutine whenever it wants more frames (interleaved stereo
// float32 at SampleRate). It never calls render after Close returns.
type Output interface {
	// SampleRate is the output's rate in frames per second.
	SampleRate() int
	// PeriodFrames is how many frames the output asks for at a time.
	PeriodFrames() int
	// Start begins playback, pulling frames from render.
	Start(render func(dst []float32)) error
	// Latency is the output's delay from render to the speaker, as far as
	// it knows.
	Latency() time.Duration
	// Underruns counts the times the device ran dry.
	Underruns() int64
	// Close drains what was rendered (by waiting for it) and stops.
	Close() error
}

// OutputStatus is implemented by an Output that can lose its device
// while it runs (a sound server that went away) and come back. While
// lost it keeps calling render at its rate and drops the frames, so the
// mixer keeps its place against game time (A3); the System reports
// itself unavailable meanwhile (A5).
type OutputStatus interface {
	// Lost says why the output plays nothing now; nil while it plays.
	Lost() error
	// Losses counts the times it lost its device.
	Losses() int64
}

// OutputRequest is implemented by an Output that knows how many frames
// its server asks for at once in steady state (PulseAudio's minimum
// request). The delay rule (A9) takes it as the granularity of the
// output's position; without it, the whole period.
type OutputRequest interface {
	// RequestFrames is the frames the server asks for in one request.
	RequestFrames() int
}

// Sink receives the mixer's frames when it renders in lockstep with game
// time (A4): interleaved stereo float32 at the System's rate.
type Sink interface {
	WriteFrames(frames []float32) error
	Close() error
}

// Config configures New. The zero value renders in lockstep into nothing:
// silent, deterministic and Available false.
type Config struct {
	// Output is a real-time output; nil renders in lockstep with game
	// time into Sink.
	Output Output
	// Sink receives lockstep frames (a WAV file); nil discards them.
	// Ignored when Output is set.
	Sink Sink
	// Unavailable says why there is no Output (shown by Err); optional.
	Unavailable error
	// SampleRate of the lockstep mixer; 0: DefaultSampleRate. An Output
	// brings its own.
	SampleRate int
	// Voices limits the voices playing at once; 0: DefaultVoices.
	Voices int
	// QueueLength is the game-to-mixer queue's capacity; 0:
	// DefaultQueueLength.
	QueueLength int
	// SampleBudget is the most samples (frames x channels) a SoundEffect
	// may decode; 0: DefaultSampleBudget; at most 1 Gi. Songs stream and
	// have none.
	SampleBudget int
	// Now is the wall clock the real-time path uses to place game time
	// against the output's position; nil: the monotonic clock.
	Now func() time.Duration
	// Report receives the System's one-line reports (a change of the
	// delay or a move of the mapping, A9); nil: written to os.Stderr.
	Report func(line string)
}

// Stats are the System's figures for a HUD (A3, A5).
type Stats struct {
	// Available reports a real output that plays now (false while an
	// output that lost its server waits for it to come back).
	Available bool
	// Losses counts the times the output lost its device (OutputStatus).
	Losses int64
	// SampleRate is the mixer's rate.
	SampleRate int
	// Delay is the constant delay from a sound's game time to its first
	// output sample, beyond the output's position (0 in lockstep): chosen
	// by the rule DelayRule states (A9), grown only by a measured
	// shortfall.
	Delay time.Duration
	// Latency is Delay plus the output's own latency.
	Latency time.Duration
	// Voices is how many voices are playing or paused in the mixer.
	Voices int
	// Late counts sounds that started after their moment had passed.
	Late int64
	// Dropped counts plays refused (voice limit or full queue).
	Dropped int64
	// Underruns counts the output's underruns.
	Underruns int64
	// Frames is the mixer's position in output frames.
	Frames int64
	// Reanchors counts the times the game-time mapping was moved after
	// lost time; the output's start, which anchors it, is not one (A3).
	Reanchors int64
	// DelayRule says how Delay was chosen: the rule's terms with their
	// values, and any growth ("" until the first Update).
	DelayRule string
	// DelayChanges counts the times Delay grew (each also reported in
	// one line).
	DelayChanges int64
}

// System is the game's audio: the mixer, the game-time mapping (A3), the
// voice slots and the MediaPlayer. Its methods belong to the game's
// goroutine, except Stats and Available, which any goroutine may call.
// Make one with New.
type System struct {
	mix     *mixer
	out     Output
	status  OutputStatus // out's, when it has one
	sink    Sink
	errMsg  error
	rate    int
	now     func() time.Duration
	scratch []float32

	sampleBudget int64 // the most samples a SoundEffect decodes

	// Effects' 3D settings and master volume (XNA's SoundEffect statics).
	masterVolume  float32
	distanceScale float32
	dopplerScale  float32
	speedOfSound  float32

	// The game-time mapping (A3).
	gameT      timing.TimeSpan // the current Update's game time
	inUpdate   bool
	anchored   bool
	anchorT    timing.TimeSpan
	anchorF    int64
	delay      int64 // frames: the rule's, plus any growth (reported)
	target     int64 // the mean lead the mapping is held at, frames
	maxDelay   int64 // the cap on growth: two periods and one tick (A3)
	tickHalf   int64 // half the tick in frames
	window     int   // updates in the current measuring window
	calibrated bool  // the first window has corrected the first anchor
	scheduled  bool  // a sound was placed since the mapping last moved
	leadSum    int64
	minMargin  int64 // the window's least frames between a frame and the mix
	shortRun   int   // windows running with a shortfall
	shortMax   int64 // the largest shortfall of that run, frames
	reanchors  atomic.Int64
	changes    atomic.Int64
	rule       atomic.Pointer[string]
	delayAt    atomic.Int64 // delay in frames, for Stats
	report     func(string)

	// Wall time of the mixer's last render (real time only).
	renderedAt atomic.Int64
	rendered   atomic.Bool // the output has rendered at least once

	// Voice slots: gen is the game's generation of each slot; a slot is
	// free when the mixer's done generation has caught up with it.
	gen     []uint32
	hint    int
	dropped atomic.Int64

	player  *MediaPlayer
	dynamic []*DynamicSoundEffectInstance // the playing and paused ones
	surely  []command                     // stops a full queue refused, sent again

	mu      sync.Mutex // orders Close against a Stats reader
	closed  bool
	started bool
}

// New makes a System. With an Output it starts it at once; an Output
// that fails to start is closed and the error returned.
func New(cfg Config) (*System, error) {
	rate := cfg.SampleRate
	if cfg.Output != nil {
		rate = cfg.Output.SampleRate()
	}
	if rate == 0 {
		rate = DefaultSampleRate
	}
	if rate < 8000 || rate > 192000 {
		return nil, fmt.Errorf("audio: sample rate %d out of range: use 8000 to 192000", rate)
	}
	voices := cfg.Voices
	if voices == 0 {
		voices = DefaultVoices
	}
	if voices < 1 || voices > 1024 {
		return nil, fmt.Errorf("audio: %d voices out of range: use 1 to 1024", voices)
	}
	ql := cfg.QueueLength
	if ql == 0 {
		ql = DefaultQueueLength
	}
	if ql < 16 || ql > 1<<20 {
		return nil, fmt.Errorf("audio: queue length %d out of range: use 16 to %d", ql, 1<<20)
	}
	budget := cfg.SampleBudget
	if budget == 0 {
		budget = DefaultSampleBudget
	}
	if budget < 1 || budget > maxSampleBudget {
		return nil, fmt.Errorf("audio: sample budget %d out of range: use 1 to %d, or 0 for the default", budget, maxSampleBudget)
	}
	s := &System{
		sampleBudget:  int64(budget),
		mix:           newMixer(rate, voices, ql),
		out:           cfg.Output,
		sink:          cfg.Sink,
		errMsg:        cfg.Unavailable,
		rate:          rate,
		now:           cfg.Now,
		report:        cfg.Report,
		masterVolume:  1,
		distanceScale: 1,
		dopplerScale:  1,
		speedOfSound:  343.5,
		gen:           make([]uint32, voices),
	}
	if s.now == nil {
		start := time.Now()
		s.now = func() time.Duration { return time.Since(start) }
	}
	if s.report == nil {
		s.report = func(line string) { fmt.Fprintln(os.Stderr, line) }
	}
	s.player = newMediaPlayer(s)
	if s.out != nil {
		s.sink = nil
		s.status, _ = s.out.(OutputStatus)
		if err := s.out.Start(s.renderRealtime); err != nil {
			_ = s.out.Close()
			return nil, fmt.Errorf("audio: start output: %w", err)
		}
		s.started = true
	} else {
		s.scratch = make([]float32, 2*rate/10)
	}
	return s, nil
}

// renderRealtime is the Output's callback (audio goroutine).
func (s *System) renderRealtime(dst []float32) {
	s.mix.render(dst)
	s.renderedAt.Store(int64(s.now()))
	s.rendered.Store(true)
}

// Available reports whether sound reaches a real output now: false
// without one, and while an output that lost its server (OutputStatus)
// plays silently until it is back.
func (s *System) Available() bool { return s.out != nil && s.lost() == nil }

// lost is the output's loss; nil while it plays or without a status.
func (s *System) lost() error {
	if s.status == nil {
		return nil
	}
	return s.status.Lost()
}

// Err says why the System has no real output now (nil when it plays
// through one, or when it renders to a Sink by choice).
func (s *System) Err() error {
	if s.out != nil {
		return s.lost()
	}
	return s.errMsg
}

// SampleRate is the mixer's rate in frames per second.
func (s *System) SampleRate() int { return s.rate }

// MediaPlayer returns the System's MediaPlayer (XNA's static class).
func (s *System) MediaPlayer() *MediaPlayer { return s.player }

// MasterVolume is the volume of every SoundEffect, 0..1 (default 1); the
// MediaPlayer has its own.
func (s *System) MasterVolume() float32 { return s.masterVolume }

// SetMasterVolume sets it, ramped (A2). Values outside 0..1 are clamped;
// NaN counts as 0.
// It reports false when the queue was full (nothing changed).
func (s *System) SetMasterVolume(v float32) bool {
	v = clamp(v, 0, 1)
	if !s.mix.q.push(command{kind: cmdMaster, gl: v}) {
		return false
	}
	s.masterVolume = v
	return true
}

// DistanceScale scales the distances of Apply3D (default 1): an emitter
// this far from the listener plays at full volume, twice as far at half.
func (s *System) DistanceScale() float32 { return s.distanceScale }

// SetDistanceScale sets it; it must be positive.
func (s *System) SetDistanceScale(v float32) error {
	if !(v > 0) {
		return fmt.Errorf("audio: DistanceScale %v must be positive", v)
	}
	s.distanceScale = v
	return nil
}

// DopplerScale scales the Doppler shift of Apply3D (default 1; 0 turns it
// off).
func (s *System) DopplerScale() float32 { return s.dopplerScale }

// SetDopplerScale sets it; it must not be negative.
func (s *System) SetDopplerScale(v float32) error {
	if !(v >= 0) {
		return fmt.Errorf("audio: DopplerScale %v must not be negative", v)
	}
	s.dopplerScale = v
	return nil
}

// SpeedOfSound is the speed of sound for Doppler, in world units per
// second (default 343.5).
func (s *System) SpeedOfSound() float32 { return s.speedOfSound }

// SetSpeedOfSound sets it; it must be positive.
func (s *System) SetSpeedOfSound(v float32) error {
	if !(v > 0) {
		return fmt.Errorf("audio: SpeedOfSound %v must be positive", v)
	}
	s.speedOfSound = v
	return nil
}

// Stats returns the current figures.
func (s *System) Stats() Stats {
	st := Stats{
		Available:  s.Available(),
		SampleRate: s.rate,
		Voices:     int(s.mix.playing.Load()),
		Late:       s.mix.late.Load(),
		Dropped:    s.dropped.Load(),
		Frames:     s.mix.pos.Load(),
		Reanchors:  s.reanchors.Load(),
	}
	st.Delay = s.framesToDuration(s.delayAt.Load())
	st.DelayChanges = s.changes.Load()
	if r := s.rule.Load(); r != nil {
		st.DelayRule = *r
	}
	st.Latency = st.Delay
	if s.out != nil {
		st.Latency += s.out.Latency()
		st.Underruns = s.out.Underruns()
	}
	if s.status != nil {
		st.Losses = s.status.Losses()
	}
	return st
}

func (s *System) framesToDuration(f int64) time.Duration {
	return time.Duration(f * int64(time.Second) / int64(s.rate))
}

// framesOf converts a span of game time to output frames, rounded to the
// nearest frame: 166,667 ticks at 48 kHz is 800.0016 frames, so the
// mapping never drifts from game time (A3).
func (s *System) framesOf(t timing.TimeSpan) int64 {
	const tps = int64(timing.Second)
	num := int64(t) * int64(s.rate)
	if num >= 0 {
		return (num + tps/2) / tps
	}
	return -((-num + tps/2) / tps)
}

// BeginUpdate tells the System the game time of the Update about to run:
// sounds played until EndUpdate start at the output frame of that time
// plus the constant delay (A3). The engine calls it; a game calls it only
// when it drives the System itself.
func (s *System) BeginUpdate(gt timing.GameTime) {
	s.gameT = gt.TotalGameTime
	s.inUpdate = true
	if s.out == nil {
		if !s.anchored {
			s.anchored, s.anchorT, s.anchorF = true, gt.TotalGameTime, s.mix.frame
		}
		return
	}
	pos := s.estimatePos()
	if !s.anchored {
		s.chooseDelay(gt.ElapsedGameTime)
		s.anchorT, s.anchorF, s.anchored = gt.TotalGameTime, pos+s.delay, true
		return
	}
	if s.stale() || !s.rendered.Load() {
		// The output has not pulled for two periods (a starved process
		// or a stalled server), or not yet at all (still opening, or an
		// open that will fail): its position is not known now, and
		// measuring it would move the mapping for a stall or for the
		// time the output took to start (A9).
		return
	}
	s.track(pos)
}

// halfTick is the rule's half tick in frames.
func (s *System) halfTick() int64 { return s.tickHalf }

// stale reports an output that has not rendered for two periods.
func (s *System) stale() bool {
	at := s.renderedAt.Load()
	if at == 0 {
		return false
	}
	return int64(s.now())-at > 2*int64(s.out.PeriodFrames())*int64(time.Second)/int64(s.rate)
}

// DelayRule is the A9 rule, a pure function of the facts it is given:
// the output's rate, its period and its server's request in frames
// (request 0: unknown, the period is taken) and the game's tick. The
// delay is one request, the granularity of what the System knows of
// the output's position (it renders a request at a time), plus half a
// tick, the spread of an Update's lateness after its game time around
// its mean (the mapping is centred on the mean lateness, and an Update
// runs up to one tick after its moment). It returns the delay in frames
// and the rule in words with its values.
func DelayRule(rate, periodFrames, requestFrames int, tick time.Duration) (int64, string) {
	src := "the server's request"
	req := requestFrames
	if req <= 0 || req > periodFrames {
		src, req = "the period (the server's request unknown)", periodFrames
	}
	half := (int64(tick)*int64(rate) + int64(time.Second)) / int64(2*time.Second)
	d := int64(req) + half
	f := func(n int64) time.Duration {
		return time.Duration(n * int64(time.Second) / int64(rate)).Round(10 * time.Microsecond)
	}
	return d, fmt.Sprintf("%v = one request, %s, %v + half a tick of %v, %v (period %v)",
		f(d), src, f(int64(req)), tick.Round(time.Microsecond), f(half), f(int64(periodFrames)))
}

// chooseDelay sets the delay by DelayRule from the output's facts and the
// first Update's step (one 60 Hz tick when it has none), and the cap on
// its growth: two periods and one tick (A3).
func (s *System) chooseDelay(step timing.TimeSpan) {
	if step <= 0 {
		step = 166667 // XNA's default TargetElapsedTime
	}
	tick := time.Duration(step) * 100
	period := s.out.PeriodFrames()
	req := 0
	if r, ok := s.out.(OutputRequest); ok {
		req = r.RequestFrames()
	}
	d, rule := DelayRule(s.rate, period, req, tick)
	s.delay = d
	s.maxDelay = 2*int64(period) + s.framesOf(step)
	s.tickHalf = s.framesOf(step) / 2
	if s.delay > s.maxDelay {
		s.delay = s.maxDelay
	}
	s.target = s.delay
	s.delayAt.Store(s.delay)
	s.rule.Store(&rule)
}

// estimatePos is the mixer's position now: the last rendered frame plus
// the wall time since that render, at most one period ahead.
func (s *System) estimatePos() int64 {
	pos := s.mix.pos.Load()
	at := s.renderedAt.Load()
	if at == 0 {
		return pos
	}
	d := int64(s.now()) - at
	if d < 0 {
		d = 0
	}
	adv := d * int64(s.rate) / int64(time.Second)
	if p := int64(s.out.PeriodFrames()); adv > p {
		adv = p
	}
	return pos + adv
}

// reanchorWindow is how many Updates the mapping is measured over before
// it is corrected.
const reanchorWindow = 30

// track measures, each Update, the lead of its frame over the output's
// estimated position and its margin over what the mixer has already
// rendered (negative: a sound played now would be late), and once per
// window corrects the mapping (A3, A9):
//   - the first window places the mapping exactly at the delay when no
//     sound was placed yet (the first anchor came from one Update's
//     timing); otherwise it keeps it, so sounds already placed stay in
//     step, and slews from there;
//   - a mean lead off by more than the cap on the delay (a pause, a
//     reset, a burst that lost time) moves the mapping at once: a
//     reanchor;
//   - a shortfall (a negative margin) in three windows running (1.5 s)
//     grows the delay once by the largest of them, up to the cap, and
//     says so: the output keeps up only with that much more; one stall,
//     and the burst of Updates that catches up after it, spans at most
//     two windows and is not load;
//   - a small error slews the mapping by one frame per window.
func (s *System) track(pos int64) {
	now := s.frameNow()
	lead := now - pos
	margin := now - s.mix.pos.Load()
	if s.window == 0 || margin < s.minMargin {
		s.minMargin = margin
	}
	s.leadSum += lead
	s.window++
	if s.window < reanchorWindow {
		return
	}
	mean := s.leadSum / int64(s.window)
	short := max(-s.minMargin, 0)
	s.window, s.leadSum = 0, 0
	err := mean - s.target
	tol := int64(s.rate / 1000)
	first := !s.calibrated
	if first {
		s.calibrated = true
		s.shortRun, s.shortMax = 0, 0
		switch {
		case err >= -s.maxDelay && err <= s.maxDelay && !s.scheduled:
			s.anchorF -= err
			return
		case 2*(err+tol) >= -s.halfTick() && 2*(err-tol) <= s.halfTick():
			// Within a quarter tick of the rule (and 1 ms): kept, and
			// slewed a frame a window (A3); the rule's delay stands.
		case mean > 0 && mean <= s.maxDelay && short == 0:
			// Sounds were placed with the first anchor and none would be
			// late: moving the mapping would put every later sound off
			// them, so the measured lead is kept as the delay.
			s.adopt(mean, "the first anchor's lead kept, sounds were already placed")
			return
		case err > s.maxDelay || err < -s.maxDelay:
			// The output's start anchors the mapping: a server may start
			// a stream a second or more after the game's first Update
			// (or the game's first frames may come after the output's),
			// and sounds placed before are heard from the output's
			// start. That is where the mapping begins, not a parting of
			// the two: no line, and not counted as a re-anchor (A3).
			s.anchorF -= err
			s.scheduled = false
			if launchtrace.On() {
				launchtrace.Mark(fmt.Sprintf("audio: the output's start anchored game time, %v from the provisional mapping",
					s.framesToDuration(err)))
			}
			return
		}
	}
	if short > 0 {
		s.shortRun++
		s.shortMax = max(s.shortMax, short)
	} else {
		s.shortRun, s.shortMax = 0, 0
	}
	switch {
	case err > s.maxDelay || err < -s.maxDelay:
		s.anchorF -= err
		s.scheduled = false
		s.shortRun, s.shortMax = 0, 0
		s.reanchors.Add(1)
		s.report(fmt.Sprintf("audio: game time and the output parted by %v (a pause, lost time): the mapping moved back to the delay, %v",
			s.framesToDuration(err), s.framesToDuration(s.target)))
	case s.shortRun >= 3 && s.delay < s.maxDelay:
		s.grow(s.shortMax, mean)
	case err > tol:
		s.anchorF--
	case err < -tol:
		s.anchorF++
	}
}

// adopt makes the delay d frames without moving the mapping (it
// measured d) and records why in the rule.
func (s *System) adopt(d int64, why string) {
	old := s.delay
	s.delay, s.target = d, d
	s.delayAt.Store(d)
	rule := ""
	if r := s.rule.Load(); r != nil {
		rule = *r
	}
	rule = fmt.Sprintf("%v: %s (the rule gave %s)", s.framesToDuration(d), why, rule)
	s.rule.Store(&rule)
	if d != old {
		s.changes.Add(1)
		s.report(fmt.Sprintf("audio: delay %v -> %v: %s", s.framesToDuration(old), s.framesToDuration(d), why))
	}
}

// grow adds by frames to the delay (up to its cap), moves the mapping by
// as much, holds the mapping where the window's mean lead (mean) now
// sits, so slewing neither undoes the growth nor adds to it, and reports
// the change in Stats and in one line.
func (s *System) grow(by, mean int64) {
	old := s.delay
	s.delay = min(s.delay+by, s.maxDelay)
	s.anchorF += s.delay - old
	s.target = mean + s.delay - old
	s.shortRun, s.shortMax = 0, 0
	s.delayAt.Store(s.delay)
	s.changes.Add(1)
	rule := ""
	if r := s.rule.Load(); r != nil {
		rule = *r
	}
	rule = fmt.Sprintf("%s; grew by %v to %v (a measured shortfall)", rule, s.framesToDuration(s.delay-old), s.framesToDuration(s.delay))
	s.rule.Store(&rule)
	s.report(fmt.Sprintf("audio: delay %v -> %v: Updates found their frame already mixed by up to %v in three windows running (cap %v)",
		s.framesToDuration(old), s.framesToDuration(s.delay), s.framesToDuration(by), s.framesToDuration(s.maxDelay)))
}

// frameNow is the output frame of the current Update's game time.
func (s *System) frameNow() int64 {
	return s.anchorF + s.framesOf(s.gameT-s.anchorT)
}

// startFrame is where a sound played now starts: the current Update's
// frame, or at once (-1) outside an Update.
func (s *System) startFrame() int64 {
	if !s.inUpdate || !s.anchored {
		return -1
	}
	s.scheduled = true
	return s.frameNow()
}

// EndUpdate ends the Update that BeginUpdate began: it feeds the streams,
// raises the events that are due and, in lockstep, renders up to the
// game time after the Update (A4). The engine calls it.
func (s *System) EndUpdate(gt timing.GameTime) error {
	s.inUpdate = false
	s.flushSurely()
	s.player.feed()
	for i, n := 0, len(s.dynamic); i < n; i++ {
		s.dynamic[i].poll()
	}
	s.pruneDynamic()
	s.player.poll()
	if s.out != nil || s.closed {
		return nil
	}
	if !s.anchored {
		s.anchored, s.anchorT, s.anchorF = true, gt.TotalGameTime, s.mix.frame
	}
	end := s.anchorF + s.framesOf(gt.TotalGameTime+gt.ElapsedGameTime-s.anchorT)
	return s.renderTo(end)
}

// renderTo renders in lockstep up to output frame end.
func (s *System) renderTo(end int64) error {
	for s.mix.frame < end {
		n := end - s.mix.frame
		if max := int64(len(s.scratch) / 2); n > max {
			n = max
		}
		buf := s.scratch[:2*n]
		s.player.feed()
		s.mix.render(buf)
		if s.sink != nil {
			if err := s.sink.WriteFrames(buf); err != nil {
				s.sink = nil
				return fmt.Errorf("audio: write: %w", err)
			}
		}
	}
	return nil
}

// Close stops every sound, closes the MediaPlayer's song, and closes the
// Output (which drains what was rendered) or the Sink. A second call does
// nothing.
func (s *System) Close() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return nil
	}
	s.closed = true
	var errs []error
	s.player.close()
	if s.out != nil {
		errs = append(errs, s.out.Close())
	}
	if s.sink != nil {
		errs = append(errs, s.sink.Close())
	}
	if err := errors.Join(errs...); err != nil {
		return fmt.Errorf("audio: close: %w", err)
	}
	return nil
}

// allocSlot finds a free voice slot and bumps its generation; false when
// every slot is busy (the voice limit, A2).
func (s *System) allocSlot() (int32, uint32, bool) {
	n := len(s.gen)
	for k := 0; k < n; k++ {
		i := (s.hint + k) % n
		if s.mix.done[i].Load() == s.gen[i] {
			s.gen[i]++
			s.hint = (i + 1) % n
			return int32(i), s.gen[i], true
		}
	}
	return 0, 0, false
}

// slotBusy reports whether slot still plays generation gen.
func (s *System) slotBusy(slot int32, gen uint32) bool {
	return slot >= 0 && s.mix.done[slot].Load() != gen
}

// play starts a voice; false (counted) past the voice limit or with a
// full queue.
func (s *System) play(c command) (int32, uint32, bool) {
	if s.closed {
		return -1, 0, false
	}
	slot, gen, ok := s.allocSlot()
	if !ok {
		s.dropped.Add(1)
		return -1, 0, false
	}
	c.kind, c.slot, c.gen, c.at = cmdPlay, slot, gen, s.startFrame()
	if !s.mix.q.push(c) {
		s.gen[slot]-- // not sent: the slot stays free
		s.dropped.Add(1)
		return -1, 0, false
	}
	return slot, gen, true
}

// sendSurely queues c, or keeps it to send again at each EndUpdate until
// the queue takes it (Dispose's stops must reach the mixer).
func (s *System) sendSurely(c command) {
	if s.closed {
		return
	}
	if len(s.surely) > 0 || !s.send(c) {
		s.surely = append(s.surely, c)
	}
}

func (s *System) flushSurely() {
	k := 0
	for k < len(s.surely) && s.send(s.surely[k]) {
		k++
	}
	if k > 0 {
		n := copy(s.surely, s.surely[k:])
		clear(s.surely[n:])
		s.surely = s.surely[:n]
	}
}

// listDynamic lists a dynamic instance that started playing, for its
// BufferNeeded.
func (s *System) listDynamic(d *DynamicSoundEffectInstance) {
	if !d.listed {
		d.listed = true
		s.dynamic = append(s.dynamic, d)
	}
}

// pruneDynamic drops the stopped and disposed instances from the list, so
// the System keeps none the game no longer plays.
func (s *System) pruneDynamic() {
	k := 0
	for _, d := range s.dynamic {
		if d.sounding() {
			s.dynamic[k] = d
			k++
		} else {
			d.listed = false
		}
	}
	clear(s.dynamic[k:])
	s.dynamic = s.dynamic[:k]
}

// send queues a command for a playing voice; false when the queue is full.
func (s *System) send(c command) bool {
	if s.closed {
		return false
	}
	return s.mix.q.push(c)
}

// clamp returns v within lo..hi; NaN counts as 0 (silence for a volume,
// the centre for a pitch or a pan), not as one end of the range.
func clamp(v, lo, hi float32) float32 {
	if v != v {
		v = 0
	}
	return min(max(v, lo), hi)
}
