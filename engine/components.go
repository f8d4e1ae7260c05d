package engine

import (
	"errors"
	"fmt"
	"slices"

	"github.com/metronome-engine/metronome/timing"
)

// Updateable is a component the game updates every Update, after its own
// Update, in ascending UpdateOrder (equal orders: in the order added), while
// Enabled reports true (XNA's IUpdateable).
type Updateable interface {
	Update(g *Game, gt timing.GameTime)
	Enabled() bool
	UpdateOrder() int
}

// Drawable is a component the game draws every Draw, after its own Draw, in
// ascending DrawOrder, while Visible reports true (XNA's IDrawable).
type Drawable interface {
	Draw(g *Game, gt timing.GameTime)
	Visible() bool
	DrawOrder() int
}

// Components is a game's component collection (XNA's GameComponentCollection).
// Update and Draw iterate a snapshot taken when they start, so adding or
// removing a component from inside a callback is safe: an added one is
// first called on the next pass, and a removed one is not called again, not
// even later in the pass in progress.
type Components struct {
	g     *Game
	items []any
	upd   []Updateable // snapshot of the update pass in progress
	drw   []Drawable   // snapshot of the draw pass in progress
}

// ErrNotComponent is wrapped by Add's error for a value that is neither
// Updateable nor Drawable, or cannot be compared (Remove needs ==).
var ErrNotComponent = errors.New("not a component")

// Add appends c, which must implement Updateable, Drawable or both and be
// comparable (a pointer, typically). Adding a component twice is an error.
// If the game is already initialized and c implements Initializer, c is
// initialized at once; otherwise the game initializes it after its own
// Initialize hook.
func (cs *Components) Add(c any) error {
	_, u := c.(Updateable)
	_, d := c.(Drawable)
	if !u && !d {
		return fmt.Errorf("add component %T: %w: implement engine.Updateable or engine.Drawable", c, ErrNotComponent)
	}
	if !isComparable(c) {
		return fmt.Errorf("add component %T: %w: use a pointer", c, ErrNotComponent)
	}
	if cs.index(c) >= 0 {
		return fmt.Errorf("add component %T: already added", c)
	}
	cs.items = append(cs.items, c)
	if cs.g != nil && cs.g.initialized {
		return initComponent(cs.g, c)
	}
	return nil
}

func isComparable(c any) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	return c == c
}

func initComponent(g *Game, c any) error {
	if in, ok := c.(Initializer); ok {
		if err := in.Initialize(g); err != nil {
			return fmt.Errorf("initialize component %T: %w", c, err)
		}
	}
	return nil
}

// Remove takes c out of the collection and out of any pass in progress. It
// reports whether c was there.
func (cs *Components) Remove(c any) bool {
	i := cs.index(c)
	if i < 0 {
		return false
	}
	cs.items = slices.Delete(cs.items, i, i+1)
	for j, u := range cs.upd {
		if u != nil && any(u) == c {
			cs.upd[j] = nil
		}
	}
	for j, d := range cs.drw {
		if d != nil && any(d) == c {
			cs.drw[j] = nil
		}
	}
	return true
}

func (cs *Components) index(c any) int {
	for i, it := range cs.items {
		if it == c {
			return i
		}
	}
	return -1
}

// Len returns the number of components.
func (cs *Components) Len() int { return len(cs.items) }

// At returns the i-th component in the order added.
func (cs *Components) At(i int) any { return cs.items[i] }

// update runs the update pass on a fresh snapshot.
func (cs *Components) update(g *Game, gt timing.GameTime) {
	runPass(cs.items, &cs.upd, Updateable.UpdateOrder, func(u Updateable) {
		if u.Enabled() {
			u.Update(g, gt)
		}
	})
}

// draw runs the draw pass on a fresh snapshot.
func (cs *Components) draw(g *Game, gt timing.GameTime) {
	runPass(cs.items, &cs.drw, Drawable.DrawOrder, func(d Drawable) {
		if d.Visible() {
			d.Draw(g, gt)
		}
	})
}

// runPass snapshots the items that are a T into *snap (reused), sorts them
// by order, and calls call on each one still in the snapshot: Remove sets a
// removed one to nil, so it is not called later in the pass.
func runPass[T any](items []any, snap *[]T, order func(T) int, call func(T)) {
	*snap = (*snap)[:0]
	for _, it := range items {
		if v, ok := it.(T); ok {
			*snap = append(*snap, v)
		}
	}
	sortByOrder(*snap, order)
	for i := 0; i < len(*snap); i++ {
		if v := (*snap)[i]; any(v) != nil {
			call(v)
		}
	}
	clear(*snap)
	*snap = (*snap)[:0]
}

// sortByOrder is a stable insertion sort by order: no allocation, and the
// lists are short.
func sortByOrder[T any](s []T, order func(T) int) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && order(s[j]) < order(s[j-1]); j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}
