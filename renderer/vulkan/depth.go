package vulkan

import (
	"fmt"

	vk "github.com/vulkan-go/vulkan"
)

// chooseDepthFormat returns the first depth format the device can use as an
// optimal-tiling depth attachment, those with a stencil first (the back
// buffer's format is Depth24Stencil8, XNA's default).
func chooseDepthFormat(gpu vk.PhysicalDevice) (vk.Format, error) {
	for _, f := range []vk.Format{vk.FormatD24UnormS8Uint, vk.FormatD32SfloatS8Uint, vk.FormatD32Sfloat, vk.FormatD16Unorm} {
		var p vk.FormatProperties
		vk.GetPhysicalDeviceFormatProperties(gpu, f, &p)
		p.Deref()
		p.Free()
		if vk.FormatFeatureFlagBits(p.OptimalTilingFeatures)&vk.FormatFeatureDepthStencilAttachmentBit != 0 {
			return f, nil
		}
	}
	return vk.FormatUndefined, fmt.Errorf("choose depth format: the device supports no depth attachment format")
}

// viewedImage owns an image in device memory and one view of it: a depth
// attachment, a texture's image, the start's warm-up colour attachment.
type viewedImage struct {
	dev   vk.Device
	image vk.Image
	mem   memRange
	view  vk.ImageView
	alloc *memAllocator
}

// create makes a w x h image of format for usage, and its view of aspect.
// It stores each object as soon as it exists, so that on error destroy
// frees what was made.
func (vi *viewedImage) create(d *device, w, h int, format vk.Format, usage vk.ImageUsageFlagBits,
	aspect vk.ImageAspectFlagBits, op string) (err error) {
	return vi.createLevels(d, w, h, 1, format, usage, aspect, op)
}

// createLevels is create for an image of levels mip levels, its view
// covering them all.
func (vi *viewedImage) createLevels(d *device, w, h, levels int, format vk.Format, usage vk.ImageUsageFlagBits,
	aspect vk.ImageAspectFlagBits, op string) (err error) {
	vi.dev, vi.alloc = d.handle, d.alloc
	if err := newDeviceImage(d, uint32(w), uint32(h), uint32(levels), format, usage, op, &vi.image, &vi.mem); err != nil {
		return err
	}
	vi.view, err = newView(d.handle, vi.image, format, aspect, uint32(levels), op)
	return err
}

// newDepthImage creates a depth attachment of the given size.
func newDepthImage(d *device, format vk.Format, extent vk.Extent2D) (*viewedImage, error) {
	aspect := vk.ImageAspectDepthBit
	if hasStencil(format) {
		aspect |= vk.ImageAspectStencilBit
	}
	di := &viewedImage{}
	if err := di.create(d, int(extent.Width), int(extent.Height), format, vk.ImageUsageDepthStencilAttachmentBit,
		aspect, "create depth image"); err != nil {
		di.destroy()
		return nil, err
	}
	return di, nil
}

// imageSpec is what newImageOf creates: an image of type typ (2D, 3D),
// w x h x depth texels (depth 1 but for 3D), levels mip levels, layers
// array layers (6 for a cube, with the cube-compatible flag), samples
// per pixel, format and usage, with optimal tiling.
type imageSpec struct {
	typ            vk.ImageType
	flags          vk.ImageCreateFlagBits
	w, h, depth    uint32
	levels, layers uint32
	samples        vk.SampleCountFlagBits
	format         vk.Format
	usage          vk.ImageUsageFlagBits
}

// newImageOf creates the image s describes in device-local memory from
// the device's allocator (W12), bound. It stores the image in *image and
// the memory in *memory as soon as each exists, so the caller's own
// cleanup destroys them when a later step fails.
func newImageOf(d *device, s imageSpec, op string, image *vk.Image, memory *memRange) error {
	ci := vk.ImageCreateInfo{
		SType:         vk.StructureTypeImageCreateInfo,
		Flags:         vk.ImageCreateFlags(s.flags),
		ImageType:     s.typ,
		Format:        s.format,
		Extent:        vk.Extent3D{Width: s.w, Height: s.h, Depth: max(s.depth, 1)},
		MipLevels:     max(s.levels, 1),
		ArrayLayers:   max(s.layers, 1),
		Samples:       max(s.samples, vk.SampleCount1Bit),
		Tiling:        vk.ImageTilingOptimal,
		Usage:         vk.ImageUsageFlags(s.usage),
		SharingMode:   vk.SharingModeExclusive,
		InitialLayout: vk.ImageLayoutUndefined,
	}
	defer ci.Free()
	var img vk.Image
	if err := callErr(op, "vkCreateImage", vk.CreateImage(d.handle, &ci, nil, &img)); err != nil {
		return err
	}
	*image = img
	m, err := d.alloc.bindImage(img, vk.MemoryPropertyDeviceLocalBit, op)
	if err != nil {
		return err
	}
	*memory = m
	return nil
}

// newDeviceImage creates a w x h 2D image of levels mip levels and one
// layer (newImageOf).
func newDeviceImage(d *device, w, h, levels uint32, format vk.Format, usage vk.ImageUsageFlagBits, op string, image *vk.Image, memory *memRange) error {
	return newImageOf(d, imageSpec{typ: vk.ImageType2d, w: w, h: h, levels: levels, format: format, usage: usage}, op, image, memory)
}

// newView creates a 2D view of the first levels mip levels and one layer.
func newView(dev vk.Device, img vk.Image, format vk.Format, aspect vk.ImageAspectFlagBits, levels uint32, op string) (vk.ImageView, error) {
	return newViewOf(dev, img, vk.ImageViewType2d, format, aspect, levels, 1, op)
}

// newViewOf creates a view of type typ (2D, cube, 3D) of the first levels
// mip levels and layers array layers.
func newViewOf(dev vk.Device, img vk.Image, typ vk.ImageViewType, format vk.Format, aspect vk.ImageAspectFlagBits,
	levels, layers uint32, op string) (vk.ImageView, error) {
	ci := vk.ImageViewCreateInfo{
		SType:    vk.StructureTypeImageViewCreateInfo,
		Image:    img,
		ViewType: typ,
		Format:   format,
		SubresourceRange: vk.ImageSubresourceRange{
			AspectMask: vk.ImageAspectFlags(aspect), LevelCount: levels, LayerCount: layers,
		},
	}
	defer ci.Free()
	var v vk.ImageView
	err := callErr(op, "vkCreateImageView", vk.CreateImageView(dev, &ci, nil, &v))
	return v, err
}

// destroy destroys view and image and gives the memory back; safe twice and on nil.
func (vi *viewedImage) destroy() {
	if vi == nil || vi.dev == nil {
		return
	}
	if vi.view != nil {
		vk.DestroyImageView(vi.dev, vi.view, nil)
	}
	if vi.image != nil {
		vk.DestroyImage(vi.dev, vi.image, nil)
	}
	vi.alloc.free(vi.mem)
	*vi = viewedImage{}
}

// hasStencil reports whether a depth format has a stencil aspect.
func hasStencil(f vk.Format) bool {
	switch f {
	case vk.FormatD24UnormS8Uint, vk.FormatD32SfloatS8Uint, vk.FormatD16UnormS8Uint:
		return true
	}
	return false
}
