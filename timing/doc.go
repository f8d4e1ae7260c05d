// Package timing is the engine's clock: XNA-style GameTime in 100 ns ticks,
// injectable time sources, the fixed/variable-step tick Scheduler, the
// integer FixedStepClock for render interpolation, and the wall-clock /
// game-clock pair. It is pure Go with no cgo and no display, and every rule
// (T1..T27 of docs/rules.md) is tested in virtual time without real sleeps.
package timing
