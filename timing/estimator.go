package timing

import "time"

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
	}
	return "WaitPolicy(invalid)"
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
