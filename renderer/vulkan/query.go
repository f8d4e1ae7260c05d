package vulkan

// #include "frameloop.h"
import "C"

import (
	"fmt"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// Occlusion queries (graphics.OcclusionQuery, rule G24). Each frame slot
// (and the offscreen one) has a query pool of queriesPerSlot queries,
// made on first use and reset at the start of each record that has
// query spans. A span becomes one query per pass it reaches into (a query
// cannot outlive its render pass). The results are read when the slot's
// fence has been waited for anyway (Renderer.release: the frame loop's
// own wait before it reuses the slot, or the offscreen submit's), so
// reading them never waits, and summed per span into results, where
// OcclusionResult finds them.

// queriesPerSlot is the most query parts one record may hold.
const queriesPerSlot = 256

// queryPart is one query of a slot's pool: a span's part in one pass, or
// (slot -1) a span that counted no draw.
type queryPart struct {
	id     graphics.QueryID
	serial uint32
	slot   int32
}

// slotQueries is a frame slot's pool and the parts its last record wrote.
type slotQueries struct {
	pool   vk.QueryPool
	parts  []queryPart
	used   int
	values []uint64 // vkGetQueryPoolResults' destination
}

// queryResult is a query's latest finished span.
type queryResult struct {
	serial uint32
	pixels uint64
}

// queryState is the renderer's occlusion queries.
type queryState struct {
	slots   [maxFrames + 1]slotQueries
	results map[graphics.QueryID]queryResult
	// While a record is turned into commands: the slot, the next span
	// (cur) and whether a part of it is open in the current pass.
	slot int
	cur  int
	open bool
}

// queriesOf returns the renderer's query state, made on first use.
func (r *Renderer) queriesOf() *queryState {
	if r.frames.queries == nil {
		r.frames.queries = &queryState{results: map[graphics.QueryID]queryResult{}}
	}
	return r.frames.queries
}

// OcclusionResult reports the latest finished result of query id
// (graphics.OcclusionBackend); it never waits.
func (r *Renderer) OcclusionResult(id graphics.QueryID) (serial uint32, pixels uint64, ok bool) {
	if r == nil || r.frames.queries == nil {
		return 0, 0, false
	}
	res, ok := r.frames.queries.results[id]
	return res.serial, res.pixels, ok
}

// queryStart prepares slot's pool for f's spans: made on first use, reset
// by the record's first command. Spans without draws become results of 0
// pixels with the slot's other parts. Results still unread are read
// first.
func (r *Renderer) queryStart(f *graphics.Frame, slot int) error {
	// At half rate the slot's commands ran a second time from the next
	// slot, which the release's read may have found unfinished: recordFrame
	// has waited for every frame since, so read them now.
	r.harvestQueries(slot)
	if len(f.Queries) == 0 {
		return nil
	}
	q := r.queriesOf()
	s := &q.slots[slot]
	if s.pool == nil {
		var pool vk.QueryPool
		ci := vk.QueryPoolCreateInfo{SType: vk.StructureTypeQueryPoolCreateInfo, QueryType: vk.QueryTypeOcclusion, QueryCount: queriesPerSlot}
		if err := callErr("create query pool", "vkCreateQueryPool", vk.CreateQueryPool(r.gpu.dev.handle, &ci, nil, &pool)); err != nil {
			return err
		}
		s.pool, s.values = pool, make([]uint64, queriesPerSlot)
	}
	q.slot, q.cur, q.open = slot, 0, false
	s.parts, s.used = s.parts[:0], 0
	op := r.frames.ops.next(C.MTN_OP_RESET_QUERIES)
	op.h[0], op.u[0], op.u[1] = handle(unsafe.Pointer(s.pool)), 0, queriesPerSlot
	for _, sp := range f.Queries {
		if sp.DrawCount == 0 {
			s.parts = append(s.parts, queryPart{id: sp.Query, serial: sp.Serial, slot: -1})
		}
	}
	return nil
}

// queryBefore begins a query part before draw i when a span with draws
// covers it and none is open in this pass.
func (r *Renderer) queryBefore(f *graphics.Frame, i int) error {
	q := r.frames.queries
	for q.cur < len(f.Queries) && f.Queries[q.cur].FirstDraw+f.Queries[q.cur].DrawCount <= i {
		q.cur++ // spans without draws, or ended
	}
	if q.open || q.cur == len(f.Queries) || f.Queries[q.cur].FirstDraw > i {
		return nil
	}
	s := &q.slots[q.slot]
	if s.used == queriesPerSlot {
		return fmt.Errorf("occlusion queries: more than %d query parts (Begin/End pairs times the passes they reach) in one record", queriesPerSlot)
	}
	sp := f.Queries[q.cur]
	s.parts = append(s.parts, queryPart{id: sp.Query, serial: sp.Serial, slot: int32(s.used)})
	op := r.frames.ops.next(C.MTN_OP_BEGIN_QUERY)
	op.h[0], op.u[0] = handle(unsafe.Pointer(s.pool)), C.uint32_t(s.used)
	if r.gpu.dev.preciseQueries {
		op.u[1] = 1
	}
	s.used++
	q.open = true
	return nil
}

// queryAfter ends the open part after draw i when its span or the pass
// (whose last draw is last) ends there.
func (r *Renderer) queryAfter(f *graphics.Frame, i, last int) {
	q := r.frames.queries
	if !q.open {
		return
	}
	sp := f.Queries[q.cur]
	if end := sp.FirstDraw + sp.DrawCount - 1; i != end && i != last {
		return
	}
	s := &q.slots[q.slot]
	op := r.frames.ops.next(C.MTN_OP_END_QUERY)
	op.h[0], op.u[0] = handle(unsafe.Pointer(s.pool)), C.uint32_t(s.used-1)
	q.open = false
}

// harvestQueries reads the results of slot's last record, whose fence has
// signalled, into results; the parts of one span add up.
func (r *Renderer) harvestQueries(slot int) {
	q := r.frames.queries
	if q == nil || len(q.slots[slot].parts) == 0 {
		return
	}
	s := &q.slots[slot]
	if s.used > 0 {
		res := vk.GetQueryPoolResults(r.gpu.dev.handle, s.pool, 0, uint32(s.used), uint(8*s.used),
			unsafe.Pointer(&s.values[0]), 8, vk.QueryResultFlags(vk.QueryResult64Bit))
		if res != vk.Success {
			return // not finished: queryStart reads them again
		}
	}
	for _, p := range s.parts {
		cur := q.results[p.id]
		if cur.serial != p.serial {
			cur = queryResult{serial: p.serial}
		}
		if p.slot >= 0 {
			cur.pixels += s.values[p.slot]
		}
		q.results[p.id] = cur
	}
	s.parts, s.used = s.parts[:0], 0
}

// queryAbort drops the parts of a record that failed to turn into
// commands: its queries are never run.
func (r *Renderer) queryAbort(slot int) {
	if r.frames.queries != nil {
		s := &r.frames.queries.slots[slot]
		s.parts, s.used = s.parts[:0], 0
		r.frames.queries.open = false
	}
}

// forgetQuery drops a disposed query's result.
func (r *Renderer) forgetQuery(id graphics.QueryID) {
	if r.frames.queries != nil {
		delete(r.frames.queries.results, id)
	}
}

// destroyQueries destroys the query pools; safe twice.
func (r *Renderer) destroyQueries() {
	if r.frames.queries == nil {
		return
	}
	for i := range r.frames.queries.slots {
		if p := r.frames.queries.slots[i].pool; p != nil {
			vk.DestroyQueryPool(r.gpu.dev.handle, p, nil)
		}
	}
	r.frames.queries = nil
}

var _ graphics.OcclusionBackend = (*Renderer)(nil)
