package clockref

import (
	"math/rand"
	"strings"
	"testing"
)

// TestT23_RandomTraceParses checks that random traces are valid, reproducible
// and contain the token kinds they promise.
func TestT23_RandomTraceParses(t *testing.T) {
	var all strings.Builder
	for seed := int64(0); seed < 50; seed++ {
		a := RandomTrace(rand.New(rand.NewSource(seed)), 200)
		if b := RandomTrace(rand.New(rand.NewSource(seed)), 200); a != b {
			t.Fatalf("seed %d: not reproducible", seed)
		}
		d, err := Parse(strings.NewReader(a))
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, a)
		}
		if len(d) != 200 {
			t.Fatalf("seed %d: %d deltas, want 200", seed, len(d))
		}
		all.WriteString(a)
	}
	s := all.String()
	for _, want := range []string{"#", "\n\n", "ms", "us", "-", "ns", "164063", "169272"} {
		if !strings.Contains(s, want) {
			t.Errorf("random traces never contain %q", want)
		}
	}
}

// TestT8_RandomTraceInvariants checks the invariants of issue 2 on the default
// fixed step over random traces: total = sum of update elapsed, draw elapsed =
// target x steps, at most floor(max/target) updates per tick, 0 <= left < target.
func TestT8_RandomTraceInvariants(t *testing.T) {
	for seed := int64(0); seed < 30; seed++ {
		for _, cfg := range []Config{{}, {Profile: "xna"}} {
			_, ls := run(t, cfg, RandomTrace(rand.New(rand.NewSource(seed)), 300))
			checkFixedInvariants(t, cfg, ls)
		}
	}
}

// checkFixedInvariants checks one fixed-step transcript.
func checkFixedInvariants(t *testing.T, cfg Config, ls []line) {
	t.Helper()
	sum, steps, firstDraw := int64(0), int64(0), true
	for _, l := range ls {
		switch l.kind {
		case "update":
			if l.total != sum {
				t.Fatalf("%+v update %d total %d, want %d", cfg, l.n, l.total, sum)
			}
			sum += l.elapsed
			steps++
		case "draw":
			if cfg.Profile == "xna" && firstDraw {
				steps-- // the priming update belongs to no draw
			}
			firstDraw = false
			if l.total != sum || l.elapsed != DefaultTarget*steps || steps < 1 || steps > DefaultMax/DefaultTarget+1 {
				t.Fatalf("%+v draw %+v: total %d, steps %d", cfg, l, sum, steps)
			}
			if cfg.Profile != "xna" && steps > DefaultMax/DefaultTarget {
				t.Fatalf("draw %d: %d steps in one tick", l.n, steps)
			}
			if l.left < 0 || l.left >= DefaultTarget {
				t.Fatalf("%+v draw %d: left %d", cfg, l.n, l.left)
			}
			steps = 0
		}
	}
}
