package engine

import (
	"fmt"
	"reflect"
)

// GameServiceContainer holds a game's services, one per type (XNA's
// GameServiceContainer): components find shared objects through it
// without knowing the game's own type. Use AddService and GetService,
// which key it by a Go type, usually an interface. The game adds its
// *GraphicsDeviceManager at creation.
type GameServiceContainer struct {
	m map[reflect.Type]any
}

// AddService adds provider under type t. A nil provider, a provider that
// is not a t, or a second service of type t is an error (as in XNA).
func (c *GameServiceContainer) AddService(t reflect.Type, provider any) error {
	if t == nil {
		return fmt.Errorf("engine: AddService: nil type")
	}
	if isNil(provider) {
		return fmt.Errorf("engine: AddService(%v): nil provider", t)
	}
	if !reflect.TypeOf(provider).AssignableTo(t) {
		return fmt.Errorf("engine: AddService(%v): the provider is a %T, not a %v", t, provider, t)
	}
	if _, ok := c.m[t]; ok {
		return fmt.Errorf("engine: AddService(%v): a service of that type is already there: RemoveService it first", t)
	}
	if c.m == nil {
		c.m = map[reflect.Type]any{}
	}
	c.m[t] = provider
	return nil
}

// GetService returns the service of type t, or nil.
func (c *GameServiceContainer) GetService(t reflect.Type) any { return c.m[t] }

// RemoveService removes the service of type t, if there is one.
func (c *GameServiceContainer) RemoveService(t reflect.Type) { delete(c.m, t) }

func isNil(v any) bool {
	if v == nil {
		return true
	}
	switch r := reflect.ValueOf(v); r.Kind() {
	case reflect.Pointer, reflect.Map, reflect.Slice, reflect.Func, reflect.Chan, reflect.Interface:
		return r.IsNil()
	}
	return false
}

// Services returns the game's service container (XNA's Game.Services).
func (g *Game) Services() *GameServiceContainer { return &g.services }

// AddService adds svc to g's services under type T, usually an
// interface: engine.AddService[Scores](g, scores). A nil svc or a second
// service of type T is an error.
func AddService[T any](g *Game, svc T) error {
	return g.services.AddService(reflect.TypeFor[T](), svc)
}

// GetService returns g's service of type T and whether there is one:
// scores, ok := engine.GetService[Scores](g).
func GetService[T any](g *Game) (T, bool) {
	v, ok := g.services.GetService(reflect.TypeFor[T]()).(T)
	return v, ok
}

// RemoveService removes g's service of type T, if there is one.
func RemoveService[T any](g *Game) { g.services.RemoveService(reflect.TypeFor[T]()) }
