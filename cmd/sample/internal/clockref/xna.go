package clockref

import "math"

// xnaFixed replays the XNA 4.0 profile in fixed step (T22).
func xnaFixed(cfg Config, deltas []int64) string {
	var o out
	// T22: one priming Update before the loop.
	o.update(0, 0, false)
	total := int64(0)
	accumulated := int64(0)
	pending := int64(0) // measured time not yet consumed by a tick that ran
	u1 := int64(math.MaxInt32)
	u2 := int64(math.MaxInt32)
	slow := false
	for _, d := range deltas {
		o.ticks++
		raw := addSat(pending, nonNeg(d))
		elapsed := raw
		if elapsed > cfg.Max {
			elapsed = cfg.Max
		}
		diff := elapsed - cfg.Target
		if diff < 0 {
			diff = -diff
		}
		if diff < cfg.Target>>6 {
			elapsed = cfg.Target
		}
		steps := (accumulated + elapsed) / cfg.Target
		if steps == 0 {
			// No update, no draw, no counter changes; the time stays unconsumed.
			pending = raw
			continue
		}
		pending = 0
		accumulated = (accumulated + elapsed) - steps*cfg.Target
		if steps > 1 {
			u2 = u1
			u1 = 0
		} else {
			if u1 < math.MaxInt32 {
				u1++
			}
			if u2 < math.MaxInt32 {
				u2++
			}
		}
		slow = u2 < 20
		for i := int64(0); i < steps; i++ {
			o.update(cfg.Target, total, slow)
			total += cfg.Target
		}
		o.draw(cfg.Target*steps, total, slow, accumulated)
	}
	return o.finish()
}

// xnaVariable replays the XNA 4.0 profile in variable step (T22).
func xnaVariable(cfg Config, deltas []int64) string {
	var o out
	o.update(0, 0, false)
	total := int64(0)
	for _, d := range deltas {
		o.ticks++
		elapsed := nonNeg(d)
		if elapsed > cfg.Max {
			elapsed = cfg.Max
		}
		o.update(elapsed, total, false)
		total += elapsed
		o.draw(elapsed, total, false, 0)
	}
	return o.finish()
}
