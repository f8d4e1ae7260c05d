package graphics_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG24_QuerySpansItsDrawsAndCompletesAFrameLater: Begin/End record the
// span of draws between them, the result (the fake's count) arrives with a
// later record, and a new Begin/End pair waits for its own result.
func TestG24_QuerySpansItsDrawsAndCompletesAFrameLater(t *testing.T) {
	r := newRig(t)
	q, err := graphics.NewOcclusionQuery(r.dev)
	must(t, err)
	must(t, r.dev.BeginFrame(16, 16))
	r.bind()
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12)) // not counted
	q.Begin()
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 2))
	must(t, r.dev.Clear(graphics.Black)) // a new pass: the span crosses it
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 1))
	q.End()
	if q.IsComplete() {
		t.Error("complete before the record ran")
	}
	f := r.present()
	if want := []graphics.QuerySpan{{Query: q.ID(), Serial: 1, FirstDraw: 1, DrawCount: 2}}; len(f.Queries) != 1 || f.Queries[0] != want[0] {
		t.Fatalf("spans %+v, want %+v", f.Queries, want)
	}
	if q.IsComplete() || q.PixelCount() != 0 {
		t.Errorf("complete %v, %d pixels right after the record ran; want false, 0 (the fake's results land a record later)", q.IsComplete(), q.PixelCount())
	}
	must(t, r.dev.BeginFrame(16, 16))
	q.Begin()
	q.End() // no draws: counts 0
	r.present()
	if q.IsComplete() {
		t.Error("the second Begin/End is complete before its record's results landed")
	}
	if q.PixelCount() != 0 {
		t.Errorf("PixelCount %d before completion, want 0 (no earlier completed End)", q.PixelCount())
	}
	must(t, r.dev.BeginFrame(16, 16))
	r.present()
	if !q.IsComplete() || q.PixelCount() != 0 {
		t.Errorf("second pair: complete %v, %d pixels; want true, 0", q.IsComplete(), q.PixelCount())
	}
	q.Dispose()
	q.Dispose()
	must(t, r.dev.BeginFrame(16, 16))
	r.present()
	if got := r.fb.ReleasedQueries; len(got) != 1 || got[0] != q.ID() {
		t.Errorf("released queries %v, want [%d] once", got, q.ID())
	}
}

// TestG24_QueryCountsFromTheFirstPair: the first pair's result is the
// counted draws' indices in the fake (2 triangles and 1: 9).
func TestG24_QueryCountsFromTheFirstPair(t *testing.T) {
	r := newRig(t)
	q, err := graphics.NewOcclusionQuery(r.dev)
	must(t, err)
	must(t, r.dev.BeginFrame(16, 16))
	r.bind()
	q.Begin()
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 2))
	must(t, r.dev.Clear(graphics.Black))
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 1))
	q.End()
	r.present()
	must(t, r.dev.BeginFrame(16, 16))
	r.present()
	if !q.IsComplete() || q.PixelCount() != 9 {
		t.Errorf("complete %v, %d pixels; want true, 9", q.IsComplete(), q.PixelCount())
	}
}

// TestG24_QueryMisuseIsReportedByTheNextDraw: Begin twice, End without
// Begin, a second query begun inside the first, a disposed query begun,
// and a query left begun at EndFrame are errors reported as rule G20 says.
func TestG24_QueryMisuseIsReportedByTheNextDraw(t *testing.T) {
	cases := []struct {
		name, want string
		do         func(a, b *graphics.OcclusionQuery)
	}{
		{"BeginTwice", "already begun", func(a, _ *graphics.OcclusionQuery) { a.Begin(); a.Begin() }},
		{"EndWithoutBegin", "not begun", func(a, _ *graphics.OcclusionQuery) { a.End() }},
		{"TwoAtOnce", "End it before beginning", func(a, b *graphics.OcclusionQuery) { a.Begin(); b.Begin() }},
		{"Disposed", "disposed", func(a, _ *graphics.OcclusionQuery) { a.Dispose(); a.Begin() }},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := newRig(t)
			a, err := graphics.NewOcclusionQuery(r.dev)
			must(t, err)
			b, err := graphics.NewOcclusionQuery(r.dev)
			must(t, err)
			must(t, r.dev.BeginFrame(16, 16))
			r.bind()
			c.do(a, b)
			err = r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 1)
			if !errors.Is(err, graphics.ErrInvalid) && !errors.Is(err, graphics.ErrDisposed) || !strings.Contains(err.Error(), c.want) {
				t.Errorf("draw after misuse: %v, want an error saying %q", err, c.want)
			}
		})
	}
	r := newRig(t)
	q, err := graphics.NewOcclusionQuery(r.dev)
	must(t, err)
	must(t, r.dev.BeginFrame(16, 16))
	q.Begin()
	f, err := r.dev.EndFrame()
	if err == nil || !strings.Contains(err.Error(), "not ended") || len(f.Queries) != 1 {
		t.Errorf("EndFrame with a begun query: %v, %d spans; want the error and the span closed", err, len(f.Queries))
	}
}

// TestG24_QueryNeedsABackendWithQueries: a backend without
// OcclusionBackend gives ErrQueryUnsupported.
func TestG24_QueryNeedsABackendWithQueries(t *testing.T) {
	dev, err := graphics.NewDevice(noQueries{graphicsBackend: newRig(t).fb})
	must(t, err)
	if _, err := graphics.NewOcclusionQuery(dev); !errors.Is(err, graphics.ErrQueryUnsupported) {
		t.Errorf("NewOcclusionQuery: %v, want ErrQueryUnsupported", err)
	}
}

type graphicsBackend = graphics.Backend

// noQueries hides the fake's OcclusionResult.
type noQueries struct{ graphicsBackend }

// TestG24_QueryFramesAllocateNothing: a steady frame with a query around
// its draws allocates nothing on the device side.
func TestG24_QueryFramesAllocateNothing(t *testing.T) {
	r := newRig(t)
	r.fb.Keep = false
	q, err := graphics.NewOcclusionQuery(r.dev)
	must(t, err)
	frame := func() {
		must(t, r.dev.BeginFrame(16, 16))
		r.bind()
		q.Begin()
		must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12))
		q.End()
		_ = q.IsComplete()
		_ = q.PixelCount()
		r.present()
	}
	for range 5 {
		frame()
	}
	if a := testing.AllocsPerRun(100, frame); a != 0 {
		t.Errorf("%.1f allocations per frame with a query, want 0", a)
	}
}
