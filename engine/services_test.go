package engine

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// contentComp is a DrawableGameComponent with content that records its
// calls.
type contentComp struct {
	DrawableGameComponent
	name string
	rec  *recorder
}

func (c *contentComp) Initialize(*Game) error        { c.rec.add("init %s", c.name); return nil }
func (c *contentComp) LoadContent(*Game) error       { c.rec.add("load %s", c.name); return nil }
func (c *contentComp) UnloadContent(*Game)           { c.rec.add("unload %s", c.name) }
func (c *contentComp) Update(*Game, timing.GameTime) { c.rec.add("update %s", c.name) }
func (c *contentComp) Draw(*Game, timing.GameTime)   { c.rec.add("draw %s", c.name) }

// componentLines keeps the transcript's lines about the game's and the
// components' content and events.
func componentLines(rec *recorder) []string {
	var out []string
	for _, l := range rec.lines {
		for _, p := range []string{"Initialize", "LoadContent", "UnloadContent", "init ", "load ", "unload ",
			"update ", "draw ", "added ", "removed ", "changed "} {
			if strings.HasPrefix(l, p) {
				out = append(out, l)
				break
			}
		}
	}
	return out
}

// TestComponentsContentAndEventsInXNAOrder: components initialize and load
// their content one by one after the game's Initialize and before its
// LoadContent (XNA's DrawableGameComponent loads in its Initialize); one
// added later does both at once; ComponentAdded follows, ComponentRemoved
// follows a removal; at the end the components still there unload, in the
// order added, before the game's UnloadContent; a removed one does not.
func TestComponentsContentAndEventsInXNAOrder(t *testing.T) {
	rec := &recorder{}
	g, _, _ := newTestGame(rec, timing.ProfileDefault)
	_ = g.SetInactiveSleepTime(0)
	cs := g.Components()
	cs.ComponentAdded.Add(func(c any) { rec.add("added %s", c.(*contentComp).name) })
	cs.ComponentRemoved.Add(func(c any) { rec.add("removed %s", c.(*contentComp).name) })
	a, b, c := &contentComp{name: "a", rec: rec}, &contentComp{name: "b", rec: rec}, &contentComp{name: "c", rec: rec}
	for _, x := range []*contentComp{a, b} {
		if err := cs.Add(x); err != nil {
			t.Fatal(err)
		}
	}
	oneFrame(t, g)
	if err := cs.Add(c); err != nil {
		t.Fatal(err)
	}
	cs.Remove(b)
	if err := g.Close(); err != nil {
		t.Fatal(err)
	}
	want := []string{"added a", "added b",
		"Initialize", "init a", "load a", "init b", "load b", "LoadContent",
		"update a", "update b", "draw a", "draw b",
		"init c", "load c", "added c", "removed b",
		"unload a", "unload c", "UnloadContent"}
	if got := componentLines(rec); !slices.Equal(got, want) {
		t.Errorf("calls\n%q\nwant\n%q", got, want)
	}
}

// TestComponentChangeEvents: SetEnabled, SetVisible, SetUpdateOrder and
// SetDrawOrder raise their events only on a change, and the passes follow
// the new values from the next frame.
func TestComponentChangeEvents(t *testing.T) {
	rec := &recorder{}
	g, _, _ := newTestGame(rec, timing.ProfileDefault)
	_ = g.SetInactiveSleepTime(0)
	a, b := &contentComp{name: "a", rec: rec}, &contentComp{name: "b", rec: rec}
	for _, x := range []*contentComp{a, b} {
		x.EnabledChanged.Add(func(gc *GameComponent) { rec.add("changed enabled %v", gc.Enabled()) })
		x.UpdateOrderChanged.Add(func(gc *GameComponent) { rec.add("changed update order %d", gc.UpdateOrder()) })
		x.VisibleChanged.Add(func(dc *DrawableGameComponent) { rec.add("changed visible %v", dc.Visible()) })
		x.DrawOrderChanged.Add(func(dc *DrawableGameComponent) { rec.add("changed draw order %d", dc.DrawOrder()) })
		if err := g.Components().Add(x); err != nil {
			t.Fatal(err)
		}
	}
	if !a.Enabled() || !a.Visible() || a.UpdateOrder() != 0 || a.DrawOrder() != 0 {
		t.Fatal("the zero DrawableGameComponent is not enabled and visible with orders 0")
	}
	oneFrame(t, g)
	a.SetEnabled(true) // no change: no event
	a.SetUpdateOrder(0)
	a.SetEnabled(false)
	a.SetEnabled(false)
	b.SetVisible(false)
	a.SetUpdateOrder(5)
	a.SetEnabled(true)
	a.SetDrawOrder(2)
	a.SetDrawOrder(2)
	oneFrame(t, g)
	want := []string{"Initialize", "init a", "load a", "init b", "load b", "LoadContent",
		"update a", "update b", "draw a", "draw b",
		"changed enabled false", "changed visible false", "changed update order 5", "changed enabled true",
		"changed draw order 2",
		"update b", "update a", "draw a"}
	if got := componentLines(rec); !slices.Equal(got, want) {
		t.Errorf("calls\n%q\nwant\n%q", got, want)
	}
	_ = g.Close()
}

// scores is a service interface for the tests.
type scores interface{ Best() int }

type table struct{ best int }

func (t *table) Best() int { return t.best }

// TestServicesTyped: services are kept and found by type; the game's
// GraphicsDeviceManager is one from the start; a second service of a
// type, a nil one, or one of the wrong type is an error.
func TestServicesTyped(t *testing.T) {
	g, _, _ := newTestGame(nil, timing.ProfileDefault)
	defer g.Close()
	if _, ok := GetService[scores](g); ok {
		t.Fatal("a service before any was added")
	}
	tb := &table{best: 7}
	if err := AddService[scores](g, tb); err != nil {
		t.Fatal(err)
	}
	if s, ok := GetService[scores](g); !ok || s.Best() != 7 {
		t.Errorf("GetService[scores] = %v, %v", s, ok)
	}
	if _, ok := GetService[*table](g); ok {
		t.Error("found under its concrete type, but it was added under the interface")
	}
	if err := AddService[scores](g, &table{}); err == nil || !strings.Contains(err.Error(), "already") {
		t.Errorf("a second scores service: %v, want an error saying one is there", err)
	}
	if err := AddService[scores](g, nil); err == nil {
		t.Error("a nil service was accepted")
	}
	if err := AddService[*table](g, (*table)(nil)); err == nil {
		t.Error("a nil pointer service was accepted")
	}
	if err := g.Services().AddService(reflect.TypeFor[scores](), 3); err == nil {
		t.Error("a provider of the wrong type was accepted")
	}
	if m, ok := GetService[*GraphicsDeviceManager](g); !ok || m != g.GraphicsDeviceManager() {
		t.Error("the GraphicsDeviceManager is not a service")
	}
	RemoveService[scores](g)
	if _, ok := GetService[scores](g); ok || g.Services().GetService(reflect.TypeFor[scores]()) != nil {
		t.Error("RemoveService left the service")
	}
}
