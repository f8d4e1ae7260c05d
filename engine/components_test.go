package engine

import (
	"errors"
	"reflect"
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// comp is a test component that logs its calls into a shared list.
type comp struct {
	name                   string
	log                    *[]string
	enabled, visible       bool
	updateOrder, drawOrder int
	onUpdate               func(g *Game)
	inits                  int
}

func (c *comp) Update(g *Game, _ timing.GameTime) {
	*c.log = append(*c.log, "u:"+c.name)
	if c.onUpdate != nil {
		c.onUpdate(g)
	}
}
func (c *comp) Draw(*Game, timing.GameTime) { *c.log = append(*c.log, "d:"+c.name) }
func (c *comp) Enabled() bool               { return c.enabled }
func (c *comp) Visible() bool               { return c.visible }
func (c *comp) UpdateOrder() int            { return c.updateOrder }
func (c *comp) DrawOrder() int              { return c.drawOrder }
func (c *comp) Initialize(*Game) error      { c.inits++; return nil }

func newComp(name string, log *[]string, uo, do int) *comp {
	return &comp{name: name, log: log, enabled: true, visible: true, updateOrder: uo, drawOrder: do}
}

// oneFrame runs a frame in which exactly one update and one draw happen.
func oneFrame(t *testing.T, g *Game) {
	t.Helper()
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
}

func TestComponentsOrderEnabledVisible(t *testing.T) {
	g, _, _ := newTestGame(nil, timing.ProfileDefault)
	_ = g.SetInactiveSleepTime(0) // one update per frame
	var log []string
	a, b, c := newComp("a", &log, 2, 0), newComp("b", &log, 1, 1), newComp("c", &log, 1, -1)
	for _, x := range []*comp{a, b, c} {
		if err := g.Components().Add(x); err != nil {
			t.Fatal(err)
		}
	}
	b.enabled, a.visible = false, false
	oneFrame(t, g)
	want := []string{"u:c", "u:a", "d:c", "d:b"}
	if !reflect.DeepEqual(log, want) {
		t.Errorf("calls %v, want %v", log, want)
	}
	if a.inits != 1 || b.inits != 1 || c.inits != 1 {
		t.Errorf("inits %d %d %d, want 1 each", a.inits, b.inits, c.inits)
	}
	_ = g.Close()
}

// TestComponentsSnapshot: removing a later component during Update stops
// its call in that very pass; one added during Update is first called in
// the next frame (and initialized when added).
func TestComponentsSnapshot(t *testing.T) {
	g, _, _ := newTestGame(nil, timing.ProfileDefault)
	_ = g.SetInactiveSleepTime(0)
	var log []string
	first, victim, late := newComp("first", &log, 0, 0), newComp("victim", &log, 1, 1), newComp("late", &log, 2, 2)
	first.onUpdate = func(g *Game) {
		if !g.Components().Remove(victim) {
			t.Error("Remove reported victim absent")
		}
		if err := g.Components().Add(late); err != nil {
			t.Error(err)
		}
		first.onUpdate = nil
	}
	_ = g.Components().Add(first)
	_ = g.Components().Add(victim)
	oneFrame(t, g)
	if want := []string{"u:first", "d:first", "d:late"}; !reflect.DeepEqual(log, want) {
		t.Errorf("frame 1 calls %v, want %v", log, want)
	}
	if late.inits != 1 {
		t.Errorf("late added after initialization: %d inits, want 1", late.inits)
	}
	log = log[:0]
	oneFrame(t, g)
	if want := []string{"u:first", "u:late", "d:first", "d:late"}; !reflect.DeepEqual(log, want) {
		t.Errorf("frame 2 calls %v, want %v", log, want)
	}
	_ = g.Close()
}

type notComparable struct{ _ []int } // a slice field makes it not comparable

func (notComparable) Update(*Game, timing.GameTime) {}
func (notComparable) Enabled() bool                 { return true }
func (notComparable) UpdateOrder() int              { return 0 }

func TestComponentsAddErrors(t *testing.T) {
	var cs Components
	if err := cs.Add(42); !errors.Is(err, ErrNotComponent) {
		t.Errorf("Add(42): %v", err)
	}
	if err := cs.Add(notComparable{}); !errors.Is(err, ErrNotComponent) {
		t.Errorf("Add(non-comparable): %v", err)
	}
	var log []string
	c := newComp("c", &log, 0, 0)
	if err := cs.Add(c); err != nil {
		t.Fatal(err)
	}
	if err := cs.Add(c); err == nil {
		t.Error("second Add of the same component: no error")
	}
	if cs.Len() != 1 || cs.At(0) != c || cs.Remove(42) {
		t.Error("collection state wrong")
	}
}
