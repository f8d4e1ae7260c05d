package timing

import (
	"fmt"
	"time"
)

// WaitPolicy says how a fixed-step tick waits for its next step (T5, T6).
type WaitPolicy int

const (
	// WaitAdaptive sleeps 1 ms at a time while the time still owed exceeds
	// the worst sleep seen in the last 128 sleeps, then yields (T6). The
	// estimate is a true sliding-window maximum: it falls back after 128
	// quiet sleeps. This is the default.
	WaitAdaptive WaitPolicy = iota
	// WaitAdaptiveFNA is FNA's and CNA's estimator, kept for comparison:
	// it recomputes the maximum before overwriting the evicted slot, so
	// the estimate can never fall once a slow sleep was seen.
	WaitAdaptiveFNA
	// WaitBusy never sleeps: it yields until the step is owed, spending a
	// whole core while it waits.
	WaitBusy
	// WaitPrecise sleeps once, to the deadline minus a wake-up margin, then
	// yields only that margin. The sleep is the Waiter's SleepUntil when it
	// has one (SystemClock: clock_nanosleep on an absolute deadline with a
	// 1 ns timer slack on Linux), else a Sleep of the span. The margin is
	// the 99th percentile of the last 128 measured wake-up overshoots plus
	// 20 µs, or a fixed span set with SetWaitMargin. It costs a few percent
	// of a core where the adaptive policies spin about a millisecond a
	// tick.
	WaitPrecise
)

// String returns the policy's name.
func (p WaitPolicy) String() string {
	switch p {
	case WaitAdaptive:
		return "adaptive"
	case WaitAdaptiveFNA:
		return "adaptive-fna"
	case WaitBusy:
		return "busy"
	case WaitPrecise:
		return "precise"
	}
	return "WaitPolicy(invalid)"
}

// ParseWaitPolicy reads a policy's name, as String writes it: "adaptive",
// "adaptive-fna", "busy" or "precise".
func ParseWaitPolicy(name string) (WaitPolicy, error) {
	for p := WaitAdaptive; p <= WaitPrecise; p++ {
		if p.String() == name {
			return p, nil
		}
	}
	return 0, fmt.Errorf("timing: unknown wait policy %q (want adaptive, adaptive-fna, busy or precise)", name)
}

const (
	sleepRingSize     = 128
	sleepInitial      = time.Millisecond
	sleepSampleCap    = 4 * time.Millisecond
	waitSleepDuration = time.Millisecond
)

// sleepEstimator tracks the worst measured 1 ms sleep over the last 128
// sleeps (T6). Every slot starts at 1 ms; each sample is capped at 4 ms.
type sleepEstimator struct {
	ring  [sleepRingSize]time.Duration
	next  int
	worst time.Duration
	fna   bool
}

func (e *sleepEstimator) reset(fna bool) {
	for i := range e.ring {
		e.ring[i] = sleepInitial
	}
	e.next = 0
	e.worst = sleepInitial
	e.fna = fna
}

// add records one measured sleep.
func (e *sleepEstimator) add(d time.Duration) {
	d = min(d, sleepSampleCap)
	evicted := e.ring[e.next]
	if e.fna {
		// FNA: the maximum is recomputed while the evicted sample is still
		// in the ring, so the estimate never falls.
		if d >= e.worst {
			e.worst = d
		} else if evicted == e.worst {
			e.worst = e.ringMax()
		}
		e.ring[e.next] = d
	} else {
		e.ring[e.next] = d
		if d >= e.worst {
			e.worst = d
		} else if evicted == e.worst {
			e.worst = e.ringMax()
		}
	}
	e.next = (e.next + 1) % sleepRingSize
}

func (e *sleepEstimator) ringMax() time.Duration {
	m := e.ring[0]
	for _, v := range e.ring[1:] {
		m = max(m, v)
	}
	return m
}

const (
	overshootRingSize = 128
	// overshootInitial fills the overshoot window before any sleep was
	// measured: a cautious guess that the first 128 sleeps replace.
	overshootInitial = 500 * time.Microsecond
	// overshootCap bounds one sample, so a single descheduling does not
	// make the policy spin for long.
	overshootCap = time.Millisecond
	// marginSafety is added to the measured percentile.
	marginSafety = 20 * time.Microsecond
	// overshootRank is the index, in ascending order, of the 99th
	// percentile of the window.
	overshootRank = overshootRingSize * 99 / 100
)

// overshootWindow keeps the last 128 wake-up overshoots of WaitPrecise,
// in arrival order and sorted, for a sliding 99th percentile.
type overshootWindow struct {
	ring   [overshootRingSize]time.Duration
	sorted [overshootRingSize]time.Duration
	next   int
}

func (w *overshootWindow) reset() {
	for i := range w.ring {
		w.ring[i] = overshootInitial
		w.sorted[i] = overshootInitial
	}
	w.next = 0
}

// add records one overshoot (clamped to [0, overshootCap]), evicting the
// oldest.
func (w *overshootWindow) add(d time.Duration) {
	d = min(max(d, 0), overshootCap)
	old := w.ring[w.next]
	w.ring[w.next] = d
	w.next = (w.next + 1) % overshootRingSize
	// Remove old from the sorted copy, then insert d.
	i := 0
	for w.sorted[i] != old {
		i++
	}
	copy(w.sorted[i:], w.sorted[i+1:])
	j := overshootRingSize - 1
	for j > 0 && w.sorted[j-1] > d {
		w.sorted[j] = w.sorted[j-1]
		j--
	}
	w.sorted[j] = d
}

// margin is the 99th percentile of the window plus marginSafety.
func (w *overshootWindow) margin() time.Duration {
	return w.sorted[overshootRank] + marginSafety
}
