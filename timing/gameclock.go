package timing

import (
	"errors"
	"fmt"
	"time"
)

// FPSWindow is the span of wall time over which GameClock counts frames
// per second (rule T20): the figure is recomputed about four times a second.
const FPSWindow = 250 * time.Millisecond

// ErrUnbalanced is wrapped by the error of an Unlock without a matching
// Lock, or a Restore without a matching Save. Test for it with errors.Is.
var ErrUnbalanced = errors.New("unbalanced clock call")

// GameClock is a wall clock and a game clock that follows it (rules
// T18-T20). Both read as time.Duration, the unit of Source; convert with
// FromDuration for TimeSpan ticks.
//
//   - Wall is the Source's reading at the last Update (or Lock, Save,
//     Restore); it always follows the Source, lock or no lock.
//   - Game starts at zero and advances by the wall delta only while
//     unlocked. Lock/Unlock pause it transparently: the first Update after
//     the outermost Unlock credits the whole locked interval. Save/Restore
//     rewind it: the outermost Restore puts back the game time of the
//     outermost Save, so the saved interval never reaches the game clock.
//   - A Source reading smaller than the previous one (a reset injected
//     source) counts as no time passed (rule T2).
//
// The zero value is not usable; make one with NewGameClock.
// A GameClock is not safe for concurrent use.
type GameClock struct {
	src  Source
	wall time.Duration // Source reading at the last sync
	last time.Duration // wall reading the next credit starts from; <= wall
	game time.Duration

	lockDepth int
	saveDepth int
	savedGame time.Duration // game time at the outermost Save
	savedLag  time.Duration // locked wall time not yet credited at that Save

	fps fpsWindow
}

// NewGameClock returns a clock pair reading src: Wall is src.Now(), Game
// is zero, unlocked, with no FPS figure yet. A nil src is an error.
func NewGameClock(src Source) (*GameClock, error) {
	if src == nil {
		return nil, fmt.Errorf("game clock: nil Source")
	}
	now := src.Now()
	return &GameClock{src: src, wall: now, last: now, fps: fpsWindow{anchor: now}}, nil
}

// Update reads the Source; call it once per frame, before the game reads
// the clock. It moves Wall, credits the wall delta to Game unless locked,
// and counts one frame for the FPS figure. It is the only call that counts
// frames.
func (c *GameClock) Update() {
	c.sync()
	c.fps.frame(c.wall)
}

// sync reads the Source and credits Game; it counts no frame.
func (c *GameClock) sync() {
	now := c.src.Now()
	if now < c.wall {
		c.last = now // T2: a reset is no time passed; credit from here on
	}
	c.wall = now
	if c.lockDepth == 0 {
		c.game += now - c.last
		c.last = now
	}
}

// Lock pauses the game clock. The outermost Lock first reads the Source, so
// Game includes the time up to the lock. While locked, the wall reading the
// next credit starts from is held, not moved by Update (the post-2026-05 fix
// of the 1997 bug), so the locked interval is credited after the outermost
// Unlock. Locks nest.
func (c *GameClock) Lock() {
	if c.lockDepth == 0 {
		c.sync()
	}
	c.lockDepth++
}

// Unlock undoes one Lock. After the outermost one, the next Update credits
// Game with all the wall time since the outermost Lock. Without a matching
// Lock it changes nothing and returns an error wrapping ErrUnbalanced.
func (c *GameClock) Unlock() error {
	if c.lockDepth == 0 {
		return fmt.Errorf("game clock: Unlock without Lock: %w", ErrUnbalanced)
	}
	c.lockDepth--
	return nil
}

// Save marks the start of an interval the game clock should never see, such
// as a modal menu. The outermost Save reads the Source and snapshots Game;
// Game keeps running until Restore. Saves nest.
func (c *GameClock) Save() {
	if c.saveDepth == 0 {
		c.sync()
		c.savedGame = c.game
		c.savedLag = c.wall - c.last
	}
	c.saveDepth++
}

// Restore undoes one Save. The outermost Restore reads the Source and puts
// Game back to the snapshot of the outermost Save (rewind): the saved
// interval is discarded. Wall time that a Lock held back before that Save is
// still credited after its Unlock. Without a matching Save it changes
// nothing and returns an error wrapping ErrUnbalanced.
func (c *GameClock) Restore() error {
	if c.saveDepth == 0 {
		return fmt.Errorf("game clock: Restore without Save: %w", ErrUnbalanced)
	}
	c.saveDepth--
	if c.saveDepth == 0 {
		c.sync()
		c.game = c.savedGame
		c.last = c.wall - c.savedLag
	}
	return nil
}

// Wall returns the Source reading taken at the last Update, Lock, Save or
// Restore.
func (c *GameClock) Wall() time.Duration { return c.wall }

// Game returns the game time: zero at NewGameClock,
// then the wall time credited while unlocked, less rewound intervals.
func (c *GameClock) Game() time.Duration { return c.game }

// LockDepth returns the number of Locks not yet undone; 0 means unlocked.
func (c *GameClock) LockDepth() int { return c.lockDepth }

// SaveDepth returns the number of Saves not yet restored.
func (c *GameClock) SaveDepth() int { return c.saveDepth }

// FPS returns frames per second over the last completed FPSWindow (rule
// T20): the Updates counted since the window's anchor, divided by the wall
// time from the anchor to the Update that closed it (at least FPSWindow).
// It is zero until the first window closes.
func (c *GameClock) FPS() float64 { return c.fps.fps }

// fpsWindow counts frames between recomputations of the FPS figure.
type fpsWindow struct {
	anchor time.Duration // wall time the current window started at
	frames int           // Updates since the anchor
	fps    float64       // figure of the last closed window
}

// frame counts one frame at wall time now and closes the window once
// FPSWindow has passed. A now before the anchor (a reset source) starts a
// new window there instead of waiting for the old anchor (rule T20).
func (w *fpsWindow) frame(now time.Duration) {
	if now < w.anchor {
		w.anchor, w.frames = now, 0
		return
	}
	w.frames++
	if span := now - w.anchor; span >= FPSWindow {
		w.fps = float64(w.frames) * float64(time.Second) / float64(span)
		w.anchor, w.frames = now, 0
	}
}
