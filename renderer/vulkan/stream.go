package vulkan

import (
	"github.com/metronome-engine/metronome/engine/graphics"
)

// streamMin is the size above which an upload is streamed rather than
// staged whole in a frame arena (rule G14).
const streamMin = 4 * arenaChunkSize

// streamUploads runs all of f's uploads, in their order, ahead of f's
// commands when one of them is over streamMin bytes, and reports whether
// it did (recordFrame then records none). The bytes go through the
// offscreen arena's standard chunk in bands of at most arenaChunkSize,
// one bounded submission per chunkful: a GiB texture is staged in 4 MiB
// that are touched once and reused, not in a GiB chunk of fresh memory,
// so the peak memory drops by the upload's size and, where first touches
// of memory are slow, the upload takes seconds less. Earlier frames are
// waited for first (submitOffscreen), so an upload never overwrites what
// they read. r.dead must be f's (dropDead); f's releases must not be
// queued yet, since the submissions free the offscreen slot's.
func (r *Renderer) streamUploads(f *graphics.Frame) (bool, error) {
	big := false
	for i := range f.Uploads {
		big = big || f.Uploads[i].Size > streamMin
	}
	if !big {
		return false, nil
	}
	const op = "stream upload"
	a := &r.frames.arenas[offscreen]
	a.reset()
	r.frames.ops.reset()
	r.emitInits()
	used := 0 // bytes of the chunk this submission takes
	stage := func(n int) (*arenaChunk, int, error) {
		if used > 0 && (used+15)&^15+n > arenaChunkSize {
			if err := r.submitOffscreen(op); err != nil {
				return nil, 0, err
			}
			a.reset()
			r.frames.ops.reset()
			used = 0
		}
		c, off, err := r.arenaAlloc(a, n, 16)
		used = off + n
		return c, off, err
	}
	for i := range f.Uploads {
		up := &f.Uploads[i]
		if up.Size <= 0 || r.frames.dead.textures[up.Texture] || r.frames.dead.buffers[up.Buffer] {
			continue // G14: nothing draws with it before it is released
		}
		if err := r.checkUpload(f, up); err != nil {
			return true, err
		}
		src := f.UploadBytes(up)
		if up.Texture != 0 {
			t, g := r.gpu.textures[up.Texture], up.Region
			src = r.gpu.decoded(t, g, src)
			unit, row := t.uploadRows(g.Width) // unit texel rows per row of data (DXT: 4)
			rows := max(1, arenaChunkSize/row) * unit
			slice := len(src) / max(up.Slices, 1) // a 3D texture's slices go one by one
			for z := range max(up.Slices, 1) {
				for y := 0; y < g.Height; y += rows {
					n := min(rows, g.Height-y)
					size := (n + unit - 1) / unit * row
					c, off, err := stage(size)
					if err != nil {
						return true, err
					}
					copy(c.buf.bytes()[off:off+size], src[z*slice+y/unit*row:])
					if t.slices > 0 {
						r.frames.ops.uploadVolume(c.buf.handle, off, t.image, g.X, g.Y+y, up.Front+z, g.Width, n, 1)
						continue
					}
					r.frames.ops.uploadLayer(c.buf.handle, off, t.image, up.Level, up.Face, g.X, g.Y+y, g.Width, n)
				}
			}
			continue
		}
		b := r.gpu.buffers[up.Buffer]
		for o := 0; o < up.Size; o += arenaChunkSize {
			n := min(arenaChunkSize, up.Size-o)
			c, off, err := stage(n)
			if err != nil {
				return true, err
			}
			copy(c.buf.bytes()[off:off+n], src[o:])
			r.frames.ops.copyBuffer(c.buf.handle, b.handle, off, up.Offset+o, n)
		}
	}
	if err := r.submitOffscreen(op); err != nil {
		return true, err
	}
	a.reset()
	return true, nil
}
