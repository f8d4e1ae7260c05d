package clockref

import (
	"fmt"
	"math"
	"strings"
)

// Default clock settings in ticks (T4).
const (
	DefaultTarget int64 = 166667  // TargetElapsedTime, 1/60 s
	DefaultMax    int64 = 5000000 // MaxElapsedTime, 500 ms
)

// Config selects the clock the transcript replays.
type Config struct {
	// Variable selects variable step; false is fixed step.
	Variable bool
	// Target is TargetElapsedTime in ticks; 0 means DefaultTarget.
	Target int64
	// Max is MaxElapsedTime in ticks; 0 means DefaultMax.
	Max int64
	// Profile is "default" (or empty) for the CNA/FNA rules, or "xna" for T22.
	Profile string
}

// out collects the transcript lines and the summary counters.
type out struct {
	b       strings.Builder
	ticks   int64
	updates int64
	draws   int64
}

func (o *out) update(elapsed, total int64, slow bool) {
	o.updates++
	fmt.Fprintf(&o.b, "update %d elapsed=%d total=%d slow=%t\n", o.updates, elapsed, total, slow)
}

func (o *out) draw(elapsed, total int64, slow bool, left int64) {
	o.draws++
	fmt.Fprintf(&o.b, "draw %d elapsed=%d total=%d slow=%t left=%d\n", o.draws, elapsed, total, slow, left)
}

func (o *out) finish() string {
	fmt.Fprintf(&o.b, "# ticks=%d updates=%d draws=%d\n", o.ticks, o.updates, o.draws)
	return o.b.String()
}

// Transcript returns exactly the lines `sample clock` prints to stdout for the
// given deltas (ticks, one per tick): update and draw lines, then the summary
// line `# ticks=K updates=U draws=D`. It returns an error for a target of
// zero or less, a target above max, or an unknown profile.
func Transcript(cfg Config, deltas []int64) (string, error) {
	if cfg.Target == 0 {
		cfg.Target = DefaultTarget
	}
	if cfg.Max == 0 {
		cfg.Max = DefaultMax
	}
	if cfg.Target <= 0 {
		return "", fmt.Errorf("target %d ticks: must be greater than zero", cfg.Target)
	}
	if cfg.Target > cfg.Max {
		return "", fmt.Errorf("target %d ticks: above max %d ticks, no update could ever run", cfg.Target, cfg.Max)
	}
	switch cfg.Profile {
	case "", "default":
		if cfg.Variable {
			return defaultVariable(cfg, deltas), nil
		}
		return defaultFixed(cfg, deltas), nil
	case "xna":
		if cfg.Variable {
			return xnaVariable(cfg, deltas), nil
		}
		return xnaFixed(cfg, deltas), nil
	}
	return "", fmt.Errorf("profile %q: want \"default\" or \"xna\"", cfg.Profile)
}

// nonNeg returns d, or 0 when d is negative (a negative delta counts as zero).
func nonNeg(d int64) int64 {
	if d < 0 {
		return 0
	}
	return d
}

// addSat returns a+b for non-negative a and b, saturating at math.MaxInt64.
func addSat(a, b int64) int64 {
	if a > math.MaxInt64-b {
		return math.MaxInt64
	}
	return a + b
}
