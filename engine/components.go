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
	g      *Game
	items  []any
	loaded []any        // components whose LoadContent ran, owed an UnloadContent
	upd    []Updateable // snapshot of the update pass in progress
	drw    []Drawable   // snapshot of the draw pass in progress

	// ComponentAdded is raised by Add with the component, after the game
	// has initialized it (and loaded its content) when the game is
	// already initialized (XNA's GameComponentCollection.ComponentAdded).
	ComponentAdded Event[any]
	// ComponentRemoved is raised by Remove with the component, once it is
	// out of the collection.
	ComponentRemoved Event[any]
}

// ErrNotComponent is wrapped by Add's error for a value that is neither
// Updateable nor Drawable, or cannot be compared (Remove needs ==).
var ErrNotComponent = errors.New("not a component")

// Add appends c, which must implement Updateable, Drawable or both and be
// comparable (a pointer, typically). Adding a component twice is an error.
// If the game is already initialized, c is initialized at once (its
// Initialize, then its LoadContent, where it implements them, as XNA's
// DrawableGameComponent does); otherwise the game does both after its own
// Initialize hook, component by component in the order added, before its
// own LoadContent. Then ComponentAdded is raised. An error from c's
// Initialize or LoadContent leaves c in the collection.
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
		if err := cs.initComponent(c); err != nil {
			return err
		}
	}
	cs.ComponentAdded.raise(c)
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

// initComponent runs c's Initialize, then its LoadContent (XNA's
// DrawableGameComponent.Initialize loads content once a device exists).
func (cs *Components) initComponent(c any) error {
	if in, ok := c.(Initializer); ok {
		if err := in.Initialize(cs.g); err != nil {
			return fmt.Errorf("initialize component %T: %w", c, err)
		}
	}
	if l, ok := c.(ContentLoader); ok {
		if err := l.LoadContent(cs.g); err != nil {
			return fmt.Errorf("load content of component %T: %w", c, err)
		}
		cs.loaded = append(cs.loaded, c)
	}
	return nil
}

// unloadContent calls UnloadContent on the components still in the
// collection whose content was loaded, in the order added (as XNA's Game
// disposes its components), before the game's own UnloadContent. A
// component removed before is not unloaded, as in XNA.
func (cs *Components) unloadContent() {
	for _, c := range cs.items {
		if !slices.Contains(cs.loaded, c) {
			continue
		}
		if u, ok := c.(ContentUnloader); ok {
			u.UnloadContent(cs.g)
		}
	}
	cs.loaded = nil
}

// Remove takes c out of the collection and out of any pass in progress,
// then raises ComponentRemoved. It reports whether c was there. Its
// content stays loaded (XNA unloads a component only when it is disposed):
// a component removed for good unloads itself.
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
	if k := slices.Index(cs.loaded, c); k >= 0 {
		cs.loaded = slices.Delete(cs.loaded, k, k+1)
	}
	cs.ComponentRemoved.raise(c)
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

// GameComponent is XNA's GameComponent for embedding: it keeps Enabled and
// UpdateOrder and raises an event when either changes. A struct that
// embeds it and defines Update is an Updateable; the zero value is
// enabled, with UpdateOrder 0.
type GameComponent struct {
	disabled    bool
	updateOrder int

	// EnabledChanged is raised by SetEnabled when the value changes.
	EnabledChanged Event[*GameComponent]
	// UpdateOrderChanged is raised by SetUpdateOrder when the value
	// changes; the next update pass uses the new order.
	UpdateOrderChanged Event[*GameComponent]
}

// Update does nothing; the embedding component defines its own.
func (c *GameComponent) Update(*Game, timing.GameTime) {}

// Enabled reports whether the game updates the component (default true).
func (c *GameComponent) Enabled() bool { return !c.disabled }

// SetEnabled sets Enabled and raises EnabledChanged when it changed.
func (c *GameComponent) SetEnabled(on bool) {
	if on == !c.disabled {
		return
	}
	c.disabled = !on
	c.EnabledChanged.raise(c)
}

// UpdateOrder returns the component's place in the update pass (lower
// first).
func (c *GameComponent) UpdateOrder() int { return c.updateOrder }

// SetUpdateOrder sets UpdateOrder and raises UpdateOrderChanged when it
// changed.
func (c *GameComponent) SetUpdateOrder(order int) {
	if order == c.updateOrder {
		return
	}
	c.updateOrder = order
	c.UpdateOrderChanged.raise(c)
}

// DrawableGameComponent is XNA's DrawableGameComponent for embedding: a
// GameComponent that also keeps Visible and DrawOrder, with their change
// events. A struct that embeds it and defines Draw (and Update, and
// LoadContent / UnloadContent if it has content) is an Updateable and a
// Drawable; the zero value is enabled and visible, with both orders 0.
type DrawableGameComponent struct {
	GameComponent
	hidden    bool
	drawOrder int

	// VisibleChanged is raised by SetVisible when the value changes.
	VisibleChanged Event[*DrawableGameComponent]
	// DrawOrderChanged is raised by SetDrawOrder when the value changes;
	// the next draw pass uses the new order.
	DrawOrderChanged Event[*DrawableGameComponent]
}

// Draw does nothing; the embedding component defines its own.
func (c *DrawableGameComponent) Draw(*Game, timing.GameTime) {}

// Visible reports whether the game draws the component (default true).
func (c *DrawableGameComponent) Visible() bool { return !c.hidden }

// SetVisible sets Visible and raises VisibleChanged when it changed.
func (c *DrawableGameComponent) SetVisible(on bool) {
	if on == !c.hidden {
		return
	}
	c.hidden = !on
	c.VisibleChanged.raise(c)
}

// DrawOrder returns the component's place in the draw pass (lower first).
func (c *DrawableGameComponent) DrawOrder() int { return c.drawOrder }

// SetDrawOrder sets DrawOrder and raises DrawOrderChanged when it changed.
func (c *DrawableGameComponent) SetDrawOrder(order int) {
	if order == c.drawOrder {
		return
	}
	c.drawOrder = order
	c.DrawOrderChanged.raise(c)
}
