package engine

import (
	"strings"
	"testing"
)

// TestEvent_RemoveByHandle: the func Add returns removes that add only
// (the same func added twice is two handlers), once; a nil handler's and a
// cleared handler's remove do nothing.
func TestEvent_RemoveByHandle(t *testing.T) {
	var e Event[int]
	var got []string
	a := func(int) { got = append(got, "a") }
	removeA1 := e.Add(a)
	e.Add(func(int) { got = append(got, "b") })
	removeA2 := e.Add(a)
	e.Add(nil)()
	if e.Len() != 3 {
		t.Fatalf("%d handlers, want 3", e.Len())
	}
	removeA1()
	removeA1() // again: nothing
	e.raise(0)
	if strings.Join(got, "") != "ba" || e.Len() != 2 {
		t.Errorf("after removing the first a: raised %q with %d handlers, want \"ba\" with 2", strings.Join(got, ""), e.Len())
	}
	removeA2()
	got = nil
	e.raise(0)
	if strings.Join(got, "") != "b" {
		t.Errorf("after removing both a: raised %q, want \"b\"", strings.Join(got, ""))
	}
	e.Clear()
	removeA2()
	if e.Len() != 0 {
		t.Errorf("%d handlers after Clear", e.Len())
	}
}

// TestEvent_RemoveDuringRaise pins the rule for changes made while the event
// is being raised: the raise calls the handlers that were there when it
// began (a removed one whose turn had not come still runs, an added one
// does not), and the changes hold from the next raise.
func TestEvent_RemoveDuringRaise(t *testing.T) {
	var e Event[int]
	var got []string
	var removeC, removeSelf func()
	e.Add(func(int) { got = append(got, "a") })
	removeSelf = e.Add(func(int) {
		got = append(got, "b")
		removeSelf()
		removeC()
		e.Add(func(int) { got = append(got, "d") })
	})
	removeC = e.Add(func(int) { got = append(got, "c") })
	e.raise(1)
	if s := strings.Join(got, ""); s != "abc" {
		t.Errorf("first raise called %q, want \"abc\" (the handlers there when it began)", s)
	}
	got = nil
	e.raise(2)
	if s := strings.Join(got, ""); s != "ad" {
		t.Errorf("second raise called %q, want \"ad\" (b and c removed, d added)", s)
	}
}

// TestEvent_ClearDuringRaise: Clear inside a handler also holds from the
// next raise.
func TestEvent_ClearDuringRaise(t *testing.T) {
	var e Event[int]
	n := 0
	e.Add(func(int) { n++; e.Clear() })
	e.Add(func(int) { n++ })
	e.raise(0)
	e.raise(0)
	if n != 2 || e.Len() != 0 {
		t.Errorf("%d calls, %d handlers left; want 2 calls (both in the first raise), 0 left", n, e.Len())
	}
}

// TestEvent_RaiseAllocatesNothing: raising allocates nothing, also after
// removals.
func TestEvent_RaiseAllocatesNothing(t *testing.T) {
	var e Event[*Game]
	n := 0
	for range 4 {
		e.Add(func(*Game) { n++ })()
		e.Add(func(*Game) { n++ })
	}
	if allocs := testing.AllocsPerRun(100, func() { e.raise(nil) }); allocs != 0 {
		t.Errorf("%v allocations per raise", allocs)
	}
	if n == 0 {
		t.Error("no handler ran")
	}
}
