package vulkan

import (
	"slices"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// Memory a peak took is given back (rule G14): a record's releases of
// resources it does not draw with drop their uploads, textures the GPU
// never touched are destroyed at once, and the arenas free the chunks a
// peak grew once it has gone unused for arenaTrimUses uses.

// arenaTrimUses is how many uses in a row of a frame slot's arena must
// need at most half of its chunks before it frees the rest.
const arenaTrimUses = 30

// arenaTrim tracks an arena's recent needs.
type arenaTrim struct {
	peak  int // the most bytes one use of the quiet run took
	quiet int // uses in a row that needed at most half of the chunks
}

// arenaUsed is how many bytes of its chunks a's last use took (up to the
// end of the last chunk filled).
func arenaUsed(a *arena) int {
	n := 0
	for i := range a.chunks {
		if i < a.cur {
			n += a.chunks[i].buf.size
		} else if i == a.cur {
			n += a.chunks[i].used
		}
	}
	return n
}

// arenaSize is the bytes a's chunks hold.
func arenaSize(a *arena) int {
	n := 0
	for i := range a.chunks {
		n += a.chunks[i].buf.size
	}
	return n
}

// trimArena notes what a's last use took; after arenaTrimUses uses in a
// row that took at most half of what it holds (and more than one
// standard chunk is held), it frees the chunks (shrinkArena). The GPU is
// done with a. Allocates nothing unless it frees.
func (r *Renderer) trimArena(a *arena) {
	used, size := arenaUsed(a), arenaSize(a)
	if size <= arenaChunkSize || 2*used > size {
		a.trim = arenaTrim{}
		return
	}
	a.trim.peak = max(a.trim.peak, used)
	if a.trim.quiet++; a.trim.quiet < arenaTrimUses {
		return
	}
	r.shrinkArena(a)
}

// shrinkArena frees every chunk but a first one of the standard size
// (chunks grow again, as needed, on the next use). The GPU is done with a.
func (r *Renderer) shrinkArena(a *arena) {
	keep := 0
	if len(a.chunks) > 0 && a.chunks[0].buf.size == arenaChunkSize {
		keep = 1
	}
	for i := keep; i < len(a.chunks); i++ {
		a.chunks[i].buf.destroy()
		r.gpu.pools.free(a.chunks[i].set)
		r.gpu.pools.free(a.chunks[i].data)
		a.chunks[i] = arenaChunk{}
	}
	a.chunks = a.chunks[:keep]
	a.cur = 0
	a.trim = arenaTrim{}
}

// dropDead finds f's releases of textures and buffers that no draw or
// pass of f uses: their uploads are skipped (recordUploads reads
// r.dead), and such textures that still await their first transition
// (the GPU never saw them) are destroyed now rather than after the
// frame. Allocates nothing when f releases nothing.
func (r *Renderer) dropDead(f *graphics.Frame) {
	clear(r.frames.dead.textures)
	clear(r.frames.dead.buffers)
	if len(f.Releases) == 0 {
		return
	}
	if r.frames.dead.textures == nil {
		r.frames.dead.textures = map[graphics.TextureID]bool{}
		r.frames.dead.buffers = map[graphics.BufferID]bool{}
	}
	for _, rel := range f.Releases {
		if rel.Texture != 0 {
			r.frames.dead.textures[rel.Texture] = true
		}
		if rel.Buffer != 0 {
			r.frames.dead.buffers[rel.Buffer] = true
		}
	}
	for i := range f.Draws {
		d := &f.Draws[i]
		delete(r.frames.dead.textures, d.Texture)
		delete(r.frames.dead.buffers, d.VertexBuffer)
		delete(r.frames.dead.buffers, d.IndexBuffer)
	}
	for i := range f.Passes {
		delete(r.frames.dead.textures, f.Passes[i].Target)
		for _, id := range f.Passes[i].MoreTargets {
			delete(r.frames.dead.textures, id)
		}
	}
	if len(r.gpu.pendingInit) == 0 {
		return
	}
	clear(r.frames.dead.ids)
	if r.frames.dead.ids == nil {
		r.frames.dead.ids = map[*texture]graphics.TextureID{}
	}
	for id := range r.frames.dead.textures {
		if t := r.gpu.textures[id]; t != nil && t != r.gpu.white {
			r.frames.dead.ids[t] = id
		}
	}
	r.gpu.pendingInit = slices.DeleteFunc(r.gpu.pendingInit, func(t *texture) bool {
		id, ok := r.frames.dead.ids[t]
		if ok {
			t.destroy(&r.gpu.pools)
			delete(r.gpu.textures, id)
		}
		return ok
	})
}

// deadSet is what dropDead found for the record being recorded.
type deadSet struct {
	textures map[graphics.TextureID]bool
	buffers  map[graphics.BufferID]bool
	ids      map[*texture]graphics.TextureID // dead textures by pointer
}
