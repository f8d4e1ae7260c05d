// Package graphicstest has a fake graphics.Backend that records what it is
// asked to create and execute, checks every frame record for consistency,
// and keeps CPU copies of texture and buffer contents (uploads applied,
// render-target clears filled; draws are not rasterized). Engine and
// renderer tests use it to test recording without a GPU.
package graphicstest

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/internal/half"
)

// Texture is a texture the fake holds.
type Texture struct {
	Desc graphics.TextureDesc
	// Pixels are its RGBA texels, row after row (for another format, its
	// bytes in that format's layout: Desc.Format.DataSize).
	Pixels []byte
	// Levels are its mipmap levels, Levels[0] being Pixels (one entry
	// without mipmaps). A pass that clears a target and regenerates its
	// mipmaps fills every level with the clear colour.
	Levels [][]byte
	// Faces are a cube texture's faces (CubeMapFace order), each its
	// mipmap levels; Levels is Faces[0]. Nil for other textures.
	Faces [][][]byte
	// Released is true once a frame released it.
	Released bool
}

// Buffer is a buffer the fake holds.
type Buffer struct {
	Desc     graphics.BufferDesc
	Data     []byte
	Released bool
}

// Backend is the fake. The zero value is not ready: use New.
type Backend struct {
	// Limit is what Limits reports. Its ShaderFeatures start empty (no
	// 64-bit or 16-bit shader types, no clip or cull distances): set them
	// to test effects that need a feature.
	Limit graphics.Limits
	// Textures and Buffers are every resource created, by ID.
	Textures map[graphics.TextureID]*Texture
	Buffers  map[graphics.BufferID]*Buffer
	// Effects are every effect created, by ID (made on first use).
	Effects map[graphics.EffectID]*Effect
	// Executed counts Execute calls, Presents those with Frame.Present.
	Executed, Presents int
	// MipGenerations counts passes that regenerated their target's
	// mipmaps (Pass.GenerateMips).
	MipGenerations int
	// Keep makes Execute append a deep copy of each record to Frames (it
	// allocates; leave it off in allocation tests).
	Keep   bool
	Frames []graphics.Frame
	// FailCreate and FailExecute, when set, are returned by the next
	// create or Execute call (and then cleared).
	FailCreate, FailExecute error
	// Queries are the occlusion results OcclusionResult reports, by query;
	// a record's spans arrive one Execute later, as a GPU's would, each
	// counting as "pixels" the vertices (or indices) its draws read.
	// ReleasedQueries lists the queries released.
	Queries         map[graphics.QueryID]QueryResult
	ReleasedQueries []graphics.QueryID
	queriesNext     []graphics.QuerySpan // the last record's spans, and their counts in Pixels
	queriesNextPix  []uint64
}

// QueryResult is an occlusion query's result in the fake.
type QueryResult struct {
	Serial uint32
	Pixels uint64
}

// OcclusionResult reports the query's result once the Execute after the
// one that ran its span has happened (graphics.OcclusionBackend).
func (b *Backend) OcclusionResult(id graphics.QueryID) (serial uint32, pixels uint64, ok bool) {
	r, ok := b.Queries[id]
	return r.Serial, r.Pixels, ok
}

// landQueries makes the previous record's spans results and notes f's.
func (b *Backend) landQueries(f *graphics.Frame) {
	for i, sp := range b.queriesNext {
		if b.Queries == nil {
			b.Queries = map[graphics.QueryID]QueryResult{}
		}
		r := b.Queries[sp.Query]
		if r.Serial != sp.Serial {
			r = QueryResult{Serial: sp.Serial}
		}
		r.Pixels += b.queriesNextPix[i]
		b.Queries[sp.Query] = r
	}
	b.queriesNext, b.queriesNextPix = b.queriesNext[:0], b.queriesNextPix[:0]
	for _, sp := range f.Queries {
		var n uint64
		for _, d := range f.Draws[sp.FirstDraw : sp.FirstDraw+sp.DrawCount] {
			n += uint64(d.Count)
		}
		b.queriesNext = append(b.queriesNext, sp)
		b.queriesNextPix = append(b.queriesNextPix, n)
	}
}

// New returns a fake with MaxTextureSize 4096 and no buffer limit.
func New() *Backend {
	return &Backend{
		Limit:    graphics.Limits{MaxTextureSize: 4096, MaxVolumeSize: 256},
		Textures: map[graphics.TextureID]*Texture{},
		Buffers:  map[graphics.BufferID]*Buffer{},
	}
}

// Limits reports b.Limit.
func (b *Backend) Limits() graphics.Limits { return b.Limit }

// CreateTexture records the texture, zero-filled.
func (b *Backend) CreateTexture(id graphics.TextureID, d graphics.TextureDesc) error {
	if err := b.failCreate(); err != nil {
		return err
	}
	if _, ok := b.Textures[id]; ok || id == 0 {
		return fmt.Errorf("graphicstest: create texture: ID %d reused", id)
	}
	if d.MipLevels < 0 || d.MipLevels > graphics.MipLevelCount(d.Width, d.Height) {
		return fmt.Errorf("graphicstest: create texture: %d mipmap levels for %dx%d", d.MipLevels, d.Width, d.Height)
	}
	if n := d.MultiSampleCount; n > 1 && (n&(n-1) != 0 || n > b.Limit.MaxMultiSampleCount || !d.RenderTarget || d.MipLevels > 1) {
		return fmt.Errorf("graphicstest: create texture: %d samples per pixel (limit %d, render target %v, %d mipmap levels)",
			n, b.Limit.MaxMultiSampleCount, d.RenderTarget, d.MipLevels)
	}
	t := &Texture{Desc: d}
	for l := range max(d.MipLevels, 1) {
		w, h := levelSize(d, l)
		t.Levels = append(t.Levels, make([]byte, d.Format.DataSize(w, h)))
	}
	if d.Cube {
		t.Faces = append(t.Faces, t.Levels)
		for range 5 {
			var face [][]byte
			for _, l := range t.Levels {
				face = append(face, make([]byte, len(l)))
			}
			t.Faces = append(t.Faces, face)
		}
	}
	if d.Depth3D > 0 { // slices one after the other in Levels[0]
		if d.MipLevels > 1 || d.Cube || d.RenderTarget || d.Depth3D > max(b.Limit.MaxVolumeSize, 256) {
			return fmt.Errorf("graphicstest: create texture: a 3D texture of %d slices, %d levels, cube %v, target %v", d.Depth3D, d.MipLevels, d.Cube, d.RenderTarget)
		}
		t.Levels[0] = make([]byte, d.Depth3D*len(t.Levels[0]))
	}
	t.Pixels = t.Levels[0]
	b.Textures[id] = t
	return nil
}

// CreateBuffer records the buffer, zero-filled.
func (b *Backend) CreateBuffer(id graphics.BufferID, d graphics.BufferDesc) error {
	if err := b.failCreate(); err != nil {
		return err
	}
	if _, ok := b.Buffers[id]; ok || id == 0 {
		return fmt.Errorf("graphicstest: create buffer: ID %d reused", id)
	}
	b.Buffers[id] = &Buffer{Desc: d, Data: make([]byte, d.Size)}
	return nil
}

func (b *Backend) failCreate() error {
	err := b.FailCreate
	b.FailCreate = nil
	return err
}

// ReadTexture copies texels from the fake's copy.
func (b *Backend) ReadTexture(id graphics.TextureID, r graphics.Rectangle, dst []byte) error {
	return b.ReadTextureLevel(id, 0, r, dst)
}

// ReadTextureLevel copies texels of a mipmap level from the fake's copy
// (graphics.LevelReader).
func (b *Backend) ReadTextureLevel(id graphics.TextureID, level int, r graphics.Rectangle, dst []byte) error {
	t, ok := b.Textures[id]
	if !ok || t.Released {
		return fmt.Errorf("graphicstest: read texture %d: no such texture", id)
	}
	if level < 0 || level >= len(t.Levels) {
		return fmt.Errorf("graphicstest: read texture %d: level %d of %d: %w", id, level, len(t.Levels), graphics.ErrOutOfRange)
	}
	w, h := levelSize(t.Desc, level)
	if !r.Within(w, h) {
		return fmt.Errorf("graphicstest: read texture %d: region %+v outside %dx%d: %w", id, r, w, h, graphics.ErrOutOfRange)
	}
	if len(dst) != t.Desc.Format.DataSize(r.Width, r.Height) {
		return fmt.Errorf("graphicstest: read texture %d: %d bytes for %dx%d", id, len(dst), r.Width, r.Height)
	}
	copyRegion(t.Desc.Format, w, r, t.Levels[level], dst, false)
	return nil
}

// copyRegion copies region r of a level w texels wide in format f between
// the level's bytes and data (packed rows of r): into the level when set.
func copyRegion(f graphics.SurfaceFormat, w int, r graphics.Rectangle, level, data []byte, set bool) {
	unit := 1
	if f.IsCompressed() {
		unit = 4
	}
	size := f.DataSize(unit, unit)
	rw := f.DataSize(r.Width, unit)
	bw := (w + unit - 1) / unit
	for y := range (r.Height + unit - 1) / unit {
		at := size * ((r.Y/unit+y)*bw + r.X/unit)
		if set {
			copy(level[at:at+rw], data[y*rw:])
		} else {
			copy(data[y*rw:(y+1)*rw], level[at:])
		}
	}
}

// levelSize returns the size of mipmap level l of a texture of d.
func levelSize(d graphics.TextureDesc, l int) (int, int) {
	return max(d.Width>>l, 1), max(d.Height>>l, 1)
}

// Execute checks f (Check), applies its uploads and its render-target
// clears to the CPU copies, and marks its releases.
func (b *Backend) Execute(f *graphics.Frame) error {
	if err := b.FailExecute; err != nil {
		b.FailExecute = nil
		return err
	}
	if err := b.Check(f); err != nil {
		return err
	}
	for _, u := range f.Uploads {
		data := f.UploadBytes(&u)
		if u.Texture != 0 {
			t := b.Textures[u.Texture]
			w, _ := levelSize(t.Desc, u.Level)
			levels := t.Levels
			if t.Faces != nil {
				levels = t.Faces[u.Face]
			}
			if n := t.Desc.Depth3D; n > 0 {
				slice, size := len(levels[0])/n, len(data)/max(u.Slices, 1)
				for z := range max(u.Slices, 1) {
					copyRegion(t.Desc.Format, w, u.Region, levels[0][(u.Front+z)*slice:], data[z*size:], true)
				}
				continue
			}
			copyRegion(t.Desc.Format, w, u.Region, levels[u.Level], data, true)
		} else {
			copy(b.Buffers[u.Buffer].Data[u.Offset:], data)
		}
	}
	for _, p := range f.Passes {
		if t := b.Textures[p.Target]; t != nil && p.Clear&graphics.ClearTarget != 0 {
			c := p.ClearColor
			levels := t.Levels[:1]
			if p.GenerateMips {
				levels = t.Levels
			}
			var buf [16]byte
			texel := clearTexel(&buf, t.Desc.Format, c, p.ClearHDR, p.ClearVector)
			for _, px := range levels {
				for i := 0; i < len(px); i += len(texel) {
					copy(px[i:], texel)
				}
			}
		}
		if p.GenerateMips {
			b.MipGenerations++
		}
	}
	b.landQueries(f)
	for _, r := range f.Releases {
		switch {
		case r.Query != 0:
			b.ReleasedQueries = append(b.ReleasedQueries, r.Query)
		case r.Effect != 0:
			b.releaseEffect(r.Effect)
		case r.Texture != 0:
			b.Textures[r.Texture].Released = true
		default:
			b.Buffers[r.Buffer].Released = true
		}
	}
	b.Executed++
	if f.Present {
		b.Presents++
	}
	if b.Keep {
		b.Frames = append(b.Frames, Clone(f))
	}
	return nil
}

// Clone returns a deep copy of f.
func Clone(f *graphics.Frame) graphics.Frame {
	c := *f
	c.Uploads = slices.Clone(f.Uploads)
	c.UploadData = slices.Clone(f.UploadData)
	c.Passes = slices.Clone(f.Passes)
	c.Draws = slices.Clone(f.Draws)
	c.Uniforms = slices.Clone(f.Uniforms)
	c.Vertices = slices.Clone(f.Vertices)
	c.EffectData = slices.Clone(f.EffectData)
	c.Releases = slices.Clone(f.Releases)
	c.Queries = slices.Clone(f.Queries)
	return c
}

// errRecord is wrapped by every Check error.
var errRecord = errors.New("graphicstest: inconsistent frame record")

// Check reports the first inconsistency of f against the resources b holds:
// a range outside its slice or resource, a released or unknown resource, a
// back-buffer pass in a record that does not present, passes that do not
// cover the draws in order.
func (b *Backend) Check(f *graphics.Frame) error {
	end := 0
	for i, sp := range f.Queries {
		if sp.Query == 0 || sp.FirstDraw < end || sp.DrawCount < 0 || sp.DrawCount > len(f.Draws)-sp.FirstDraw {
			return fmt.Errorf("%w: query span %d %+v: outside the %d draws or overlapping the one before", errRecord, i, sp, len(f.Draws))
		}
		end = sp.FirstDraw + sp.DrawCount
	}
	for i, u := range f.Uploads {
		if u.Bytes != nil {
			if u.Size != len(u.Bytes) {
				return fmt.Errorf("%w: upload %d has %d bytes of its own, size %d", errRecord, i, len(u.Bytes), u.Size)
			}
		} else if u.Data < 0 || u.Size < 0 || u.Data > len(f.UploadData) || u.Size > len(f.UploadData)-u.Data {
			return fmt.Errorf("%w: upload %d data %d+%d outside %d bytes", errRecord, i, u.Data, u.Size, len(f.UploadData))
		}
		if u.Texture != 0 {
			t, err := b.texture(u.Texture)
			if err != nil {
				return fmt.Errorf("upload %d: %w", i, err)
			}
			r := u.Region
			if u.Level < 0 || u.Level >= len(t.Levels) {
				return fmt.Errorf("%w: upload %d to level %d of a texture of %d", errRecord, i, u.Level, len(t.Levels))
			}
			if u.Face < 0 || u.Face >= max(len(t.Faces), 1) {
				return fmt.Errorf("%w: upload %d to face %d of a texture of %d", errRecord, i, u.Face, len(t.Faces))
			}
			slices := max(u.Slices, 1)
			if n := t.Desc.Depth3D; u.Front < 0 || u.Slices < 0 || (n == 0 && (u.Front != 0 || slices != 1)) || (n > 0 && u.Front+slices > n) {
				return fmt.Errorf("%w: upload %d to slices %d+%d of a texture of %d", errRecord, i, u.Front, u.Slices, n)
			}
			w, h := levelSize(t.Desc, u.Level)
			if !r.Within(w, h) || u.Size != slices*t.Desc.Format.DataSize(r.Width, r.Height) {
				return fmt.Errorf("%w: upload %d region %+v of %d bytes on a %dx%d level", errRecord, i, r, u.Size, w, h)
			}
			continue
		}
		buf, err := b.buffer(u.Buffer)
		if err != nil {
			return fmt.Errorf("upload %d: %w", i, err)
		}
		if u.Offset < 0 || u.Size > buf.Desc.Size-u.Offset {
			return fmt.Errorf("%w: upload %d of %d bytes at %d into a %d-byte buffer", errRecord, i, u.Size, u.Offset, buf.Desc.Size)
		}
	}
	next := 0
	for i, p := range f.Passes {
		if p.FirstDraw != next || p.DrawCount < 0 {
			return fmt.Errorf("%w: pass %d draws %d+%d, want to start at %d", errRecord, i, p.FirstDraw, p.DrawCount, next)
		}
		next += p.DrawCount
		if p.Target == 0 {
			if !f.Present {
				return fmt.Errorf("%w: pass %d draws the back buffer in a record without a present", errRecord, i)
			}
			if p.Width != f.BackBufferWidth || p.Height != f.BackBufferHeight {
				return fmt.Errorf("%w: pass %d is %dx%d, the back buffer %dx%d", errRecord, i, p.Width, p.Height, f.BackBufferWidth, f.BackBufferHeight)
			}
		} else if t, err := b.texture(p.Target); err != nil {
			return fmt.Errorf("pass %d: %w", i, err)
		} else if !t.Desc.RenderTarget || t.Desc.Width != p.Width || t.Desc.Height != p.Height {
			return fmt.Errorf("%w: pass %d targets texture %d (%+v) as a %dx%d render target", errRecord, i, p.Target, t.Desc, p.Width, p.Height)
		} else if p.GenerateMips && len(t.Levels) < 2 {
			return fmt.Errorf("%w: pass %d regenerates the mipmaps of texture %d, which has none", errRecord, i, p.Target)
		}
		if err := b.checkMoreTargets(i, &p); err != nil {
			return err
		}
		for j := p.FirstDraw; j < p.FirstDraw+p.DrawCount && j < len(f.Draws); j++ {
			if err := b.checkDraw(f, &p, &f.Draws[j]); err != nil {
				return fmt.Errorf("pass %d draw %d: %w", i, j, err)
			}
		}
	}
	if next != len(f.Draws) {
		return fmt.Errorf("%w: passes cover %d draws of %d", errRecord, next, len(f.Draws))
	}
	return nil
}

// checkMoreTargets checks the further targets of pass i: render targets
// of its size without mipmaps, none twice, none after a 0.
func (b *Backend) checkMoreTargets(i int, p *graphics.Pass) error {
	end := false
	for j, id := range p.MoreTargets {
		if id == 0 {
			end = true
			continue
		}
		if end || p.Target == 0 || id == p.Target {
			return fmt.Errorf("%w: pass %d: further target %d (texture %d) after none, beside the back buffer or repeating the first", errRecord, i, j, id)
		}
		t, err := b.texture(id)
		if err != nil {
			return fmt.Errorf("pass %d: %w", i, err)
		}
		if !t.Desc.RenderTarget || t.Desc.Width != p.Width || t.Desc.Height != p.Height || len(t.Levels) > 1 {
			return fmt.Errorf("%w: pass %d targets texture %d (%+v) as a further %dx%d render target without mipmaps", errRecord, i, id, t.Desc, p.Width, p.Height)
		}
		for _, o := range p.MoreTargets[:j] {
			if o == id {
				return fmt.Errorf("%w: pass %d targets texture %d twice", errRecord, i, id)
			}
		}
	}
	return nil
}

// checkDraw checks one draw of pass p.
func (b *Backend) checkDraw(f *graphics.Frame, p *graphics.Pass, d *graphics.Draw) error {
	if d.Pipeline.Effect != 0 {
		if err := b.checkEffectDraw(f, d); err != nil {
			return err
		}
	} else if d.Uniforms < 0 || d.Uniforms >= len(f.Uniforms) {
		return fmt.Errorf("%w: uniforms %d of %d", errRecord, d.Uniforms, len(f.Uniforms))
	}
	if d.Count < 1 {
		return fmt.Errorf("%w: count %d", errRecord, d.Count)
	}
	s := d.Scissor
	if s.X < 0 || s.Y < 0 || s.X+s.Width > p.Width || s.Y+s.Height > p.Height {
		return fmt.Errorf("%w: scissor %+v outside %dx%d", errRecord, s, p.Width, p.Height)
	}
	if d.Pipeline.Shader&graphics.ShaderTexture != 0 {
		if _, err := b.texture(d.Texture); err != nil {
			return err
		}
		if d.Texture == p.Target {
			return fmt.Errorf("%w: samples its own target %d", errRecord, d.Texture)
		}
	}
	if d.Texture2 != 0 {
		if _, err := b.texture(d.Texture2); err != nil {
			return err
		}
		if d.Texture2 == p.Target {
			return fmt.Errorf("%w: samples its own target %d", errRecord, d.Texture2)
		}
	}
	stride := d.Pipeline.Vertex.Stride
	vsize := len(f.Vertices)
	if d.VertexBuffer != 0 {
		buf, err := b.buffer(d.VertexBuffer)
		if err != nil {
			return err
		}
		vsize = buf.Desc.Size
	}
	if !d.Indexed {
		if d.VertexOffset < 0 || d.VertexOffset+d.Count*stride > vsize {
			return fmt.Errorf("%w: %d vertices of %d bytes at %d outside %d bytes", errRecord, d.Count, stride, d.VertexOffset, vsize)
		}
		return nil
	}
	isize := len(f.Vertices)
	if d.IndexBuffer != 0 {
		buf, err := b.buffer(d.IndexBuffer)
		if err != nil {
			return err
		}
		isize = buf.Desc.Size
	}
	if d.IndexOffset < 0 || d.IndexOffset%d.IndexSize.Bytes() != 0 || d.IndexOffset+d.Count*d.IndexSize.Bytes() > isize {
		return fmt.Errorf("%w: %d indices at %d outside %d bytes", errRecord, d.Count, d.IndexOffset, isize)
	}
	if d.VertexOffset < 0 || d.VertexOffset+(d.BaseVertex+1)*stride > vsize {
		return fmt.Errorf("%w: base vertex %d at %d outside %d bytes", errRecord, d.BaseVertex, d.VertexOffset, vsize)
	}
	return nil
}

func (b *Backend) texture(id graphics.TextureID) (*Texture, error) {
	t, ok := b.Textures[id]
	if !ok {
		return nil, fmt.Errorf("%w: unknown texture %d", errRecord, id)
	}
	if t.Released {
		return nil, fmt.Errorf("%w: texture %d used after its release", errRecord, id)
	}
	return t, nil
}

func (b *Backend) buffer(id graphics.BufferID) (*Buffer, error) {
	buf, ok := b.Buffers[id]
	if !ok {
		return nil, fmt.Errorf("%w: unknown buffer %d", errRecord, id)
	}
	if buf.Released {
		return nil, fmt.Errorf("%w: buffer %d used after its release", errRecord, id)
	}
	return buf, nil
}

var _ graphics.Backend = (*Backend)(nil)

// ReadTextureFace copies texels of a face's mipmap level from the fake's
// copy of a cube texture (graphics.FaceReader).
func (b *Backend) ReadTextureFace(id graphics.TextureID, face, level int, r graphics.Rectangle, dst []byte) error {
	t, ok := b.Textures[id]
	if !ok || t.Faces == nil {
		return fmt.Errorf("graphicstest: read texture face: no cube texture %d", id)
	}
	if face < 0 || face >= len(t.Faces) || level < 0 || level >= len(t.Faces[face]) {
		return fmt.Errorf("graphicstest: read texture %d: face %d level %d: %w", id, face, level, graphics.ErrOutOfRange)
	}
	w, h := levelSize(t.Desc, level)
	if !r.Within(w, h) || len(dst) != 4*r.Width*r.Height {
		return fmt.Errorf("graphicstest: read texture %d: region %+v of a %dx%d level into %d bytes: %w", id, r, w, h, len(dst), graphics.ErrOutOfRange)
	}
	for y := range r.Height {
		row := 4 * ((r.Y+y)*w + r.X)
		copy(dst[4*y*r.Width:4*(y+1)*r.Width], t.Faces[face][level][row:row+4*r.Width])
	}
	return nil
}

// ReadTextureVolume copies texels of slices front to back-1 from the
// fake's copy of a 3D texture (graphics.VolumeReader).
func (b *Backend) ReadTextureVolume(id graphics.TextureID, r graphics.Rectangle, front, back int, dst []byte) error {
	t, ok := b.Textures[id]
	if !ok || t.Released || t.Desc.Depth3D == 0 {
		return fmt.Errorf("graphicstest: read texture volume: no 3D texture %d", id)
	}
	w, h, n := t.Desc.Width, t.Desc.Height, t.Desc.Depth3D
	size := 4 * r.Width * r.Height
	if !r.Within(w, h) || front < 0 || back > n || front >= back || len(dst) != (back-front)*size {
		return fmt.Errorf("graphicstest: read texture %d: region %+v slices %d to %d of a %dx%dx%d texture into %d bytes: %w", id, r, front, back, w, h, n, len(dst), graphics.ErrOutOfRange)
	}
	for z := front; z < back; z++ {
		copyRegion(t.Desc.Format, w, r, t.Levels[0][z*4*w*h:], dst[(z-front)*size:], false)
	}
	return nil
}

// clearTexel writes one texel of a render target of format f cleared to
// c (or, with hdr, to vec) into buf and returns it: the bytes for Color
// (vec clamped to 0..1 and rounded), the floats as float16 or float32 for
// the HDR formats.
func clearTexel(buf *[16]byte, f graphics.SurfaceFormat, c graphics.Color, hdr bool, vec [4]float32) []byte {
	v := [4]float32{float32(c.R) / 255, float32(c.G) / 255, float32(c.B) / 255, float32(c.A) / 255}
	if hdr {
		v = vec
		if f == graphics.SurfaceFormatColor {
			for i, x := range vec {
				buf[i] = uint8(max(min(x, 1), 0)*255 + 0.5)
			}
			return buf[:4]
		}
	}
	switch f {
	case graphics.SurfaceFormatVector4:
		for i, x := range v {
			binary.LittleEndian.PutUint32(buf[4*i:], math.Float32bits(x))
		}
		return buf[:16]
	case graphics.SurfaceFormatHalfVector4, graphics.SurfaceFormatHdrBlendable:
		for i, x := range v {
			binary.LittleEndian.PutUint16(buf[2*i:], half.FromFloat32(x))
		}
		return buf[:8]
	}
	*buf = [16]byte{c.R, c.G, c.B, c.A}
	return buf[:4]
}
