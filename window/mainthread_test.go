package window

import (
	"errors"
	"strings"
	"testing"
)

func TestW1_DoRunsOnMainThread(t *testing.T) {
	if OnMainThread() {
		t.Fatal("the test goroutine reports the main thread; the main goroutine should own it")
	}
	var on bool
	Do(func() { on = OnMainThread() })
	if !on {
		t.Fatal("Do ran its function off the main thread")
	}
}

func TestW1_NestedDoRunsInline(t *testing.T) {
	var order []int
	Do(func() {
		order = append(order, 1)
		Do(func() { order = append(order, 2) })
		order = append(order, 3)
	})
	if len(order) != 3 || order[0] != 1 || order[1] != 2 || order[2] != 3 {
		t.Fatalf("order = %v, want [1 2 3]", order)
	}
}

func TestW1_DoReraisesPanicInCaller(t *testing.T) {
	var got any
	func() {
		defer func() { got = recover() }()
		Do(func() { panic("boom") })
	}()
	p, ok := got.(mainThreadPanic)
	if !ok {
		t.Fatalf("recovered %T %v, want a mainThreadPanic", got, got)
	}
	if p.value != "boom" || !strings.Contains(p.String(), "boom") {
		t.Fatalf("panic = %v", p)
	}
	var on bool
	Do(func() { on = OnMainThread() }) // the main thread still serves Do
	if !on {
		t.Fatal("Do after a panic did not run on the main thread")
	}
}

func TestW1_NewOffMainThreadIsAnError(t *testing.T) {
	w, err := New(defaultConfig())
	if !errors.Is(err, ErrNotMainThread) || w != nil {
		t.Fatalf("New off the main thread = %v, %v; want nil and ErrNotMainThread", w, err)
	}
}

func TestW1_MainOffMainThreadPanics(t *testing.T) {
	var got any
	func() {
		defer func() { got = recover() }()
		Main(func() int { return 0 })
	}()
	if s, _ := got.(string); !strings.Contains(s, "LockOSThread") {
		t.Fatalf("Main off the main thread recovered %v; want a panic that says to lock the main thread", got)
	}
}

// BenchmarkDo measures one round trip to the main thread.
func BenchmarkDo(b *testing.B) {
	n := 0
	f := func() { n++ }
	b.ReportAllocs()
	for b.Loop() {
		Do(f)
	}
	if n == 0 {
		b.Fatal("Do never ran f")
	}
}
