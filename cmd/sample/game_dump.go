package main

import (
	"bufio"
	"fmt"
	"os"

	"github.com/metronome-engine/metronome/engine"
)

// writeDump writes the simulation state and the clock values to path, one
// "name value" line each (T21). It holds nothing that depends on the real
// display (no present mode, no wall time), so two runs with -fixed-dt and
// the same -input give identical files. Times are in 100 ns ticks.
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
	fmt.Fprintf(w, "total_game_time %d\nscene_time %d\n", sched.TotalGameTime(), s.scene)
	fmt.Fprintf(w, "target_elapsed_time %d\nhz %g\n", g.TargetElapsedTime(), s.hz)
	fmt.Fprintf(w, "fixed_step %t\nrunning_slowly %t\n", g.IsFixedTimeStep(), sched.IsRunningSlowly())
	fmt.Fprintf(w, "dropped %d\naccumulated %d\n", st.Dropped, sched.Accumulated())
	fmt.Fprintf(w, "swap_interval %d\nscript_presses_done %d\n", s.interval, s.inj.next)
	if s.source != nil {
		fmt.Fprintf(w, "source_now_ns %d\n", s.source.Now())
	}
	return w.Flush()
}
