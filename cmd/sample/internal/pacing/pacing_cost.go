package pacing

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"time"
)

// maxCost bounds every cost a model can produce, so virtual time cannot
// overflow and one frame cannot stall a run for long.
const maxCost = 10 * time.Second

// costModel is the CPU time each simulated Draw takes.
type costModel interface {
	// next returns the next frame's cost, in [0, maxCost], drawing any
	// randomness from rng.
	next(rng *rand.Rand) time.Duration
	// String describes the model as -cost would spell it.
	String() string
}

// constCost costs the same for every frame.
type constCost time.Duration

func (c constCost) next(*rand.Rand) time.Duration { return time.Duration(c) }
func (c constCost) String() string                { return time.Duration(c).String() }

// uniformCost is uniform on [lo, hi] in whole nanoseconds.
type uniformCost struct{ lo, hi time.Duration }

func (c uniformCost) next(rng *rand.Rand) time.Duration {
	return c.lo + time.Duration(rng.Int64N(int64(c.hi-c.lo)+1))
}

func (c uniformCost) String() string { return fmt.Sprintf("uniform:%v-%v", c.lo, c.hi) }

// normalCost is normal with the given mean and standard deviation, rounded
// to a nanosecond and clamped to [0, maxCost].
type normalCost struct{ mean, sd time.Duration }

func (c normalCost) next(rng *rand.Rand) time.Duration {
	d := float64(c.mean) + math.Round(rng.NormFloat64()*float64(c.sd))
	return time.Duration(min(max(d, 0), float64(maxCost)))
}

func (c normalCost) String() string { return fmt.Sprintf("normal:%v,%v", c.mean, c.sd) }

// parseCost reads -cost: "2ms", "uniform:1ms-6ms" or "normal:4ms,1ms".
func parseCost(s string) (costModel, error) {
	kind, args, ok := strings.Cut(s, ":")
	if !ok {
		d, err := parseCostDuration(s)
		return constCost(d), err
	}
	switch kind {
	case "uniform":
		return parseUniform(args)
	case "normal":
		return parseNormal(args)
	}
	return nil, fmt.Errorf("unknown distribution %q (want a duration, uniform:MIN-MAX or normal:MEAN,SD)", kind)
}

func parseUniform(args string) (costModel, error) {
	a, b, ok := strings.Cut(args, "-")
	if !ok {
		return nil, fmt.Errorf("uniform wants MIN-MAX, such as uniform:1ms-6ms")
	}
	lo, err := parseCostDuration(a)
	if err != nil {
		return nil, err
	}
	hi, err := parseCostDuration(b)
	if err != nil {
		return nil, err
	}
	if hi < lo {
		return nil, fmt.Errorf("uniform: MAX %v is below MIN %v", hi, lo)
	}
	return uniformCost{lo, hi}, nil
}

func parseNormal(args string) (costModel, error) {
	a, b, ok := strings.Cut(args, ",")
	if !ok {
		return nil, fmt.Errorf("normal wants MEAN,SD, such as normal:4ms,1ms")
	}
	mean, err := parseCostDuration(a)
	if err != nil {
		return nil, err
	}
	sd, err := parseCostDuration(b)
	if err != nil {
		return nil, err
	}
	return normalCost{mean, sd}, nil
}

// parseCostDuration reads one Go duration in [0, maxCost].
func parseCostDuration(s string) (time.Duration, error) {
	d, err := time.ParseDuration(strings.TrimSpace(s))
	if err != nil {
		return 0, err
	}
	if d < 0 || d > maxCost {
		return 0, fmt.Errorf("%v: want 0 up to %v", d, maxCost)
	}
	return d, nil
}
