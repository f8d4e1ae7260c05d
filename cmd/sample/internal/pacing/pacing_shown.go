package pacing

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/renderer/present/pacing"
)

// A real run's judder comes from what the display showed (rule P9's
// Displayed events) when the platform measures it, and says which times
// it used: the compositor's presented times, its frame-done times (ms
// precision, one per frame shown: headless sway), or, where nothing is
// measured (X11, Xvfb), the times the presents returned, binned on the
// refresh the display reports.
const (
	shownPresented = "presented"
	shownFrameDone = "frame done"
	shownReturned  = "present returned"
)

// displayEvent is one Displayed answer as the real run records it.
type displayEvent struct {
	// Frame is the Presented.Index of the frame answered.
	Frame uint64
	// Kind is DisplayPresented, DisplayFrameDone or DisplayDiscarded.
	Kind engine.DisplayKind
	// At is when the frame was shown, on the engine's clock.
	At time.Duration
	// Refresh is the refresh period the compositor reported (0: none).
	Refresh time.Duration
}

// shownJudder is the judder of one real run: for each refresh from the
// first shown frame on, how many new updates the picture carried.
type shownJudder struct {
	// Source is shownPresented, shownFrameDone or shownReturned.
	Source string
	// Period is the refresh period the times were binned on: given, or
	// measured from the display's times, or the reported refresh for
	// shownReturned; zero when there was none (then nothing is counted).
	Period time.Duration
	// Given is true when Period was given (-refresh), not measured.
	Given bool
	// Reported is the refresh period the display reports (0: none).
	Reported time.Duration
	// Shown counts the frames the display reported shown; Discarded those
	// it reported never shown.
	Shown, Discarded int
	// Refreshes counts the refreshes after the first shown frame's, up to
	// the last shown frame's; Repeats those that showed no new frame.
	Refreshes, Repeats int
	// NewUpdates[k] counts refreshes whose picture showed k new updates
	// (the last bucket: k or more).
	NewUpdates [pacing.JudderBuckets]int
}

// shares returns the share of refreshes, in percent, in each bucket of
// judderLabels.
func (j *shownJudder) shares() []float64 {
	return judderShares(&pacing.Report{Refreshes: j.Refreshes, NewUpdates: j.NewUpdates})
}

// repeatShare returns the share of refreshes, in percent, that repeated
// the previous picture.
func (j *shownJudder) repeatShare() float64 {
	if j.Refreshes == 0 {
		return 0
	}
	return 100 * float64(j.Repeats) / float64(j.Refreshes)
}

// String says where the judder came from, as in "frame done, 612 shown,
// binned on 16.598 ms (measured)".
func (j *shownJudder) String() string {
	how := "measured from the display's times"
	switch {
	case j.Given:
		how = "given with -refresh"
	case j.Source == shownReturned:
		how = "the refresh the display reports"
	}
	if j.Period <= 0 {
		return fmt.Sprintf("%s: no refresh period to bin on, judder not counted", j.Source)
	}
	line := fmt.Sprintf("%s, %d frames shown, %d discarded, binned on %s ms (%s)",
		j.Source, j.Shown, j.Discarded, ms(j.Period), how)
	// A display runs at its reported rate or, like headless sway, faster;
	// a period measured much longer is a display that waited for the game.
	if !j.Given && j.Reported > 0 && float64(j.Period) > float64(j.Reported)*1.05 {
		line += fmt.Sprintf("; NOTE: %.0f%% longer than the %s ms refresh the display reports: where frames do not show "+
			"on every refresh (a slow tick on a display that refreshes on demand, as headless sway does) "+
			"the display's times cannot show its refresh: give it with -refresh",
			100*(float64(j.Period)/float64(j.Reported)-1), ms(j.Reported))
	}
	return line
}

// judderFromDisplay counts, refresh by refresh, the new updates the display
// showed. samples are the run's presents in order, the first with present
// index first (Presented.Index; each later present is the next index), and
// each sample's Updates are the updates run since the previous present.
// events are the run's Displayed answers in order. With at least two shown
// frames it bins their display times on the refresh period measured from
// them (measurePeriod; its first guess the median refresh the compositor
// reported, else hint: the refresh the display reports, 0 if none). A
// shown frame carries every update since the previous shown frame
// (discarded frames' included). Without, it bins the times the presents
// returned on hint, and counts nothing when hint is 0. A given period
// (-refresh; 0 for none) replaces the measured or reported one.
func judderFromDisplay(first uint64, samples []pacingSample, events []displayEvent, hint, given time.Duration) shownJudder {
	var j shownJudder
	var times []time.Duration
	var carried []int
	var refreshes []time.Duration
	cum := make([]int, len(samples)+1) // cum[i+1]: updates up to sample i
	for i, s := range samples {
		cum[i+1] = cum[i] + s.Updates
	}
	prev := -1 // sample index of the previous shown frame
	presented := false
	for _, e := range events {
		switch e.Kind {
		case engine.DisplayDiscarded:
			j.Discarded++
			continue
		case engine.DisplayPresented, engine.DisplayFrameDone:
		default:
			continue
		}
		if e.At <= 0 || e.Frame < first || e.Frame-first >= uint64(len(samples)) {
			continue
		}
		p := int(e.Frame - first)
		if p <= prev || (len(times) > 0 && e.At < times[len(times)-1]) {
			continue // not newer than the last shown frame
		}
		j.Shown++
		presented = presented || e.Kind == engine.DisplayPresented
		if e.Kind == engine.DisplayPresented && e.Refresh > 0 {
			refreshes = append(refreshes, e.Refresh)
		}
		times = append(times, e.At)
		carried = append(carried, cum[p+1]-cum[prev+1])
		prev = p
	}
	if len(times) >= 2 {
		j.Source = shownFrameDone
		if presented {
			j.Source = shownPresented
		}
		if len(refreshes) > 0 { // the compositor's own (often nominal) refresh
			slices.Sort(refreshes)
			hint = refreshes[len(refreshes)/2]
		}
		j.Period = measurePeriod(times, hint)
	} else {
		j = shownJudder{Source: shownReturned, Period: hint, Discarded: j.Discarded}
		times, carried = times[:0], carried[:0]
		for _, s := range samples {
			times = append(times, s.PresentAt)
			carried = append(carried, s.Updates)
		}
	}
	if given > 0 {
		j.Period, j.Given = given, true
	}
	j.Reported = hint
	if j.Period > 0 {
		j.bin(times, carried, j.Source != shownReturned)
	}
	return j
}

// phaseGain is how much of each shown frame's offset from the refresh
// grid moves the grid (see bin).
const phaseGain = 1.0 / 8

// bin counts the refreshes of times (increasing) on a grid of j.Period
// whose refresh 0 is the first time (the baseline, not counted): time t
// lands in refresh round((t - refresh 0) / Period); times in one refresh
// add up, and refreshes with none are repeats. A grid, not gap by gap:
// rounding each gap on its own would turn 16.7 ms gaps on a 6.4 ms
// refresh into 3 refreshes every time. When the times are the display's
// (display), each shown frame is a refresh of its own (a later time in
// the same refresh goes to the next one), and the grid follows the
// display's phase by phaseGain of each frame's offset: a display whose
// refresh wanders (headless sway's frame timer starts at each commit)
// would otherwise drift across the grid's boundaries and show false
// 0/2 pairs.
func (j *shownJudder) bin(times []time.Duration, carried []int, display bool) {
	p := float64(j.Period)
	zero := float64(times[0]) // when refresh 0 began
	last := int64(0)          // the refresh being counted; 0 is the baseline's
	cur := 0                  // new updates it showed
	for i := 1; i < len(times); i++ {
		x := (float64(times[i]) - zero) / p
		r := int64(math.Round(x))
		if display {
			r = max(r, last+1)
			zero += phaseGain * (x - float64(r)) * p
		}
		if r > last {
			if last > 0 {
				j.count(cur)
			}
			for range r - last - 1 {
				j.count(0)
			}
			last, cur = r, 0
		}
		if last > 0 {
			cur += carried[i]
		}
	}
	if last > 0 {
		j.count(cur)
	}
}

// count adds one refresh that showed k new updates.
func (j *shownJudder) count(k int) {
	j.Refreshes++
	if k == 0 {
		j.Repeats++
	}
	j.NewUpdates[min(k, pacing.JudderBuckets-1)]++
}

// measurePeriod returns the refresh period that the display times (shown
// frames, increasing) sit on, when frames need not show on every refresh:
// the period within [3/4, 4/3] of a first guess that puts every gap
// between times nearest to a whole number of periods, refined to the
// total time over the total refreshes. The first guess is hint (the
// refresh the display reports; sway's 144 Hz really runs at ~157 Hz), or
// without one the typical shortest gap. It returns 0 with no gap.
func measurePeriod(times []time.Duration, hint time.Duration) time.Duration {
	gaps := make([]float64, 0, len(times))
	for i := 1; i < len(times); i++ {
		if d := times[i] - times[i-1]; d > 0 {
			gaps = append(gaps, float64(d))
		}
	}
	if len(gaps) == 0 {
		return 0
	}
	guess := float64(hint)
	if guess <= 0 {
		guess = shortGap(gaps)
	}
	lo, hi := guess*3/4, guess*4/3
	step := max(guess/20000, float64(time.Microsecond)/4)
	best, bestCost := guess, math.Inf(1)
	for p := lo; p <= hi; p += step {
		cost := 0.0
		for _, d := range gaps {
			x := d / p
			r := x - math.Round(x)
			cost += r * r
		}
		if cost < bestCost {
			best, bestCost = p, cost
		}
	}
	var sum, n float64
	for _, d := range gaps {
		if k := math.Round(d / best); k >= 1 {
			sum, n = sum+d, n+k
		}
	}
	if n == 0 {
		return time.Duration(best)
	}
	return time.Duration(math.Round(sum / n))
}

// shortGap is the typical shortest gap: the median of the gaps no longer
// than 1.5 times the 10th percentile.
func shortGap(gaps []float64) float64 {
	s := slices.Clone(gaps)
	slices.Sort(s)
	p10 := s[len(s)/10]
	end := len(s)
	for end > 0 && s[end-1] > 1.5*p10 {
		end--
	}
	return s[(end-1)/2]
}
