// Package alloctest counts a test's heap allocations with the audio
// output running, leaving out those the audio libraries make themselves
// (rule G9 with sound on).
//
// The PulseAudio client (github.com/jfreymuth/pulse v0.1.3) allocates a
// message value for every message the server sends on its reading
// goroutine: about one per period (50 a second at 20 ms), whatever the
// game does; oto's mixer allocates on each of its reads too. The Go
// runtime counts allocations for the whole process only, so
// testing.AllocsPerRun sees those as the game's (rounded down, so a fast
// loop hides them and a 60 Hz one does not). AllocsPerRun here turns the
// heap profile on for every allocation (runtime.MemProfileRate = 1) while
// it runs, and attributes each allocation to the first function on its
// stack that is not the standard library's or the runtime's (the module
// code that asked for it): those in the audio libraries are set aside
// and counted by function, everything else (the engine's code on any
// goroutine, the mixer and the output's own code on the audio goroutine,
// other libraries the engine calls) is the game's. Allocations with no
// module code on their stack, and those of finalizers and cleanups (the
// measurement collects garbage before and after, which sets them off),
// are the runtime's, counted apart.
package alloctest

import (
	"runtime"
	"strings"
)

// Libraries are the packages whose own allocations AllocsPerRun sets
// aside: the PulseAudio client and oto.
var Libraries = []string{"github.com/jfreymuth/pulse", "github.com/ebitengine/oto/"}

// Counts are allocations per run.
type Counts struct {
	// All is every allocation in the process, as testing.AllocsPerRun
	// counts them (not rounded down).
	All float64
	// Game is All less the audio libraries' own allocations.
	Game float64
	// Library is the audio libraries' own allocations per run, by the
	// function that made them.
	Library map[string]float64
	// Runtime counts the runtime's own allocations: with no module code
	// on their stack (the collector's workers, its timer heap), or made by
	// finalizers and cleanups, which run after the measurement's
	// collections for objects made long before.
	Runtime float64
	// GameSites are the game's allocations per run, by the function that
	// made them (for a failure's message).
	GameSites map[string]float64
	// RuntimeSites are the runtime's, by the function that made them (the
	// finalizer or cleanup runner, or the leaf).
	RuntimeSites map[string]float64
}

// AllocsPerRun runs f once to warm up, then runs times, and counts the
// allocations per run as the package doc says. Like
// testing.AllocsPerRun it must not run in parallel with other tests.
func AllocsPerRun(runs int, f func()) Counts {
	old := runtime.MemProfileRate
	runtime.MemProfileRate = 1
	defer func() { runtime.MemProfileRate = old }()
	f()
	runtime.GC()
	before := profile()
	for range runs {
		f()
	}
	runtime.GC()
	after := profile()
	c := Counts{Library: map[string]float64{}, GameSites: map[string]float64{}, RuntimeSites: map[string]float64{}}
	for stack, n := range after {
		n -= before[stack]
		if n == 0 {
			continue
		}
		per := float64(n) / float64(runs)
		c.All += per
		site, whose := allocator(stack[:])
		switch {
		case site == self:
			c.All -= per // the measurement's own
		case whose == library:
			c.Library[site] += per
		case whose == runtimeOwn:
			c.Runtime += per
			c.RuntimeSites[site] += per
		default:
			c.Game += per
			c.GameSites[site] += per
		}
	}
	return c
}

// self is the function whose allocations are the measurement's own.
const self = "github.com/metronome-engine/metronome/engine/desktop/audioout/alloctest.profile"

// profile is the heap profile's allocation count by stack.
func profile() map[[32]uintptr]int64 {
	n, _ := runtime.MemProfile(nil, true)
	for {
		recs := make([]runtime.MemProfileRecord, n+50)
		got, ok := runtime.MemProfile(recs, true)
		if !ok {
			n = got
			continue
		}
		m := make(map[[32]uintptr]int64, got)
		for _, r := range recs[:got] {
			m[r.Stack0] += r.AllocObjects
		}
		return m
	}
}

// Whose allocations are.
const (
	game = iota
	library
	runtimeOwn
)

// allocator is the first module function on the stack (leaf first), and
// whose allocation it is: one of the Libraries'; the runtime's (no
// module code on the stack, or made by a finalizer or cleanup, which
// the measurement's collections set off for objects made long before);
// or the game's.
func allocator(stack []uintptr) (string, int) {
	var pcs []uintptr
	for _, pc := range stack {
		if pc == 0 {
			break
		}
		pcs = append(pcs, pc)
	}
	frames := runtime.CallersFrames(pcs)
	leaf, site := "", ""
	for {
		fr, more := frames.Next()
		if leaf == "" {
			leaf = fr.Function
		}
		if fr.Function == "runtime.runFinalizers" || fr.Function == "runtime.runCleanups" {
			return fr.Function, runtimeOwn
		}
		if site == "" && module(fr.Function) {
			site = fr.Function
		}
		if !more {
			break
		}
	}
	if site == "" {
		return leaf, runtimeOwn
	}
	for _, l := range Libraries {
		if strings.HasPrefix(site, l) {
			return site, library
		}
	}
	return site, game
}

// module reports a function outside the standard library: its import
// path's first element has a dot.
func module(fn string) bool {
	first, _, _ := strings.Cut(fn, "/")
	return strings.Contains(first, ".") && strings.Contains(fn, "/")
}
