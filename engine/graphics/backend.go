package graphics

import "github.com/metronome-engine/metronome/engine/graphics/spirv"

// TextureID names a texture or render target on the backend. The device
// hands out IDs in creation order, starting at 1, and never reuses one; 0
// means "none" (in a Pass: the back buffer). SpriteBatch's Texture sort
// orders by this ID (the texture's creation order).
type TextureID uint32

// BufferID names a vertex or index buffer on the backend. The device hands
// out IDs in creation order, starting at 1, and never reuses one; 0 means
// "none" (in a Draw: the frame's vertex arena, Frame.Vertices).
type BufferID uint32

// Limits are what a backend supports. Device calls Backend.Limits once, in
// NewDevice, and rejects larger requests with an error.
type Limits struct {
	// MaxTextureSize is the largest width or height of a texture or
	// render target, in texels (Vulkan's maxImageDimension2D).
	MaxTextureSize int
	// MaxBufferSize is the largest vertex or index buffer, in bytes; 0
	// means no limit below what the device's int can count.
	MaxBufferSize int
	// ViewportMin and ViewportMax bound a viewport's corners, in pixels
	// (Vulkan's viewportBoundsRange); both 0 means -2*MaxTextureSize and
	// 2*MaxTextureSize-1, the least Vulkan allows.
	ViewportMin, ViewportMax int
	// MaxAnisotropy is the most samples the device's anisotropic filter
	// takes (Vulkan's maxSamplerAnisotropy, where the samplerAnisotropy
	// feature is enabled); below 2 means the device has none, and
	// FilterAnisotropic filters linearly (SamplerState.Fit).
	MaxAnisotropy int
	// MaxVolumeSize is the largest width, height or depth of a
	// Texture3D, in texels (Vulkan's maxImageDimension3D); 0 means 256,
	// the least Vulkan allows.
	MaxVolumeSize int
	// ShaderFeatures are the optional shader features the device has
	// enabled (64-bit floats and integers, 16-bit integers, clip and cull
	// distances). NewEffect refuses a shader that declares a capability
	// the device lacks; the zero value allows none of them.
	ShaderFeatures spirv.Features
	// MaxMultiSampleCount is the most samples per pixel a render target
	// may have, a power of two (Vulkan: the highest count both
	// framebufferColorSampleCounts and framebufferDepthSampleCounts
	// hold); below 2 means no multisampling.
	MaxMultiSampleCount int
}

// TextureDesc describes a texture or render target to create.
type TextureDesc struct {
	// Width and Height are in texels, 1..Limits.MaxTextureSize.
	Width, Height int
	// Format is the texel format: SurfaceFormatColor (RGBA, 8 bits per
	// channel, unsigned normalized, no sRGB conversion) or another
	// SurfaceFormat; uploads and reads carry Format.DataSize bytes of a
	// region. A render target is Color, HalfVector4, Vector4 or
	// HdrBlendable. A DXT texture's levels start undefined (the device
	// uploads zero blocks to them).
	Format SurfaceFormat
	// RenderTarget is true for a RenderTarget2D: passes may draw into it
	// (Pass.Target) and draws may then sample it.
	RenderTarget bool
	// Depth is the render target's depth/stencil buffer, DepthNone for
	// none and for plain textures.
	Depth DepthFormat
	// Usage says whether a pass that does not clear keeps the target's
	// contents (PreserveContents) or may discard them (DiscardContents,
	// the default); never PlatformContents, which the device resolves
	// first. Pass.Load carries the decision per pass; Usage is here
	// so a backend can choose the image's initial layout.
	Usage RenderTargetUsage
	// MultiSampleCount is a render target's samples per pixel: 0 or 1 for
	// none, else a power of two up to Limits.MaxMultiSampleCount, with
	// MipLevels at most 1. Passes draw into a multisampled image (colour
	// and depth) that the pass resolves into the texture at its end, so
	// draws sample and ReadTexture reads the resolved pixels.
	MultiSampleCount int
	// MipLevels is the number of mipmap levels, 0 or 1 for none, at most
	// MipLevelCount(Width, Height); level i is Width>>i by Height>>i
	// texels (at least 1). Every level starts transparent black.
	MipLevels int
	// Cube is true for a TextureCube: six Width x Height faces (Width ==
	// Height), in CubeMapFace order, each with MipLevels levels; uploads
	// name their face (Upload.Face) and draws sample it as a samplerCube.
	// With RenderTarget too it is a RenderTargetCube's: its faces are
	// drawn into through the FaceOf targets made after it (no pass
	// targets the cube itself).
	Cube bool
	// FaceOf, when not 0, makes this render target face Face of the cube
	// texture FaceOf (created before, one level, Width its size): passes
	// into it draw into that face of the cube's image, which draws then
	// sample through FaceOf (a RenderTargetCube). It is never sampled or
	// read back itself, nor uploaded to.
	FaceOf TextureID
	Face   int
	// Depth3D, when above 0, makes a 3D texture (a Texture3D) of Width x
	// Height x Depth3D texels, Color, one level, never a render target:
	// uploads name their slices (Upload.Front, Upload.Slices) and draws
	// sample it as a sampler3D.
	Depth3D int
}

// BufferKind says what a buffer holds.
type BufferKind uint8

// Buffer kinds.
const (
	VertexBufferKind BufferKind = iota + 1 // vertices, laid out by a VertexDeclaration
	IndexBufferKind                        // 16- or 32-bit indices
)

// BufferDesc describes a vertex or index buffer to create.
type BufferDesc struct {
	Kind BufferKind
	// Size is the buffer's size in bytes, at least 1.
	Size int
}

// Backend executes what a Device records. Package renderer/vulkan
// implements it; package graphicstest has a recording fake. The device
// calls every method from one goroutine (the game loop's), never
// concurrently. IDs come from the device and are unique for the device's
// life.
//
// Resource creation only allocates: contents arrive as Frame.Uploads and
// are applied at the start of the next executed frame, on the thread that
// owns the queue (rule G11). Destruction is deferred the same way:
// Frame.Releases lists what the frame's commands no longer need once they
// have executed.
type Backend interface {
	// Limits reports the backend's limits. Called once.
	Limits() Limits
	// CreateTexture allocates a texture or render target with undefined
	// contents. An error (out of memory, a format the device lacks) is
	// returned by the Texture2D or RenderTarget2D constructor.
	CreateTexture(id TextureID, desc TextureDesc) error
	// CreateBuffer allocates a vertex or index buffer with undefined
	// contents.
	CreateBuffer(id BufferID, desc BufferDesc) error
	// ReadTexture copies the texels of region r of texture id into dst as
	// RGBA bytes, row after row (len(dst) == 4*r.Width*r.Height; in the
	// texture's format's layout for another format, never a DXT one). The
	// device executes every pending record (Device.Flush) first, so the
	// result includes all uploads and draws recorded before the call. It
	// may wait for the GPU; Texture2D.GetData is not a per-frame call.
	ReadTexture(id TextureID, r Rectangle, dst []byte) error
	// Execute runs one frame record: first f.Uploads in order, then
	// f.Passes in order, each drawing its range of f.Draws, then it frees
	// f.Releases once the GPU is done with this frame. When f.Present is
	// true the record draws the back buffer of the frame the renderer
	// acquired (Target 0) and ends with its present; the engine reaches
	// that case through its Renderer's EndDraw. When f.Present is false no
	// pass targets the back buffer (work recorded outside a game frame,
	// Device.Flush). The record and its slices belong to the device and
	// are reused for the next frame: copy what must outlive the call
	// (Frame.Vertices into GPU-visible memory of the frame in flight,
	// Frame.UploadData and any Upload.Bytes into staging memory). Execute
	// must not allocate per call once warm (rule G9).
	Execute(f *Frame) error
}
