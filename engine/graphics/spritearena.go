package graphics

import (
	"slices"
	"unsafe"
)

// A Deferred batch writes each sprite's vertices straight into the frame's
// vertex arena, where End draws them from: no copy at End. Its sprites
// stay one run of the arena, which ends where the next sprite goes. When
// something else has recorded vertices after the run since, the frame was
// handed out (EndFrame, Flush), or another batch takes the arena, the
// sprites move to the batch's own quads, later ones go there too, and End
// copies them as a sorted batch's.

// spriteQuadSize is the size of one sprite's four vertices in bytes.
const spriteQuadSize = int(unsafe.Sizeof(spriteQuad{}))

// arenaQuad returns the quad of a Deferred batch's next sprite where next
// cannot take the usual way (the run's growth within the arena's
// capacity, which next does inline).
func (sb *SpriteBatch) arenaQuad() *spriteQuad {
	d := sb.dev
	f := &d.frame
	switch {
	case d.stale: // the record was handed out: recording now would reset it
		sb.leaveArena()
	case !sb.inArena && len(sb.spans) == 0: // the batch's first sprite
		if o := d.sprites.arena; o != nil && o != sb {
			o.leaveArena()
		}
		d.sprites.arena = sb
		sb.inArena = true
		sb.arenaAt = d.spriteArenaStart()
		sb.arenaEnd = sb.arenaAt
	case sb.inArena && len(f.Vertices) != sb.arenaEnd:
		sb.leaveArena() // vertices recorded after the run: moving it each time would cost n²
	}
	if !sb.inArena {
		n := len(sb.quads)
		if n == cap(sb.quads) {
			sb.quads = append(sb.quads, spriteQuad{})
		}
		sb.quads = sb.quads[:n+1]
		return &sb.quads[n]
	}
	end := sb.arenaEnd
	f.Vertices = slices.Grow(f.Vertices, spriteQuadSize)[:end+spriteQuadSize]
	sb.arenaEnd = end + spriteQuadSize
	return (*spriteQuad)(unsafe.Pointer(&f.Vertices[end]))
}

// arenaLen returns how many sprites the batch has in the arena.
func (sb *SpriteBatch) arenaLen() int { return (sb.arenaEnd - sb.arenaAt) / spriteQuadSize }

// leaveArena moves the batch's sprites from the arena into its quads; the
// batch's later sprites go there too.
func (sb *SpriteBatch) leaveArena() {
	if !sb.inArena {
		return
	}
	if n := sb.arenaLen(); n > 0 {
		sb.quads = append(sb.quads[:0], sb.dev.spriteQuadsAt(sb.arenaAt, n)...)
	}
	sb.inArena, sb.arenaAt, sb.arenaEnd = false, 0, 0
	if sb.dev.sprites.arena == sb {
		sb.dev.sprites.arena = nil
	}
}

// reset empties the batch for its next Begin.
func (sb *SpriteBatch) reset() {
	sb.quads, sb.texs, sb.spans, sb.keys = sb.quads[:0], sb.texs[:0], sb.spans[:0], sb.keys[:0]
	sb.inArena, sb.arenaAt, sb.arenaEnd = false, 0, 0
	if sb.dev.sprites.arena == sb {
		sb.dev.sprites.arena = nil
	}
}

// spriteArenaStart returns the byte offset where sprites appended to the
// arena now start: its end, aligned to a whole sprite vertex.
func (d *Device) spriteArenaStart() int {
	at := len(d.rec().Vertices)
	if r := at % spriteStride; r != 0 {
		at += spriteStride - r
	}
	d.frame.Vertices = slices.Grow(d.frame.Vertices, at-len(d.frame.Vertices))[:at]
	return at
}

// spriteQuadsAt returns the n quads at byte offset at of the frame's arena.
func (d *Device) spriteQuadsAt(at, n int) []spriteQuad {
	return unsafe.Slice((*spriteQuad)(unsafe.Pointer(&d.frame.Vertices[at])), n)
}
