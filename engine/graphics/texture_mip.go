package graphics

import (
	"encoding/binary"
	"fmt"
	"math/bits"
)

// TextureOptions are a texture's optional settings; the zero value is what
// NewTexture2D makes (one level).
type TextureOptions struct {
	// MipMap gives the texture a full chain of mipmap levels (XNA's
	// mipMap argument): LevelCount is MipLevelCount(width, height), and
	// each level's contents come from SetDataLevel (or a loader's
	// GenerateMipMaps).
	MipMap bool
}

// MipLevelCount returns the number of levels of a full mipmap chain of a
// width x height texture: 1 + floor(log2(max(width, height))), down to
// 1x1 (5x3: 3 levels, 5x3, 2x1, 1x1); 0 for a size below 1x1.
func MipLevelCount(width, height int) int {
	if width < 1 || height < 1 {
		return 0
	}
	return bits.Len(uint(max(width, height)))
}

// mipLevelsFor returns TextureDesc.MipLevels for a texture that asks for
// mipmaps (a full chain) or not (0); a bad size gives 0, which the size
// check then reports.
func mipLevelsFor(mipMap bool, width, height int) int {
	if !mipMap {
		return 0
	}
	return MipLevelCount(width, height)
}

// NewTexture2DWith creates a width x height texture with opts (XNA's
// Texture2D(device, width, height, mipMap, format) for the Color format).
// Sizes above the backend's MaxTextureSize are an ErrTooLarge error.
func NewTexture2DWith(dev *Device, width, height int, opts TextureOptions) (*Texture2D, error) {
	return dev.newTexture("new texture", TextureDesc{Width: width, Height: height, MipLevels: mipLevelsFor(opts.MipMap, width, height)})
}

// GenerateMipMaps makes LoadTexture, LoadTextureFile and
// NewTextureFromImage give the texture a full mipmap chain, each level
// the box-filtered half of the one before (each texel the area-weighted
// mean of the texels it covers, so odd sizes lose nothing), computed on
// the CPU from the premultiplied (or StraightAlpha) pixels.
func GenerateMipMaps() LoadOption { return func(o *loadOptions) { o.mipMap = true } }

// LevelCount returns the number of mipmap levels (XNA's LevelCount): 1
// for a texture without mipmaps.
func (t *Texture2D) LevelCount() int { return t.levels }

// LevelSize returns the width and height of mipmap level level, Width>>level
// and Height>>level but at least 1; 0, 0 for a level the texture lacks.
func (t *Texture2D) LevelSize(level int) (width, height int) {
	if level < 0 || level >= t.levels {
		return 0, 0
	}
	return max(t.width>>level, 1), max(t.height>>level, 1)
}

// checkLevel validates a level index and a region of it with n bytes.
func (t *Texture2D) checkLevel(op string, level int, r Rectangle, n int) error {
	if t.cube != nil {
		return errCubeFace(op, t)
	}
	if level < 0 || level >= t.levels {
		return fmt.Errorf("graphics: %s: level %d, the texture has levels 0 to %d: %w", op, level, t.levels-1, ErrOutOfRange)
	}
	w, h := t.LevelSize(level)
	if !r.Within(w, h) { // X, Y >= 0 and Width > w-X compared without overflow
		return fmt.Errorf("graphics: %s: region %+v is not inside level %d (%dx%d): %w", op, r, level, w, h, ErrOutOfRange)
	}
	return t.checkData(op, r, w, h, n)
}

// SetDataLevel replaces the texels of region r of mipmap level level with
// pixels (4*r.Width*r.Height RGBA bytes, row after row), as XNA's
// SetData(level, rect, data, start, count): a level or region outside the
// texture is an ErrOutOfRange error. Like SetData (which, as SetDataRect,
// writes level 0), the upload runs with the next executed record, before
// its draws.
func (t *Texture2D) SetDataLevel(level int, r Rectangle, pixels []byte) error {
	const op = "texture set data"
	if err := t.checkLevel(op, level, r, len(pixels)); err != nil {
		return err
	}
	if err := t.checkWrite(op); err != nil {
		return err
	}
	t.upload(Upload{Texture: t.id, Region: r, Level: level}, pixels)
	if t.blocks != nil {
		t.copyBlocks(level, r, pixels, true)
	}
	return nil
}

// LevelReader is a Backend that can also read mipmap levels other than 0
// (renderer/vulkan's and graphicstest's can): Texture2D.GetDataLevel
// needs it for those levels.
type LevelReader interface {
	// ReadTextureLevel is Backend.ReadTexture for mipmap level level;
	// r lies within that level's size.
	ReadTextureLevel(id TextureID, level int, r Rectangle, dst []byte) error
}

// GetDataLevel copies the texels of region r of mipmap level level into
// dst (4*r.Width*r.Height bytes), as GetDataRect does for level 0 (which
// it is for level 0). A render target's levels above 0 hold the chain
// made when it was last unset.
func (t *Texture2D) GetDataLevel(level int, r Rectangle, dst []byte) error {
	const op = "texture get data"
	if t.disposed {
		return fmt.Errorf("graphics: %s: texture %d is disposed: %w", op, t.id, ErrDisposed)
	}
	if err := t.checkLevel(op, level, r, len(dst)); err != nil {
		return err
	}
	if level == 0 {
		return t.GetDataRect(r, dst)
	}
	if t.blocks != nil {
		t.copyBlocks(level, r, dst, false)
		return nil
	}
	lr, ok := t.dev.backend.(LevelReader)
	if !ok {
		return fmt.Errorf("graphics: %s: level %d: the backend cannot read mipmap levels: %w", op, level, ErrInvalid)
	}
	d := t.dev
	if d.inFrame {
		if t.written == d.seq() {
			return fmt.Errorf("graphics: %s: texture %d is written by the frame being recorded; read it after the frame: %w", op, t.id, ErrInUse)
		}
	} else if err := d.Flush(); err != nil {
		return fmt.Errorf("graphics: %s: %w", op, err)
	}
	if err := lr.ReadTextureLevel(t.id, level, r, dst); err != nil {
		return fmt.Errorf("graphics: %s: %w", op, err)
	}
	return nil
}

// setMips uploads levels 1 and on of a texture with mipmaps, each
// box-filtered from the one before, level 0 being the record's last
// upload (the texture's pixels, just converted into it, after the
// texture's checkWrite).
func (t *Texture2D) setMips() {
	if t.levels < 2 {
		return
	}
	f := t.dev.rec()
	u := f.Uploads[len(f.Uploads)-1]
	src, w, h := f.UploadBytes(&u), t.width, t.height
	for level := 1; level < t.levels; level++ {
		dw, dh := t.LevelSize(level)
		// Filtered straight into the record; src stays readable when the
		// record's bytes grow (it keeps the old array).
		dst := t.uploadSpace(Upload{Texture: t.id, Region: Rectangle{0, 0, dw, dh}, Level: level}, 4*dw*dh)
		downsample(dst, dw, dh, src, w, h)
		src, w, h = dst, dw, dh
	}
}

// tap is one source texel's share of a destination texel along an axis.
type tap struct{ at, weight int }

// boxTaps returns, for each of the m destination texels along an axis of
// n source texels (m <= n), the source texels it covers and by how much:
// destination i covers [i*n, (i+1)*n) and source j covers [j*m, (j+1)*m)
// in units of 1/(n*m) of the axis; the weights of each sum to n.
func boxTaps(n, m int) [][]tap {
	out := make([][]tap, m)
	for i := range m {
		lo, hi := i*n, (i+1)*n
		for j := lo / m; j*m < hi; j++ {
			a, b := max(lo, j*m), min(hi, (j+1)*m)
			if b > a {
				out[i] = append(out[i], tap{j, b - a})
			}
		}
	}
	return out
}

// downsample box-filters the sw x sh RGBA image src into the dw x dh
// image dst (dw <= sw, dh <= sh): each destination texel is the
// area-weighted mean of the source texels it covers, rounded.
func downsample(dst []byte, dw, dh int, src []byte, sw, sh int) {
	if sw == 2*dw && sh == 2*dh {
		halve(dst, dw, dh, src, sw)
		return
	}
	xs, ys := boxTaps(sw, dw), boxTaps(sh, dh)
	total := uint64(sw) * uint64(sh)
	for y, ty := range ys {
		for x, tx := range xs {
			var sum [4]uint64
			for _, a := range ty {
				row := a.at * sw
				for _, b := range tx {
					w := uint64(a.weight) * uint64(b.weight)
					p := src[4*(row+b.at):]
					sum[0] += w * uint64(p[0])
					sum[1] += w * uint64(p[1])
					sum[2] += w * uint64(p[2])
					sum[3] += w * uint64(p[3])
				}
			}
			o := dst[4*(y*dw+x):]
			for c := range 4 {
				o[c] = byte((sum[c] + total/2) / total)
			}
		}
	}
}

// halve is downsample for even sides: each destination texel the
// rounded mean of a 2x2 block, its four channels summed at once in two
// 16-bit lanes per 32-bit word (red and blue, green and alpha).
func halve(dst []byte, dw, dh int, src []byte, sw int) {
	const lanes, round = 0x00FF00FF, 0x00020002
	for y := range dh {
		r0 := src[8*y*sw : 8*y*sw+4*sw]
		r1 := src[8*y*sw+4*sw : 8*y*sw+8*sw]
		o := dst[4*y*dw : 4*(y+1)*dw]
		for i := 0; i+3 < len(o); i += 4 {
			a0 := binary.LittleEndian.Uint32(r0[2*i:])
			a1 := binary.LittleEndian.Uint32(r0[2*i+4:])
			b0 := binary.LittleEndian.Uint32(r1[2*i:])
			b1 := binary.LittleEndian.Uint32(r1[2*i+4:])
			lo := a0&lanes + a1&lanes + b0&lanes + b1&lanes + round
			hi := (a0>>8)&lanes + (a1>>8)&lanes + (b0>>8)&lanes + (b1>>8)&lanes + round
			binary.LittleEndian.PutUint32(o[i:], (lo>>2)&lanes|((hi>>2)&lanes)<<8)
		}
	}
}

// markMips flags pass p (about to be appended to f) to regenerate its
// target's mipmaps, and unflags the pass before it when that one drew
// the same target: only the last pass before the target is unset
// regenerates the chain.
func (d *Device) markMips(f *Frame, p *Pass) {
	t := d.target
	if t == nil || t.levels < 2 {
		return
	}
	p.GenerateMips = true
	if n := len(f.Passes); n > 0 && f.Passes[n-1].Target == p.Target {
		f.Passes[n-1].GenerateMips = false
	}
}
