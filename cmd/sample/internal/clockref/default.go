package clockref

// defaultFixed replays the default profile in fixed step (T5, T7-T10, T23).
func defaultFixed(cfg Config, deltas []int64) string {
	var o out
	acc := int64(0)
	total := int64(0)
	lag := int64(0)
	slow := false
	first := true
	for _, d := range deltas {
		o.ticks++
		// T5: add the counter delta to the accumulator.
		acc = addSat(acc, nonNeg(d))
		// T23: wait in virtual time exactly until one step is owed.
		if acc < cfg.Target {
			acc = cfg.Target
		}
		// T5: clamp the accumulator to MaxElapsedTime.
		if acc > cfg.Max {
			acc = cfg.Max
		}
		// T7: one Update per whole target span.
		steps := int64(0)
		for acc >= cfg.Target {
			elapsed := cfg.Target
			if first {
				elapsed = 0
				first = false
			}
			acc -= cfg.Target
			steps++
			o.update(elapsed, total, slow)
			total += elapsed
		}
		// T10: IsRunningSlowly after the update loop.
		if steps > 1 {
			lag += steps - 1
		}
		if slow {
			if lag == 0 {
				slow = false
			}
		} else if lag >= 5 {
			slow = true
		}
		if steps == 1 && lag > 0 {
			lag--
		}
		// T8: one Draw.
		o.draw(cfg.Target*steps, total, slow, acc)
	}
	return o.finish()
}

// defaultVariable replays the default profile in variable step (T13).
func defaultVariable(cfg Config, deltas []int64) string {
	var o out
	acc := int64(0)
	total := int64(0)
	for _, d := range deltas {
		o.ticks++
		acc = addSat(acc, nonNeg(d))
		if acc > cfg.Max {
			acc = cfg.Max
		}
		elapsed := acc
		o.update(elapsed, total, false)
		total += elapsed
		acc = 0
		o.draw(elapsed, total, false, 0)
	}
	return o.finish()
}
