package graphics

import (
	"errors"
	"fmt"
)

// QueryID names an occlusion query on the backend. The device hands out
// IDs in creation order, starting at 1, and never reuses one.
type QueryID uint32

// QuerySpan is the stretch of a record's draws an occlusion query counts:
// the draws Frame.Draws[FirstDraw:FirstDraw+DrawCount], which may lie in
// several passes (the backend counts each pass's part and adds them up).
// Spans do not overlap and come in the order of their draws.
type QuerySpan struct {
	Query QueryID
	// Serial numbers the query's Begin/End pairs from 1; the backend
	// reports the serial its result belongs to (OcclusionBackend).
	Serial uint32
	// FirstDraw and DrawCount select the draws counted; DrawCount 0
	// counts nothing (the result is 0 pixels).
	FirstDraw, DrawCount int
}

// OcclusionBackend is what a Backend implements to run occlusion queries
// (renderer/vulkan and graphicstest do); NewOcclusionQuery refuses a
// backend without it.
type OcclusionBackend interface {
	// OcclusionResult returns the latest result of query id the GPU has
	// finished: the Serial of its span, and the samples that passed the
	// depth and stencil tests in it; ok is false while none has finished.
	// It never waits for the GPU.
	OcclusionResult(id QueryID) (serial uint32, pixels uint64, ok bool)
}

// ErrQueryUnsupported is returned by NewOcclusionQuery on a backend
// without occlusion queries.
var ErrQueryUnsupported = errors.New("occlusion queries are not supported by this backend")

// OcclusionQuery counts the pixels of the draws between Begin and End that
// pass the depth and stencil tests (XNA's OcclusionQuery). The count
// arrives frames later, without the CPU waiting for the GPU: poll
// IsComplete (a frame or two after the one that drew), then read
// PixelCount.
type OcclusionQuery struct {
	dev      *Device
	backend  OcclusionBackend
	id       QueryID
	serial   uint32 // of the last End, 0 before the first
	first    int    // the draw Begin saw, while active
	rec      uint64 // the record Begin appended to, while active
	active   bool
	disposed bool
	complete bool
	pixels   int
}

// NewOcclusionQuery returns a query on dev. Its backend must implement
// OcclusionBackend, else the error is ErrQueryUnsupported.
func NewOcclusionQuery(dev *Device) (*OcclusionQuery, error) {
	if dev == nil {
		return nil, errors.New("graphics: new occlusion query: the device is nil")
	}
	ob, ok := dev.backend.(OcclusionBackend)
	if !ok {
		return nil, fmt.Errorf("graphics: new occlusion query: %w", ErrQueryUnsupported)
	}
	dev.nextQuery++
	return &OcclusionQuery{dev: dev, backend: ob, id: dev.nextQuery}, nil
}

// ID returns the query's backend ID.
func (q *OcclusionQuery) ID() QueryID { return q.id }

// Begin starts counting the pixels of the draws that follow. A query
// already begun, another query of the device still begun (one counts at a
// time) or a disposed query is an error the next draw returns (rule G20),
// and Begin then does nothing.
func (q *OcclusionQuery) Begin() {
	d := q.dev
	switch {
	case q.disposed:
		d.fail(fmt.Errorf("graphics: OcclusionQuery.Begin: query %d is disposed: %w", q.id, ErrDisposed))
		return
	case q.active:
		d.fail(fmt.Errorf("graphics: OcclusionQuery.Begin: query %d is already begun; call End first: %w", q.id, ErrInvalid))
		return
	case d.query != nil:
		d.fail(fmt.Errorf("graphics: OcclusionQuery.Begin: query %d is begun; End it before beginning query %d: %w", d.query.id, q.id, ErrInvalid))
		return
	}
	f := d.rec()
	q.active, q.first, q.rec = true, len(f.Draws), d.seq()
	d.query = q
}

// End stops counting; the result arrives once the GPU has run the record
// (IsComplete). End without Begin is an error the next draw returns (rule
// G20).
func (q *OcclusionQuery) End() {
	if !q.active {
		q.dev.fail(fmt.Errorf("graphics: OcclusionQuery.End: query %d is not begun; call Begin first: %w", q.id, ErrInvalid))
		return
	}
	q.end()
}

// end closes the span of an active query in the record being built.
func (q *OcclusionQuery) end() {
	d := q.dev
	f := d.rec()
	q.serial++
	q.active, q.complete = false, false
	d.query = nil
	first := q.first
	if q.rec != d.seq() || first > len(f.Draws) { // cannot happen: the record closes an active query
		first = len(f.Draws)
	}
	f.Queries = append(f.Queries, QuerySpan{Query: q.id, Serial: q.serial, FirstDraw: first, DrawCount: len(f.Draws) - first})
}

// closeQuery ends the device's active query at the end of a record
// (EndFrame, Flush), so that Begin and End always lie in one record, and
// records the misuse as an error (rule G20).
func (d *Device) closeQuery(op string) {
	if q := d.query; q != nil {
		q.end()
		d.fail(fmt.Errorf("graphics: %s: occlusion query %d was begun and not ended; it now ends here: %w", op, q.id, ErrInvalid))
	}
}

// IsComplete reports whether the result of the last End has arrived. It
// never waits for the GPU: it becomes true a frame or two after the frame
// that drew. False before the first End and while begun.
func (q *OcclusionQuery) IsComplete() bool {
	if q.complete {
		return true
	}
	if q.serial == 0 || q.active || q.disposed {
		return false
	}
	serial, pixels, ok := q.backend.OcclusionResult(q.id)
	if ok && serial == q.serial {
		q.complete, q.pixels = true, int(min(pixels, uint64(^uint(0)>>1)))
	}
	return q.complete
}

// PixelCount returns the number of pixels (samples) of the draws between
// Begin and End that passed the depth and stencil tests, once IsComplete
// is true; before that it returns the count of the previous completed
// End (0 before any), without waiting.
func (q *OcclusionQuery) PixelCount() int {
	q.IsComplete()
	return q.pixels
}

// IsDisposed reports whether Dispose was called.
func (q *OcclusionQuery) IsDisposed() bool { return q.disposed }

// Dispose ends the query's use; an active query is ended first. Safe
// twice.
func (q *OcclusionQuery) Dispose() {
	if q.disposed {
		return
	}
	if q.active {
		q.end()
	}
	q.disposed = true
	f := q.dev.rec()
	f.Releases = append(f.Releases, Release{Query: q.id})
}
