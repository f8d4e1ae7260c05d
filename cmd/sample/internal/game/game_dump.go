package game

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strconv"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present"
	"github.com/metronome-engine/metronome/timing"
)

// writeDump writes the simulation state and the clock values to path, one
// "name value" line each (T21). It holds nothing that depends on the real
// display (no present mode), so two runs with -fixed-dt and the same -input
// give identical files; with the system clock the GameClock's values are
// wall time and differ. One deliberate exception depends on the driver:
// how the present-mode changes went (presentation_changes,
// presentation_in_place, swapchain_rebuilds after the first; P5, P11), so a
// dump says whether a script's interval keys switched in place or rebuilt;
// two runs on the same driver still give identical files. Scheduler times
// are in 100 ns ticks, GameClock times in nanoseconds, ball values in world
// units and seconds with every digit of the float64 (strconv's 'g', -1:
// they read back bit for bit).
func (s *sampleGame) writeDump(g *engine.Game, path string) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); cerr != nil && err == nil {
			err = cerr
		}
	}()
	w := bufio.NewWriter(f)
	sched := g.Scheduler()
	st := sched.Stats()
	fmt.Fprintf(w, "draws %d\n", s.draws)
	fmt.Fprintf(w, "ticks %d\nupdates %d\nscheduler_draws %d\n", st.Ticks, st.Updates, st.Draws)
	fmt.Fprintf(w, "total_game_time %d\n", sched.TotalGameTime())
	fmt.Fprintf(w, "target_elapsed_time %d\nhz %g\n", g.TargetElapsedTime(), s.hz)
	fmt.Fprintf(w, "fixed_step %t\nrunning_slowly %t\n", g.IsFixedTimeStep(), sched.IsRunningSlowly())
	fmt.Fprintf(w, "dropped %d\naccumulated %d\n", st.Dropped, sched.Accumulated())
	fmt.Fprintf(w, "swap_interval %d\nscript_presses_done %d\n", s.interval, s.inj.next)
	fmt.Fprintf(w, "paused %t\nloads %d\n", s.paused, s.loads)
	s.dumpClock(w)
	s.dumpBalls(w)
	s.dumpPresentation(w, g)
	fmt.Fprintf(w, "pose_checksum %016x\n", s.poseChecksum()) // game_model.go
	if f, ok := s.source.(*timing.FixedDt); ok {
		fmt.Fprintf(w, "source_now_ns %d\n", f.Now())
	}
	return w.Flush()
}

// dumpPresentation writes how the present-mode changes went (P11): zeros
// for a renderer that does not count them.
func (s *sampleGame) dumpPresentation(w io.Writer, g *engine.Game) {
	var c present.SwitchCounts
	if dev := g.GraphicsDevice(); dev != nil {
		c = dev.PresentationCounts()
	}
	fmt.Fprintf(w, "presentation_changes %d\npresentation_in_place %d\nswapchain_rebuilds %d\n", c.Changes, c.InPlace, c.Rebuilds)
}

// dumpClock writes the cube's GameClock (T18, T19) and the scene time of
// the last draw.
func (s *sampleGame) dumpClock(w io.Writer) {
	c := s.clock
	fmt.Fprintf(w, "game_clock_wall_ns %d\ngame_clock_game_ns %d\n", c.Wall(), c.Game())
	fmt.Fprintf(w, "game_clock_lock_depth %d\ngame_clock_save_depth %d\n", c.LockDepth(), c.SaveDepth())
	fmt.Fprintf(w, "scene_time_ns %d\n", s.scene)
}

// dumpBalls writes both balls' states and where the last draw showed them.
func (s *sampleGame) dumpBalls(w io.Writer) {
	names := [...]string{ballInterpolated: "interpolated", ballLatest: "latest"}
	for i, b := range s.balls {
		fmt.Fprintf(w, "ball_%s_y %s\nball_%s_vy %s\nball_%s_prev_y %s\nball_%s_drawn_y %s\n",
			names[i], exact(b.Y), names[i], exact(b.VY), names[i], exact(b.PrevY), names[i], exact(s.drawnY[i]))
	}
}

// exact formats v with the fewest digits that read back to the same
// float64.
func exact(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
