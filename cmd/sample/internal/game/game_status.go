package game

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// statusPeriod is how often the window title is rebuilt.
const statusPeriod = 500 * time.Millisecond

// slowHold is how long the title keeps saying "slow in the last second"
// after a slow tick. IsRunningSlowly itself lasts only until the next tick
// that keeps up (about 0.28 s after L), shorter than statusPeriod, and the
// XNA profile never sets it for a lone spike, so the title would miss it.
const slowHold = time.Second

// gameStatus measures the draw and update rates for the title and the
// HUD between refreshes and holds the slow indicator; only a refresh
// formats the title (the other frames allocate nothing). Its times are on
// the engine's clock, not the wall's, so under -fixed-dt every figure is
// a function of the run (rule G12). Its logic reads no clock and no game:
// step takes the time and a statusInput, so tests inject both.
type gameStatus struct {
	at      time.Duration   // the last refresh (engine clock)
	draws   int             // frames drawn then
	updates uint64          // the scheduler's updates then
	dropped timing.TimeSpan // the clamp's total at the last observation
	slowAt  time.Duration   // the last observation of a slow tick
	slowSet bool            // slowAt is set
	force   bool            // refresh at the next update (a setting changed)
}

// statusInput is what one update shows the status: the counters, the
// scheduler's state and the settings.
type statusInput struct {
	draws     int    // frames actually drawn so far (not the ticks' draw turns)
	updates   uint64 // Update callbacks so far
	slow      bool   // IsRunningSlowly
	lastSteps int    // updates in the scheduler's last tick
	dropped   timing.TimeSpan
	inactive  bool // unfocused or minimized: the game sleeps between ticks
	fixed     bool
	freeDraw  bool // the free-running draw mode (-free-draw)
	hz        float64
	paused    bool
}

// statusLine is what the title shows.
type statusLine struct {
	drawsPerSec, updatesPerSec float64
	choice                     present.Choice  // requested interval, mode in use, fallback
	slow                       bool            // a slow tick in the last second (slowHold)
	inactive                   bool            // unfocused or minimized
	fixed                      bool            // fixed step
	freeDraw                   bool            // draws once per presented frame (-free-draw)
	hz                         float64         // target update rate
	dropped                    timing.TimeSpan // time the clamp dropped so far (T5)
	paused                     bool            // P
	measured                   string          // P9: what the display reports of presents
	lock                       string          // P10: the display lock's state, "" when off
}

// start begins the first measurement at now.
func (st *gameStatus) start(now time.Duration, in statusInput) {
	st.at, st.draws, st.updates, st.dropped = now, in.draws, in.updates, in.dropped
}

// update reads g and the sample's counters at now (the engine's clock) and
// returns a new line and true when statusPeriod has passed since the last
// one, or a setting changed.
func (st *gameStatus) update(g *engine.Game, now time.Duration, draws int, hz float64, paused bool) (statusLine, bool) {
	l, ok := st.step(now, gameStatusInput(g, draws, hz, paused))
	if !ok {
		return statusLine{}, false
	}
	if dev := g.GraphicsDevice(); dev != nil {
		l.choice = dev.Presentation()
		l.measured = "presentation times not measured"
		if dev.PresentationMeasured() {
			l.measured = "presentation times measured: " + dev.LastDisplayed().Kind.String()
		}
	}
	if st := g.DisplayLock(); st.Requested {
		l.lock = st.String()
	}
	return l, true
}

// gameStatusInput reads what the status needs from g; draws is the
// sample's count of frames drawn (its Draw runs only for a frame the
// engine draws: never while minimized).
func gameStatusInput(g *engine.Game, draws int, hz float64, paused bool) statusInput {
	sched := g.Scheduler()
	stats := sched.Stats()
	return statusInput{draws: draws, updates: stats.Updates, slow: sched.IsRunningSlowly(),
		lastSteps: stats.LastSteps, dropped: stats.Dropped, inactive: !g.IsActive() || g.IsMinimized(),
		fixed: g.IsFixedTimeStep(), freeDraw: g.DrawMode() == timing.DrawFreeRunning, hz: hz, paused: paused}
}

// step observes one update at now: a tick that runs slowly, ran more than
// one update or dropped time marks now as slow. It returns the title's
// line (without the presentation, which update adds) and true when statusPeriod has passed since the last refresh, or a
// setting changed.
func (st *gameStatus) step(now time.Duration, in statusInput) (statusLine, bool) {
	if in.slow || in.lastSteps > 1 || in.dropped > st.dropped {
		st.slowAt, st.slowSet = now, true
	}
	st.dropped = in.dropped
	el := now - st.at
	if el < statusPeriod && !st.force {
		return statusLine{}, false
	}
	line := statusLine{
		drawsPerSec:   perSecond(in.draws-st.draws, el),
		updatesPerSec: perSecond(int(in.updates-st.updates), el),
		slow:          st.slowSet && now-st.slowAt < slowHold,
		inactive:      in.inactive,
		fixed:         in.fixed,
		freeDraw:      in.freeDraw,
		hz:            in.hz,
		dropped:       in.dropped,
		paused:        in.paused,
	}
	st.at, st.draws, st.updates, st.force = now, in.draws, in.updates, false
	return line, true
}

// String formats the title, for example "metronome sample | 143.9 draws/s
// 60.0 updates/s | interval 1: FIFO | dropped 0.0 ms | fixed 60 Hz".
func (l statusLine) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "metronome sample | %.1f draws/s %.1f updates/s | interval %d: %v",
		l.drawsPerSec, l.updatesPerSec, l.choice.Requested, l.choice.DisplayMode())
	if l.choice.Hold == present.HalfRateHold {
		b.WriteString(" half rate")
	}
	if l.choice.FellBack {
		b.WriteString(" (fallback)")
	}
	if s := l.choice.Switch.String(); s != "" { // P11: how the last change went
		b.WriteString(" (" + s + ")")
	}
	if l.slow {
		b.WriteString(" | slow in the last second")
	}
	fmt.Fprintf(&b, " | dropped %.1f ms", l.dropped.Milliseconds())
	step := "fixed"
	if !l.fixed {
		step = "variable"
	}
	fmt.Fprintf(&b, " | %s %g Hz", step, l.hz)
	if l.fixed && l.freeDraw {
		b.WriteString(", free-running draws")
	}
	if l.paused {
		b.WriteString(" | paused")
	}
	if l.inactive {
		b.WriteString(" | inactive")
	}
	if l.measured != "" {
		b.WriteString(" | " + l.measured)
	}
	if l.lock != "" {
		b.WriteString(" | " + l.lock)
	}
	return b.String()
}

// perSecond is n events in d as a rate per second (0 for an empty d).
func perSecond(n int, d time.Duration) float64 {
	if d <= 0 {
		return 0
	}
	return float64(n) / d.Seconds()
}

// appendHUD appends the HUD's text for l to b, one line per figure: the
// rates, the presentation, the step and the time dropped, IsRunningSlowly
// now (slowNow) and the held "slow in the last second", and the pause and
// inactive flags. It allocates nothing once b has room.
func appendHUD(b []byte, l statusLine, slowNow bool) []byte {
	b = strconv.AppendFloat(b, l.drawsPerSec, 'f', 1, 64)
	b = append(b, " draws/s  "...)
	b = strconv.AppendFloat(b, l.updatesPerSec, 'f', 1, 64)
	b = append(b, " updates/s\ninterval "...)
	b = strconv.AppendInt(b, int64(l.choice.Requested), 10)
	b = append(b, ": "...)
	b = appendMode(b, l.choice.Mode)
	if l.choice.Hold == present.HalfRateHold {
		b = append(b, " half rate"...)
	}
	if l.choice.FellBack {
		b = append(b, " (fallback)"...)
	}
	if s := l.choice.Switch.String(); s != "" { // P11: how the last change went
		b = append(b, " ("...)
		b = append(b, s...)
		b = append(b, ')')
	}
	if l.fixed {
		b = append(b, "\nfixed "...)
	} else {
		b = append(b, "\nvariable "...)
	}
	b = strconv.AppendFloat(b, l.hz, 'g', -1, 64)
	if l.fixed && l.freeDraw {
		b = append(b, " Hz free-running draws  dropped "...)
	} else {
		b = append(b, " Hz  dropped "...)
	}
	b = strconv.AppendFloat(b, l.dropped.Milliseconds(), 'f', 1, 64)
	b = append(b, " ms\nIsRunningSlowly "...)
	b = strconv.AppendBool(b, slowNow)
	if l.slow {
		b = append(b, "  slow in the last second"...)
	}
	if l.paused || l.inactive {
		b = append(b, '\n')
		if l.paused {
			b = append(b, "paused  "...)
		}
		if l.inactive {
			b = append(b, "inactive"...)
		}
	}
	return b
}

// appendMode appends m's name, or "none" before the device reports a mode
// (PresentMode's String formats unknown values, which allocates).
func appendMode(b []byte, m present.PresentMode) []byte {
	switch m {
	case present.ModeImmediate, present.ModeMailbox, present.ModeFIFO, present.ModeFIFORelaxed:
		return append(b, m.String()...)
	}
	return append(b, "none"...)
}
