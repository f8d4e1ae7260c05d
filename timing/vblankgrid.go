package timing

import (
	"slices"
	"time"
)

// vblankGrid predicts the display's vblanks from presentation feedback
// (P10): vblank k after the anchor is at anchor + k x period. It is a
// second-order phase-locked loop in integer picoseconds: each sample's
// error against the prediction moves the anchor by 1/8 of it and the
// period by 1/256 of it, so feedback jitter (a compositor's timestamps
// scatter by ~0.2 ms) moves the step boundaries smoothly, never by a
// visible step. The period is seeded from the reported refresh, replaced
// by the mean measured period once lockMinSamples samples arrived, and
// then tracked by the loop.
type vblankGrid struct {
	samples  int
	anchor   time.Duration // the predicted vblank of the newest sample (ns part)
	anchorPs int64         // sub-nanosecond part of anchor, in [0, 1000)
	periodPs int64         // estimated refresh period, in picoseconds; 0 unknown
	last     time.Duration // PresentedAt of the newest sample, as reported
	lastSeq  uint64
	first    time.Duration             // PresentedAt of the first sample since restart
	span     int64                     // refreshes from first to last
	seeded   bool                      // periodPs came from a reported refresh
	gaps     [lockMinSamples - 1]int64 // the first gaps between samples, in ps
}

const (
	phaseGainShift  = 3 // anchor moves by error / 8
	periodGainShift = 8 // period moves by error / 256 per refresh
	// maxGridGap is the longest gap between samples the loop bridges; a
	// longer one restarts the grid (and keeps picosecond sums in range).
	maxGridGap = time.Hour
	// boundaryOffsetShift places step boundaries 1/8 period after the
	// predicted vblank: clear of the jitter of the prediction, leaving most
	// of the refresh to update, draw and present before the next one.
	boundaryOffsetShift = 3
)

// period returns the estimated refresh period, zero when unknown.
func (g *vblankGrid) period() time.Duration { return time.Duration(g.periodPs / 1000) }

// add takes one feedback sample; one not newer than the last is ignored.
func (g *vblankGrid) add(f Feedback) {
	t := f.PresentedAt
	if g.samples > 0 && t <= g.last {
		return
	}
	if g.samples == 0 || t-g.last > maxGridGap {
		g.restart(f)
		return
	}
	dt := int64(t-g.last) * 1000
	if g.samples < lockMinSamples {
		g.gaps[g.samples-1] = dt
	}
	k := g.refreshesBetween(f, dt)
	if g.periodPs <= 0 {
		g.periodPs = dt / k
	}
	g.samples++
	g.last, g.lastSeq = t, f.Seq
	g.span += k
	if g.samples == lockMinSamples {
		g.seedPeriod(t)
		return
	}
	pred := g.anchorPs + k*g.periodPs
	e := int64(t-g.anchor)*1000 - pred
	if e > g.periodPs/2 || e < -g.periodPs/2 {
		g.anchor, g.anchorPs = t, 0 // a jump (a mode change, a lost count): re-anchor
		return
	}
	g.setAnchor(pred + e>>phaseGainShift)
	g.periodPs = max(g.periodPs+(e>>periodGainShift)/k, 1000)
}

// restart makes f the grid's only sample.
func (g *vblankGrid) restart(f Feedback) {
	*g = vblankGrid{samples: 1, anchor: f.PresentedAt, last: f.PresentedAt, lastSeq: f.Seq, first: f.PresentedAt}
	if f.Refresh > 0 {
		g.periodPs = int64(f.Refresh) * 1000
		g.seeded = true
	}
}

// seedPeriod replaces the first period estimate once lockMinSamples
// samples arrived, so that the loop starts near the truth instead of
// taking hundreds of refreshes to get there: with a reported refresh (or
// vblank counters) to count the refreshes between samples, the mean
// measured period; without, the median gap between samples (a gap of two
// refreshes, or two samples in one, do not move a median of seven).
func (g *vblankGrid) seedPeriod(t time.Duration) {
	if g.seeded || g.lastSeq != 0 {
		g.periodPs = int64(t-g.first) * 1000 / g.span
	} else {
		gaps := g.gaps
		slices.Sort(gaps[:])
		g.periodPs = max(gaps[len(gaps)/2], 1000)
	}
	g.anchor, g.anchorPs = t, 0
}

// refreshesBetween is how many refreshes passed between the last sample
// and f, dtPs later: from the vblank counter when both have one, else the
// gap in estimated periods (at least 1), else 1.
func (g *vblankGrid) refreshesBetween(f Feedback, dtPs int64) int64 {
	switch {
	case f.Seq != 0 && g.lastSeq != 0 && f.Seq > g.lastSeq && f.Seq-g.lastSeq < 1<<20:
		return int64(f.Seq - g.lastSeq)
	case g.periodPs > 0:
		return max((dtPs+g.periodPs/2)/g.periodPs, 1)
	}
	return 1
}

// setAnchor moves the anchor to anchor + ps picoseconds.
func (g *vblankGrid) setAnchor(ps int64) {
	g.anchor += time.Duration(floorDiv(ps, 1000))
	g.anchorPs = ps - floorDiv(ps, 1000)*1000
}

// rel is t's offset from the anchor's exact time less the boundary offset,
// in picoseconds (saturating at ±maxGridGap so the products stay in range).
func (g *vblankGrid) rel(t time.Duration) int64 {
	d := max(min(t-g.anchor, maxGridGap), -maxGridGap)
	return int64(d)*1000 - g.anchorPs - g.periodPs>>boundaryOffsetShift
}

// at is the time of the step boundary k refreshes after the anchor.
func (g *vblankGrid) at(k int64) time.Duration {
	return g.anchor + time.Duration(floorDiv(g.anchorPs+k*g.periodPs+g.periodPs>>boundaryOffsetShift, 1000))
}

// nextBoundary is the step boundary m refreshes after the boundary at
// after, on the current grid: the boundary nearest after + m periods, and
// always later than after.
func (g *vblankGrid) nextBoundary(after time.Duration, m int64) time.Duration {
	x := g.rel(after) + m*g.periodPs
	k := floorDiv(x+g.periodPs/2, g.periodPs)
	b := g.at(k)
	for b <= after {
		k++
		b = g.at(k)
	}
	return b
}

// latestAtOrBefore is the last step boundary at or before t.
func (g *vblankGrid) latestAtOrBefore(t time.Duration) time.Duration {
	k := floorDiv(g.rel(t), g.periodPs)
	b := g.at(k)
	for b > t {
		k--
		b = g.at(k)
	}
	return b
}

// floorDiv is a / b rounded toward negative infinity, for b > 0.
func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && a < 0 {
		q--
	}
	return q
}
