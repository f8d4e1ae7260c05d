package vulkan

// #include "frameloop.h"
import "C"

import (
	"errors"
	"fmt"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// 3D textures (graphics.Texture3D): one VK_IMAGE_TYPE_3D image of Depth3D
// slices, one level, with a 3D view; its descriptor sets are a texture's
// (combined image sampler at binding 0), so a sampler3D at set 1 or 2
// samples it. Uploads and reads carry the slices in the upload and read
// ops' h[3]: the first slice in its low 32 bits, the slice count in its
// high ones (0 there means 1, so every other op of those kinds reads
// slice 0 of depth 1, as before).

var _ graphics.VolumeReader = (*Renderer)(nil)

// newVolumeTexture creates the image and 3D view of a Texture3D.
func (r *Renderer) newVolumeTexture(desc graphics.TextureDesc) (t *texture, err error) {
	const op = "create 3D texture"
	switch {
	case desc.Width > r.gpu.maxVolume || desc.Height > r.gpu.maxVolume || desc.Depth3D > r.gpu.maxVolume:
		return nil, fmt.Errorf("%s: %dx%dx%d: each side must be 1 to %d (maxImageDimension3D): %w",
			op, desc.Width, desc.Height, desc.Depth3D, r.gpu.maxVolume, graphics.ErrTooLarge)
	case desc.MipLevels > 1 || desc.RenderTarget || desc.Cube || desc.FaceOf != 0:
		return nil, fmt.Errorf("%s: %d levels, render target %v, cube %v: a 3D texture is one level, sampled only: %w",
			op, desc.MipLevels, desc.RenderTarget, desc.Cube, graphics.ErrInvalid)
	case desc.Format != graphics.SurfaceFormatColor:
		return nil, fmt.Errorf("%s: format %s: 3D textures are Color only: %w", op, desc.Format, graphics.ErrUnsupportedFormat)
	}
	d := r.gpu.dev
	t = &texture{dev: d.handle, w: desc.Width, h: desc.Height, levels: 1, slices: desc.Depth3D, tf: colorTexFormat}
	t.viewedImage.dev, t.viewedImage.alloc = d.handle, d.alloc
	defer func() {
		if err != nil {
			t.destroy(nil)
		}
	}()
	if err = newImageOf(d, imageSpec{typ: vk.ImageType3d, w: uint32(desc.Width), h: uint32(desc.Height), depth: uint32(desc.Depth3D), format: textureFormat,
		usage: vk.ImageUsageSampledBit | vk.ImageUsageTransferDstBit | vk.ImageUsageTransferSrcBit}, op, &t.image, &t.mem); err != nil {
		return nil, err
	}
	if t.view, err = newViewOf(d.handle, t.image, vk.ImageViewType3d, textureFormat, vk.ImageAspectColorBit, 1, 1, op); err != nil {
		return nil, err
	}
	return t, nil
}

// slicesField packs slices front to front+n-1 into an op's h[3].
func slicesField(front, n int) C.uint64_t {
	return C.uint64_t(uint32(front)) | C.uint64_t(uint32(n))<<32
}

// uploadVolume copies w x h x n texels at src+srcOff (rows packed,
// slices packed) into img, a 3D texture, at x, y, slice z.
func (o *opList) uploadVolume(src vk.Buffer, srcOff int, img vk.Image, x, y, z, w, h, n int) {
	o.uploadLayer(src, srcOff, img, 0, 0, x, y, w, h)
	o.last().h[3] = slicesField(z, n)
}

// readVolume copies region rg of slices z to z+n-1 of img, a 3D texture,
// into dst (rows packed, slices packed).
func (o *opList) readVolume(img vk.Image, z, n int, dst vk.Buffer, rg graphics.Rectangle) {
	o.readLayer(img, 0, 0, dst, rg)
	o.last().h[3] = slicesField(z, n)
}

// last returns the op recorded last (the spare op when the list is full).
func (o *opList) last() *C.mtn_op {
	if o.full || o.n == 0 {
		return &o.spare
	}
	return (*C.mtn_op)(unsafe.Add(unsafe.Pointer(o.c), (o.n-1)*C.sizeof_mtn_op))
}

// checkVolumeUpload validates an upload to t, a 3D texture: its slices
// within the texture, its bytes a region's per slice.
func checkVolumeUpload(t *texture, up *graphics.Upload) error {
	n := max(up.Slices, 1)
	g := up.Region
	switch {
	case up.Front < 0 || up.Slices < 0 || up.Front > t.slices-n:
		return fmt.Errorf("upload to texture %d: slices %d+%d, it has %d: %w", up.Texture, up.Front, n, t.slices, graphics.ErrOutOfRange)
	case up.Level != 0 || up.Face != 0:
		return fmt.Errorf("upload to texture %d: level %d face %d of a 3D texture: %w", up.Texture, up.Level, up.Face, graphics.ErrOutOfRange)
	case !g.Within(t.w, t.h):
		return fmt.Errorf("upload to texture %d: region %+v is not inside the %dx%d slices: %w", up.Texture, g, t.w, t.h, graphics.ErrOutOfRange)
	case up.Size != n*4*g.Width*g.Height:
		return fmt.Errorf("upload to texture %d: %d bytes for %d slices of %dx%d, want %d: %w", up.Texture, up.Size, n, g.Width, g.Height, n*4*g.Width*g.Height, graphics.ErrOutOfRange)
	}
	return nil
}

// ReadTextureVolume copies region rect of slices front to back-1 of 3D
// texture id into dst as RGBA bytes, rows then slices packed
// (graphics.VolumeReader). It waits for every frame in flight and for the
// copy.
func (r *Renderer) ReadTextureVolume(id graphics.TextureID, rect graphics.Rectangle, front, back int, dst []byte) error {
	const op = "read 3D texture"
	if r == nil || r.gpu.dev == nil {
		return errors.New(op + ": the renderer was destroyed")
	}
	t := r.gpu.textures[id]
	switch {
	case t == nil:
		return fmt.Errorf("%s: no texture %d", op, id)
	case t.slices == 0:
		return fmt.Errorf("%s: texture %d is not a 3D texture: %w", op, id, graphics.ErrInvalid)
	case !rect.Within(t.w, t.h) || front < 0 || back > t.slices || front >= back:
		return fmt.Errorf("%s: region %+v slices %d to %d are not inside the %dx%dx%d texture: %w", op, rect, front, back, t.w, t.h, t.slices, graphics.ErrOutOfRange)
	}
	n := (back - front) * 4 * rect.Width * rect.Height
	if len(dst) != n {
		return fmt.Errorf("%s: dst has %d bytes, want %d: %w", op, len(dst), n, graphics.ErrInvalid)
	}
	if err := r.ensureReadBuf(n); err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	r.frames.ops.reset()
	r.emitInits()
	r.frames.ops.readVolume(t.image, front, back-front, r.gpu.readBuf.handle, rect)
	if err := r.submitOffscreen(op); err != nil {
		return err
	}
	copy(dst, r.gpu.readBuf.bytes()[:n])
	return nil
}
