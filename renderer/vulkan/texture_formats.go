package vulkan

// #include "frameloop.h"
import "C"

import (
	"fmt"
	"math"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/internal/dxt"
)

// texFormat is how a texture's graphics.SurfaceFormat lives on the device.
type texFormat struct {
	surface graphics.SurfaceFormat
	format  vk.Format
	swizzle vk.ComponentMapping // identity when zero
	// decode is true for a DXT texture on a device that cannot sample
	// BC1-BC3: the image is RGBA8 and uploads are decoded on the CPU.
	decode bool
	// passes are an HDR render target's render passes (the target kinds
	// only), nil for Color's (deviceState.passes).
	passes *[passKinds]vk.RenderPass
}

// colorTexFormat is SurfaceFormatColor's texFormat.
var colorTexFormat = texFormat{format: textureFormat}

// surfaceVkFormats maps each SurfaceFormat to the VkFormat whose memory
// layout is XNA's (so SetData's bytes are copied as they are), with the
// view swizzle that samples it as XNA does: absent colour channels read
// 1 (D3D9's rule, which XNA and FNA keep), Alpha8 reads (0, 0, 0, A).
// Bgra4444 has no core VkFormat of its layout (A in the high bits), so
// it is B4G4R4A4 swizzled into place. HdrBlendable is R16G16B16A16_SFLOAT:
// a float format every Vulkan device must be able to render and blend
// into (XNA's HdrBlendable is "a blendable format of more range than
// Color", HalfVector4 on D3D's HiDef PCs, and FNA's choice too).
var surfaceVkFormats = [...]struct {
	format  vk.Format
	swizzle [4]vk.ComponentSwizzle // r, g, b, a; zero: identity
}{
	graphics.SurfaceFormatColor:           {format: vk.FormatR8g8b8a8Unorm},
	graphics.SurfaceFormatBgr565:          {format: vk.FormatR5g6b5UnormPack16},
	graphics.SurfaceFormatBgra5551:        {format: vk.FormatA1r5g5b5UnormPack16},
	graphics.SurfaceFormatBgra4444:        {vk.FormatB4g4r4a4UnormPack16, [4]vk.ComponentSwizzle{vk.ComponentSwizzleG, vk.ComponentSwizzleR, vk.ComponentSwizzleA, vk.ComponentSwizzleB}},
	graphics.SurfaceFormatDxt1:            {format: vk.FormatBc1RgbaUnormBlock},
	graphics.SurfaceFormatDxt3:            {format: vk.FormatBc2UnormBlock},
	graphics.SurfaceFormatDxt5:            {format: vk.FormatBc3UnormBlock},
	graphics.SurfaceFormatNormalizedByte2: {vk.FormatR8g8Snorm, [4]vk.ComponentSwizzle{vk.ComponentSwizzleR, vk.ComponentSwizzleG, vk.ComponentSwizzleOne, vk.ComponentSwizzleOne}},
	graphics.SurfaceFormatNormalizedByte4: {format: vk.FormatR8g8b8a8Snorm},
	graphics.SurfaceFormatRgba1010102:     {format: vk.FormatA2b10g10r10UnormPack32},
	graphics.SurfaceFormatRg32:            {vk.FormatR16g16Unorm, [4]vk.ComponentSwizzle{vk.ComponentSwizzleR, vk.ComponentSwizzleG, vk.ComponentSwizzleOne, vk.ComponentSwizzleOne}},
	graphics.SurfaceFormatRgba64:          {format: vk.FormatR16g16b16a16Unorm},
	graphics.SurfaceFormatAlpha8:          {vk.FormatR8Unorm, [4]vk.ComponentSwizzle{vk.ComponentSwizzleZero, vk.ComponentSwizzleZero, vk.ComponentSwizzleZero, vk.ComponentSwizzleR}},
	graphics.SurfaceFormatSingle:          {vk.FormatR32Sfloat, [4]vk.ComponentSwizzle{vk.ComponentSwizzleR, vk.ComponentSwizzleOne, vk.ComponentSwizzleOne, vk.ComponentSwizzleOne}},
	graphics.SurfaceFormatVector2:         {vk.FormatR32g32Sfloat, [4]vk.ComponentSwizzle{vk.ComponentSwizzleR, vk.ComponentSwizzleG, vk.ComponentSwizzleOne, vk.ComponentSwizzleOne}},
	graphics.SurfaceFormatVector4:         {format: vk.FormatR32g32b32a32Sfloat},
	graphics.SurfaceFormatHalfSingle:      {vk.FormatR16Sfloat, [4]vk.ComponentSwizzle{vk.ComponentSwizzleR, vk.ComponentSwizzleOne, vk.ComponentSwizzleOne, vk.ComponentSwizzleOne}},
	graphics.SurfaceFormatHalfVector2:     {vk.FormatR16g16Sfloat, [4]vk.ComponentSwizzle{vk.ComponentSwizzleR, vk.ComponentSwizzleG, vk.ComponentSwizzleOne, vk.ComponentSwizzleOne}},
	graphics.SurfaceFormatHalfVector4:     {format: vk.FormatR16g16b16a16Sfloat},
	graphics.SurfaceFormatHdrBlendable:    {format: vk.FormatR16g16b16a16Sfloat},
}

// forceDXTDecode makes the renderer decode DXT textures on the CPU as on
// a device without BC sampling (tests of that path on one that has it).
var forceDXTDecode bool

// formatState is the formats' part of deviceState: HDR render targets'
// render passes, and whether DXT textures are decoded on the CPU.
type formatState struct {
	hdrPasses map[vk.Format]*[passKinds]vk.RenderPass
	// passColor is the format of the HDR target whose pass is being
	// recorded, 0 in any other pass: the pipelines of its draws are its.
	passColor vk.Format
	// dxtOnCPU is true when DXT textures are decoded to RGBA8 on upload;
	// report says how DXT textures are handled (Status).
	dxtOnCPU  bool
	report    string
	decodeBuf []byte // a decoded upload, reused
}

// initFormats decides how DXT textures are handled on d, once.
func (d *deviceState) initFormats() {
	d.formats.dxtOnCPU = !d.dev.bcSampled || forceDXTDecode
	d.formats.report = "DXT textures are sampled as BC1-BC3 by the device"
	if d.formats.dxtOnCPU {
		d.formats.report = "DXT textures are decoded to RGBA8 on the CPU: the device cannot sample BC1-BC3 (no textureCompressionBC)"
	}
}

// formatFeatures returns the optimal-tiling features of f on the device.
func (d *deviceState) formatFeatures(f vk.Format) vk.FormatFeatureFlagBits {
	var p vk.FormatProperties
	vk.GetPhysicalDeviceFormatProperties(d.dev.gpu, f, &p)
	p.Deref()
	p.Free()
	return vk.FormatFeatureFlagBits(p.OptimalTilingFeatures)
}

// texFormatFor returns how a texture of desc lives on the device, making
// an HDR target's render passes on first use; an error names a format the
// device cannot sample, render into or make mipmaps of.
func (d *deviceState) texFormatFor(desc graphics.TextureDesc) (texFormat, error) {
	sf := desc.Format
	if int(sf) >= len(surfaceVkFormats) {
		return texFormat{}, fmt.Errorf("create texture: unknown surface format %d: %w", sf, graphics.ErrInvalid)
	}
	if sf == graphics.SurfaceFormatColor {
		return colorTexFormat, nil
	}
	m := surfaceVkFormats[sf]
	tf := texFormat{surface: sf, format: m.format,
		swizzle: vk.ComponentMapping{R: m.swizzle[0], G: m.swizzle[1], B: m.swizzle[2], A: m.swizzle[3]}}
	if sf.IsCompressed() && d.formats.dxtOnCPU {
		tf.format, tf.swizzle, tf.decode = textureFormat, vk.ComponentMapping{}, true
	}
	need := vk.FormatFeatureSampledImageBit
	if desc.RenderTarget {
		if !sf.IsRenderTargetFormat() {
			return texFormat{}, fmt.Errorf("create render target: format %s cannot be a render target: %w", sf, graphics.ErrUnsupportedFormat)
		}
		need |= vk.FormatFeatureColorAttachmentBit
		if desc.MipLevels > 1 {
			need |= mipBlitFeatures
		}
	}
	if got := d.formatFeatures(tf.format); got&need != need {
		return texFormat{}, fmt.Errorf("create texture: the device cannot use format %s (VkFormat %d) so (features %#x, want %#x): use another format: %w",
			sf, tf.format, got, need, graphics.ErrUnsupportedFormat)
	}
	if desc.RenderTarget {
		p, err := d.hdrPassesFor(tf.format)
		if err != nil {
			return texFormat{}, err
		}
		tf.passes = p
	}
	return tf, nil
}

// hdrPassesFor returns the render-target passes of colour format f, made
// on first use and kept until the device goes.
func (d *deviceState) hdrPassesFor(f vk.Format) (*[passKinds]vk.RenderPass, error) {
	if p := d.formats.hdrPasses[f]; p != nil {
		return p, nil
	}
	p := new([passKinds]vk.RenderPass)
	for k := passTargetDiscard; k < passKinds; k++ {
		rp, err := newRenderPass(d.dev.handle, f, d.depthFormat, vk.ImageLayoutShaderReadOnlyOptimal, loadOf(k))
		if err != nil {
			for _, made := range p {
				if made != nil {
					vk.DestroyRenderPass(d.dev.handle, made, nil)
				}
			}
			return nil, err
		}
		p[k] = rp
	}
	if d.formats.hdrPasses == nil {
		d.formats.hdrPasses = map[vk.Format]*[passKinds]vk.RenderPass{}
	}
	d.formats.hdrPasses[f] = p
	return p, nil
}

// destroyFormats destroys the HDR targets' render passes.
func (d *deviceState) destroyFormats() {
	for f, p := range d.formats.hdrPasses {
		for _, rp := range p {
			if rp != nil {
				vk.DestroyRenderPass(d.dev.handle, rp, nil)
			}
		}
		delete(d.formats.hdrPasses, f)
	}
}

// targetPass returns render pass kind k (a target kind) of t.
func (d *deviceState) targetPass(t *texture, k passKind) vk.RenderPass {
	if t.tf.passes != nil {
		return t.tf.passes[k]
	}
	return d.passes[k]
}

// uploadRows returns how an upload of a region w texels wide to t is cut
// into rows: texel rows per data row (4 for DXT blocks) and bytes per
// data row, as the image stores it (RGBA for a decoded DXT texture).
func (t *texture) uploadRows(w int) (unit, row int) {
	if t.tf.decode {
		return 1, 4 * w
	}
	if t.tf.surface.IsCompressed() {
		return 4, t.tf.surface.DataSize(w, 4)
	}
	return 1, t.tf.surface.DataSize(w, 1)
}

// decoded returns src, the bytes of an upload of region g to t, as the
// image stores them: decoded to RGBA (into a buffer reused across calls)
// for a DXT texture decoded on the CPU, else src itself.
func (d *deviceState) decoded(t *texture, g graphics.Rectangle, src []byte) []byte {
	if !t.tf.decode {
		return src
	}
	n := 4 * g.Width * g.Height
	if cap(d.formats.decodeBuf) < n {
		d.formats.decodeBuf = make([]byte, n)
	}
	out := d.formats.decodeBuf[:n]
	dxt.Decode(dxt.Kind(t.tf.surface-graphics.SurfaceFormatDxt1+1), g.Width, g.Height, src, out)
	return out
}

// checkTextureUpload validates an upload's size, and for a DXT image its
// block alignment, against texture t's format; level is w x h.
func checkTextureUpload(t *texture, up *graphics.Upload, w, h int) error {
	g := up.Region
	if want := t.tf.surface.DataSize(g.Width, g.Height); up.Size != want {
		return fmt.Errorf("upload to texture %d: %d bytes for a %dx%d region of %s, want %d: %w",
			up.Texture, up.Size, g.Width, g.Height, t.tf.surface, want, graphics.ErrOutOfRange)
	}
	if t.tf.surface.IsCompressed() && (g.X%4 != 0 || g.Y%4 != 0 || (g.Width%4 != 0 && g.X+g.Width != w) || (g.Height%4 != 0 && g.Y+g.Height != h)) {
		return fmt.Errorf("upload to texture %d: region %+v is not whole 4x4 blocks of the %dx%d level: %w", up.Texture, g, w, h, graphics.ErrOutOfRange)
	}
	return nil
}

// initImageUndefined is initImage for a block-compressed image, which
// cannot be cleared: its levels are only brought into the sampled layout,
// contents undefined until the upload of zero blocks the graphics package
// records with the texture.
func (o *opList) initImageUndefined(img vk.Image, levels int) {
	op := o.next(C.MTN_OP_INIT_IMAGE)
	op.h[2] = handle(unsafe.Pointer(img))
	op.u[0], op.u[2] = C.uint32_t(levels), 1
}

// newSwizzledView creates a 2D view of levels mip levels of img that
// reads its components through swizzle.
func newSwizzledView(dev vk.Device, img vk.Image, format vk.Format, swizzle vk.ComponentMapping, levels uint32, op string) (vk.ImageView, error) {
	ci := vk.ImageViewCreateInfo{
		SType:      vk.StructureTypeImageViewCreateInfo,
		Image:      img,
		ViewType:   vk.ImageViewType2d,
		Format:     format,
		Components: swizzle,
		SubresourceRange: vk.ImageSubresourceRange{
			AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LevelCount: levels, LayerCount: 1,
		},
	}
	defer ci.Free()
	var v vk.ImageView
	err := callErr(op, "vkCreateImageView", vk.CreateImageView(dev, &ci, nil, &v))
	return v, err
}

// checkBlendable returns an error when b blends and the device cannot
// blend into colour format f (Vector4's R32G32B32A32_SFLOAT need not be
// blendable; XNA never blends into Vector4 targets either): the game
// draws with Opaque there instead of a pipeline the driver would reject.
func (d *deviceState) checkBlendable(f vk.Format, b graphics.BlendState) error {
	opaque := b.ColorSourceBlend == graphics.BlendOne && b.ColorDestinationBlend == graphics.BlendZero &&
		b.AlphaSourceBlend == graphics.BlendOne && b.AlphaDestinationBlend == graphics.BlendZero &&
		b.ColorBlendFunction == graphics.BlendAdd && b.AlphaBlendFunction == graphics.BlendAdd
	if opaque || d.formatFeatures(f)&vk.FormatFeatureColorAttachmentBlendBit != 0 {
		return nil
	}
	return fmt.Errorf("create pipeline: the device cannot blend into render targets of VkFormat %d: draw into it with BlendState Opaque, or use HdrBlendable: %w",
		f, graphics.ErrUnsupportedFormat)
}

// clearVector returns a pass's float clear colour: as it is for an HDR
// target, clamped to 0..1 for a Color one (an infinity kept finite).
func clearVector(v [4]float32, hdr bool) [4]float32 {
	for i, x := range v {
		if hdr {
			v[i] = max(min(x, math.MaxFloat32), -math.MaxFloat32)
		} else {
			v[i] = max(min(x, 1), 0)
		}
	}
	return v
}
