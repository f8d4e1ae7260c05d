package vulkan

import (
	"fmt"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// Cube textures (graphics.TextureCube) and an Effect's second texture.
// A cube is one image of six array layers, created cube-compatible, with
// one cube view over every layer and level: its descriptor sets are a
// texture's (combined image sampler at binding 0), so a samplerCube at set
// 1 or 2 samples it as a sampler2D samples a 2D texture. Uploads name the
// layer (the face, in CubeMapFace order, which is Vulkan's). An Effect
// whose fragment shader samples a second texture has a pipeline layout of
// three sets: the uniform block, texture slot 0, texture slot 1.

var _ graphics.FaceReader = (*Renderer)(nil)

// cubeFaces is the number of array layers of a cube image.
const cubeFaces = 6

// newCubeTexture creates the image and cube view of a TextureCube.
func (r *Renderer) newCubeTexture(desc graphics.TextureDesc, levels int) (t *texture, err error) {
	const op = "create cube texture"
	if desc.Width != desc.Height {
		return nil, fmt.Errorf("%s: faces of %dx%d, want square faces: %w", op, desc.Width, desc.Height, graphics.ErrInvalid)
	}
	usage := vk.ImageUsageSampledBit | vk.ImageUsageTransferDstBit | vk.ImageUsageTransferSrcBit
	if desc.RenderTarget { // its faces are drawn into (newCubeFace)
		usage |= vk.ImageUsageColorAttachmentBit
	}
	d := r.gpu.dev
	t = &texture{dev: d.handle, w: desc.Width, h: desc.Height, levels: levels, layers: cubeFaces, tf: colorTexFormat}
	t.viewedImage.dev, t.viewedImage.alloc = d.handle, d.alloc
	defer func() {
		if err != nil {
			t.destroy(nil)
		}
	}()
	if err = newImageOf(d, imageSpec{typ: vk.ImageType2d, flags: vk.ImageCreateCubeCompatibleBit, w: uint32(desc.Width), h: uint32(desc.Height), levels: uint32(levels), layers: cubeFaces, format: textureFormat, usage: usage}, op, &t.image, &t.mem); err != nil {
		return nil, err
	}
	if t.view, err = newViewOf(d.handle, t.image, vk.ImageViewTypeCube, textureFormat, vk.ImageAspectColorBit, uint32(levels), cubeFaces, op); err != nil {
		return nil, err
	}
	return t, nil
}

// makeTwoSlotLayouts creates the pipeline layouts of effects that sample
// two textures, once.
func (r *Renderer) makeTwoSlotLayouts() error {
	if r.gpu.fx.layout2[0] != nil {
		return nil
	}
	dev := r.gpu.dev.handle
	for i, u := range []vk.DescriptorSetLayout{r.gpu.uniformLayout, r.gpu.vertexUniformLayout} {
		l, err := newPipelineLayout(dev, []vk.DescriptorSetLayout{u, r.gpu.textureLayout, r.gpu.textureLayout})
		if err != nil {
			r.gpu.destroyTwoSlotLayouts()
			return err
		}
		r.gpu.fx.layout2[i] = l
	}
	return nil
}

// destroyTwoSlotLayouts destroys what makeTwoSlotLayouts made.
func (d *deviceState) destroyTwoSlotLayouts() {
	for i, l := range d.fx.layout2 {
		if l != nil {
			vk.DestroyPipelineLayout(d.dev.handle, l, nil)
			d.fx.layout2[i] = nil
		}
	}
}

// twoSlotLayout returns the layout of a two-texture effect whose block
// both stages see, or the vertex stage only.
func (d *deviceState) twoSlotLayout(vertexOnly bool) vk.PipelineLayout {
	if vertexOnly {
		return d.fx.layout2[1]
	}
	return d.fx.layout2[0]
}

// bindTexture2 binds draw d's second texture (set 2) when its pipeline
// layout has that set and the set changed; white when the draw has none.
func (r *Renderer) bindTexture2(d *graphics.Draw, st *drawState) error {
	if st.layout == nil || (st.layout != r.gpu.fx.layout2[0] && st.layout != r.gpu.fx.layout2[1]) {
		return nil
	}
	tex := r.gpu.white
	if d.Texture2 != 0 {
		if tex = r.gpu.textures[d.Texture2]; tex == nil {
			return fmt.Errorf("texture %d does not exist (disposed?)", d.Texture2)
		}
	}
	set, err := r.textureSet(tex, d.Sampler2)
	if err != nil {
		return err
	}
	if set != st.texSet2 {
		r.frames.ops.textureAt(st.layout, 1, set)
		st.texSet2 = set
	}
	return nil
}

// newCubeFace creates a cube render target's face desc.Face: a 2D view of
// that layer of the cube's image (its framebuffer's colour), a depth image
// and a framebuffer. It owns no image of its own (image nil): the cube's
// init clears the layer, the cube is what draws sample.
func (r *Renderer) newCubeFace(desc graphics.TextureDesc) (t *texture, err error) {
	const op = "create cube render target face"
	cube := r.gpu.textures[desc.FaceOf]
	switch {
	case cube == nil || cube.layers != cubeFaces:
		return nil, fmt.Errorf("%s: texture %d is not a cube texture: %w", op, desc.FaceOf, graphics.ErrInvalid)
	case desc.Face < 0 || desc.Face >= cubeFaces:
		return nil, fmt.Errorf("%s: face %d, want 0 to 5: %w", op, desc.Face, graphics.ErrOutOfRange)
	case cube.levels != 1 || desc.Width != cube.w || desc.Height != cube.h || !desc.RenderTarget:
		return nil, fmt.Errorf("%s: a %dx%d target of a %dx%d cube of %d levels: want a render target of the cube's size, one level: %w",
			op, desc.Width, desc.Height, cube.w, cube.h, cube.levels, graphics.ErrInvalid)
	}
	d := r.gpu.dev
	t = &texture{dev: d.handle, w: desc.Width, h: desc.Height, levels: 1, tf: colorTexFormat}
	defer func() {
		if err != nil {
			t.destroy(nil)
		}
	}()
	vci := vk.ImageViewCreateInfo{
		SType:    vk.StructureTypeImageViewCreateInfo,
		Image:    cube.image,
		ViewType: vk.ImageViewType2d,
		Format:   textureFormat,
		SubresourceRange: vk.ImageSubresourceRange{
			AspectMask: vk.ImageAspectFlags(vk.ImageAspectColorBit), LevelCount: 1, BaseArrayLayer: uint32(desc.Face), LayerCount: 1,
		},
	}
	defer vci.Free()
	var v vk.ImageView
	if err := callErr(op, "vkCreateImageView", vk.CreateImageView(d.handle, &vci, nil, &v)); err != nil {
		return nil, err
	}
	t.attach = v
	extent := vk.Extent2D{Width: uint32(desc.Width), Height: uint32(desc.Height)}
	if t.depth, err = newDepthImage(d, r.gpu.depthFormat, extent); err != nil {
		return nil, err
	}
	if t.fb, err = newFramebuffer(d.handle, r.gpu.passes[passTargetDiscard], v, t.depth.view, extent); err != nil {
		return nil, err
	}
	return t, nil
}

// ReadTextureFace copies region rect of mip level level of face face of
// cube texture id into dst as RGBA bytes (graphics.FaceReader), as
// ReadTexture does.
func (r *Renderer) ReadTextureFace(id graphics.TextureID, face, level int, rect graphics.Rectangle, dst []byte) error {
	if face < 0 {
		return fmt.Errorf("read texture: face %d, want 0 to 5: %w", face, graphics.ErrOutOfRange)
	}
	return r.readLayer(id, face, level, rect, dst)
}
