package timing_test

import (
	"errors"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/timing"
)

const gcMillisecond = time.Millisecond

// gcNew returns a GameClock on a ManualClock that starts at start.
func gcNew(t *testing.T, start time.Duration) (*timing.ManualClock, *timing.GameClock) {
	t.Helper()
	src := timing.NewManualClock(start)
	c, err := timing.NewGameClock(src)
	if err != nil {
		t.Fatalf("NewGameClock: %v", err)
	}
	return src, c
}

// gcWant checks both clocks.
func gcWant(t *testing.T, what string, c *timing.GameClock, wall, game time.Duration) {
	t.Helper()
	if c.Wall() != wall || c.Game() != game {
		t.Errorf("%s: wall %v game %v, want wall %v game %v", what, c.Wall(), c.Game(), wall, game)
	}
}

func TestT18_NilSourceIsError(t *testing.T) {
	if c, err := timing.NewGameClock(nil); err == nil || c != nil {
		t.Errorf("NewGameClock(nil) = %v, %v; want nil and an error", c, err)
	}
}

func TestT18_GameFollowsWallWhileUnlocked(t *testing.T) {
	src, c := gcNew(t, 5*time.Second)
	gcWant(t, "new", c, 5*time.Second, 0)
	src.Advance(16 * gcMillisecond)
	gcWant(t, "before Update", c, 5*time.Second, 0)
	c.Update()
	gcWant(t, "16 ms", c, 5016*gcMillisecond, 16*gcMillisecond)
	src.Advance(17 * gcMillisecond)
	c.Update()
	gcWant(t, "33 ms", c, 5033*gcMillisecond, 33*gcMillisecond)
}

func TestT18_LockFreezesGameButNotWall(t *testing.T) {
	src, c := gcNew(t, 0)
	src.Advance(5 * gcMillisecond)
	c.Lock() // the outermost Lock credits the time up to it
	gcWant(t, "at Lock", c, 5*gcMillisecond, 5*gcMillisecond)
	for range 3 {
		src.Advance(10 * gcMillisecond)
		c.Update()
	}
	gcWant(t, "locked", c, 35*gcMillisecond, 5*gcMillisecond)
	if c.LockDepth() != 1 {
		t.Errorf("LockDepth %d, want 1", c.LockDepth())
	}
}

// gcLockClock is what gcLockedCredit drives: GameClock, or a model of it.
type gcLockClock interface {
	Update()
	Lock()
	Unlock() error
	Game() time.Duration
}

// gcLockedCredit runs a locked render of 20 ms with a modal pump (Update)
// inside the lock, then 10 ms unlocked, and returns the game time credited
// from the Lock to the first Update after Unlock. The right answer is the
// whole 30 ms.
func gcLockedCredit(src *timing.ManualClock, c gcLockClock) time.Duration {
	src.Advance(10 * gcMillisecond)
	c.Update()
	c.Lock()
	before := c.Game()
	src.Advance(20 * gcMillisecond)
	c.Update() // a pump inside the lock: the 1997 bug moved last-seen here
	_ = c.Unlock()
	src.Advance(10 * gcMillisecond)
	c.Update()
	return c.Game() - before
}

// gc1997 models the 1997 ManageTime: the last-seen wall time is updated
// even while locked, so the locked interval is lost (rule T18).
type gc1997 struct {
	src        timing.Source
	game, last time.Duration
	lock       int
}

func (c *gc1997) Update() {
	now := c.src.Now()
	if c.lock == 0 {
		c.game += now - c.last
	}
	c.last = now // the bug: outside the lock guard
}

func (c *gc1997) Lock() {
	if c.lock == 0 {
		c.Update()
	}
	c.lock++
}

func (c *gc1997) Unlock() error       { c.lock--; return nil }
func (c *gc1997) Game() time.Duration { return c.game }

// TestT18_LockedIntervalIsCreditedAfterUnlock fails on the 1997 bug: there
// the Update inside the lock sets last-seen to 30 ms, so the Update at 40 ms
// credits 10 ms instead of the 30 ms since the Lock. The second half runs
// the same script on a model of the bug to show this assertion catches it.
func TestT18_LockedIntervalIsCreditedAfterUnlock(t *testing.T) {
	src, c := gcNew(t, 0)
	if got := gcLockedCredit(src, c); got != 30*gcMillisecond {
		t.Errorf("credited %v across Lock..Unlock+10ms, want 30ms (the whole interval)", got)
	}
	gcWant(t, "end", c, 40*gcMillisecond, 40*gcMillisecond)

	bugSrc := timing.NewManualClock(0)
	if got := gcLockedCredit(bugSrc, &gc1997{src: bugSrc}); got == 30*gcMillisecond {
		t.Errorf("the 1997 model credited %v: the script does not expose the bug", got)
	}
}

func TestT18_LocksNest(t *testing.T) {
	src, c := gcNew(t, 0)
	c.Lock()
	c.Lock()
	src.Advance(10 * gcMillisecond)
	if err := c.Unlock(); err != nil {
		t.Fatal(err)
	}
	c.Update()
	gcWant(t, "inner Unlock", c, 10*gcMillisecond, 0)
	src.Advance(10 * gcMillisecond)
	if err := c.Unlock(); err != nil {
		t.Fatal(err)
	}
	gcWant(t, "outer Unlock, before Update", c, 10*gcMillisecond, 0)
	c.Update()
	gcWant(t, "first Update after outer Unlock", c, 20*gcMillisecond, 20*gcMillisecond)
}

func TestT18_UnbalancedUnlockIsError(t *testing.T) {
	src, c := gcNew(t, 0)
	err := c.Unlock()
	if !errors.Is(err, timing.ErrUnbalanced) {
		t.Fatalf("Unlock without Lock: %v, want ErrUnbalanced", err)
	}
	src.Advance(7 * gcMillisecond)
	c.Update()
	gcWant(t, "after the bad Unlock", c, 7*gcMillisecond, 7*gcMillisecond)
	if c.LockDepth() != 0 {
		t.Errorf("LockDepth %d after a bad Unlock, want 0", c.LockDepth())
	}
}

func TestT2_GameClockBackwardsSourceIsNoTimePassed(t *testing.T) {
	src, c := gcNew(t, 100*gcMillisecond)
	src.Advance(10 * gcMillisecond)
	c.Update()
	src.Set(3 * gcMillisecond) // the injected source was reset
	c.Update()
	gcWant(t, "after the reset", c, 3*gcMillisecond, 10*gcMillisecond)
	src.Advance(7 * gcMillisecond)
	c.Update()
	gcWant(t, "7 ms after the reset", c, 10*gcMillisecond, 17*gcMillisecond)

	// A reset inside a lock: the time after it is still credited.
	c.Lock()
	src.Set(0)
	c.Update()
	src.Advance(4 * gcMillisecond)
	_ = c.Unlock()
	c.Update()
	gcWant(t, "reset inside a lock", c, 4*gcMillisecond, 21*gcMillisecond)
}

func TestT19_SaveRestoreRewinds(t *testing.T) {
	src, c := gcNew(t, 0)
	src.Advance(10 * gcMillisecond)
	c.Update()
	c.Save() // a modal menu: game time runs, then is rewound
	for range 10 {
		src.Advance(10 * gcMillisecond)
		c.Update()
	}
	gcWant(t, "inside Save", c, 110*gcMillisecond, 110*gcMillisecond)
	if err := c.Restore(); err != nil {
		t.Fatal(err)
	}
	gcWant(t, "after Restore", c, 110*gcMillisecond, 10*gcMillisecond)
	src.Advance(5 * gcMillisecond)
	c.Update()
	gcWant(t, "5 ms after Restore", c, 115*gcMillisecond, 15*gcMillisecond)
}

func TestT19_SavesNestAndOnlyTheOutermostRewinds(t *testing.T) {
	src, c := gcNew(t, 0)
	src.Advance(10 * gcMillisecond)
	c.Save() // snapshot: 10 ms
	src.Advance(10 * gcMillisecond)
	c.Save() // nested: no new snapshot
	src.Advance(10 * gcMillisecond)
	if err := c.Restore(); err != nil {
		t.Fatal(err)
	}
	c.Update()
	gcWant(t, "inner Restore", c, 30*gcMillisecond, 30*gcMillisecond)
	if c.SaveDepth() != 1 {
		t.Errorf("SaveDepth %d, want 1", c.SaveDepth())
	}
	src.Advance(10 * gcMillisecond)
	if err := c.Restore(); err != nil {
		t.Fatal(err)
	}
	gcWant(t, "outer Restore", c, 40*gcMillisecond, 10*gcMillisecond)
}

func TestT19_UnbalancedRestoreIsError(t *testing.T) {
	src, c := gcNew(t, 0)
	src.Advance(10 * gcMillisecond)
	c.Update()
	if err := c.Restore(); !errors.Is(err, timing.ErrUnbalanced) {
		t.Fatalf("Restore without Save: %v, want ErrUnbalanced", err)
	}
	gcWant(t, "after the bad Restore", c, 10*gcMillisecond, 10*gcMillisecond)
}

func TestT19_SaveInsideLockKeepsTheLockCredit(t *testing.T) {
	src, c := gcNew(t, 0)
	c.Lock()
	src.Advance(10 * gcMillisecond) // locked, before the Save: credited after Unlock
	c.Save()
	src.Advance(50 * gcMillisecond) // saved: never credited
	if err := c.Restore(); err != nil {
		t.Fatal(err)
	}
	src.Advance(5 * gcMillisecond) // locked, after the Restore: credited after Unlock
	if err := c.Unlock(); err != nil {
		t.Fatal(err)
	}
	c.Update()
	gcWant(t, "after Unlock", c, 65*gcMillisecond, 15*gcMillisecond)
}

func TestT19_RestoreInsideLockDiscardsTheSavedInterval(t *testing.T) {
	src, c := gcNew(t, 0)
	c.Save()
	src.Advance(20 * gcMillisecond)
	c.Lock() // game at 20 ms, frozen
	src.Advance(20 * gcMillisecond)
	if err := c.Restore(); err != nil { // back to 0 at wall 40 ms
		t.Fatal(err)
	}
	src.Advance(5 * gcMillisecond)
	_ = c.Unlock()
	c.Update()
	gcWant(t, "after Unlock", c, 45*gcMillisecond, 5*gcMillisecond)
}

// gcFrames runs n Updates step apart.
func gcFrames(src *timing.ManualClock, c *timing.GameClock, n int, step time.Duration) {
	for range n {
		src.Advance(step)
		c.Update()
	}
}

func TestT20_FPSOverA250msWindow(t *testing.T) {
	src, c := gcNew(t, time.Second)
	gcFrames(src, c, 24, 10*gcMillisecond)
	if c.FPS() != 0 {
		t.Errorf("FPS %v before the first window closed, want 0", c.FPS())
	}
	gcFrames(src, c, 1, 10*gcMillisecond) // 25 frames in exactly 250 ms
	if c.FPS() != 100 {
		t.Errorf("FPS %v after 25 frames in 250 ms, want 100", c.FPS())
	}
	gcFrames(src, c, 12, 20*gcMillisecond) // 240 ms: the window is still open
	if c.FPS() != 100 {
		t.Errorf("FPS %v before the second window closed, want 100", c.FPS())
	}
	gcFrames(src, c, 1, 20*gcMillisecond) // 13 frames in 260 ms
	if c.FPS() != 50 {
		t.Errorf("FPS %v after 13 frames in 260 ms, want 50", c.FPS())
	}
}

func TestT20_OnlyUpdateCountsFrames(t *testing.T) {
	src, c := gcNew(t, 0)
	for range 10 {
		src.Advance(25 * gcMillisecond)
		c.Lock()
		c.Save()
		_ = c.Restore()
		_ = c.Unlock()
		c.Update()
	}
	if c.FPS() != 40 {
		t.Errorf("FPS %v after 10 Updates in 250 ms among other calls, want 40", c.FPS())
	}
}

func TestT20_BackwardsWallReanchorsTheWindow(t *testing.T) {
	src, c := gcNew(t, 10*time.Second)
	gcFrames(src, c, 25, 10*gcMillisecond)
	if c.FPS() != 100 {
		t.Fatalf("FPS %v, want 100", c.FPS())
	}
	src.Set(0) // reset source: the wall goes back 10.25 s
	c.Update()
	gcFrames(src, c, 10, 25*gcMillisecond)
	// Frozen would keep 100 until the wall passed 10.25 s again.
	if c.FPS() != 40 {
		t.Errorf("FPS %v 250 ms after the reset, want 40 from the new anchor", c.FPS())
	}
}

func BenchmarkGameClockUpdate(b *testing.B) {
	src := timing.NewManualClock(0)
	c, err := timing.NewGameClock(src)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		src.Advance(16 * gcMillisecond)
		c.Update()
	}
}
