package graphics

import "github.com/go-gl/mathgl/mgl32"

// Frame is one frame's drawing as the device recorded it: flat slices
// reused from frame to frame, so recording a warm frame allocates nothing
// (rule G9). A backend reads it in Backend.Execute and must not keep it.
//
// Ranges into the slices are (offset, count) pairs; byte offsets into
// Vertices and UploadData are multiples of 4.
type Frame struct {
	// Index counts the records the device handed out, from 1.
	Index uint64
	// Present is true for a game frame: passes with Target 0 draw the back
	// buffer, which is presented after the last pass (also when no pass
	// draws it: its contents are then undefined). False for work recorded
	// outside a game frame (Device.Flush): no pass targets the back buffer.
	Present bool
	// BackBufferWidth and BackBufferHeight are the back buffer's size in
	// pixels as given to Device.BeginFrame (0 when Present is false). The
	// back buffer has a depth/stencil buffer (DepthFormat Depth24Stencil8).
	BackBufferWidth, BackBufferHeight int

	// Uploads are SetData calls since the previous record, in call order;
	// a backend applies them before the first pass.
	Uploads []Upload
	// UploadData holds the bytes of Uploads.
	UploadData []byte

	// Passes are the frame's render passes in order: one per
	// SetRenderTarget and one per Clear after a draw.
	Passes []Pass
	// Draws are every pass's draw calls; Pass.FirstDraw and
	// Pass.DrawCount select a pass's.
	Draws []Draw
	// Uniforms are the effect uniform blocks the draws use
	// (Draw.Uniforms indexes it); a block is recorded once per Apply that
	// a draw follows, not per draw.
	Uniforms []EffectUniforms
	// Vertices is the arena for DrawUserPrimitives and
	// DrawUserIndexedPrimitives: a draw with VertexBuffer 0 reads its
	// vertices here (and its indices when Indexed and IndexBuffer is 0).
	// A backend copies it into GPU-visible memory of the frame in flight
	// and binds that memory as vertex and index buffer.
	Vertices []byte
	// EffectData holds the uniform blocks of Effect draws
	// (Draw.EffectBlock), each at a multiple of EffectBlockAlign, recorded
	// once per Apply that a draw follows.
	EffectData []byte

	// Releases are textures and buffers disposed since the previous
	// record; a backend destroys them once this frame's commands (and
	// every earlier frame's) have finished on the GPU.
	Releases []Release

	// Queries are the occlusion queries' spans of Draws, in draw order
	// (OcclusionQuery); a backend that implements OcclusionBackend counts
	// them.
	Queries []QuerySpan
}

// reset empties f for reuse, keeping the slices' memory.
func (f *Frame) reset() {
	clear(f.Uploads) // let go of handed-over pixels (Upload.Bytes)
	*f = Frame{
		Uploads:    f.Uploads[:0],
		UploadData: f.UploadData[:0],
		Passes:     f.Passes[:0],
		Draws:      f.Draws[:0],
		Uniforms:   f.Uniforms[:0],
		Vertices:   f.Vertices[:0],
		EffectData: f.EffectData[:0],
		Releases:   f.Releases[:0],
		Queries:    f.Queries[:0],
	}
}

// Upload is one SetData call: bytes to copy into a texture region or a
// buffer range before the frame's first pass.
type Upload struct {
	// Texture is the texture written, or 0 when Buffer is.
	Texture TextureID
	// Region is the texture region written, in texels; the data is RGBA
	// bytes, row after row, 4*Width*Height bytes (for a texture of another
	// format, SurfaceFormat.DataSize bytes in its layout).
	Region Rectangle
	// Level is the mipmap level written (0: the full-size image); Region
	// lies within that level's size.
	Level int
	// Face is the face of a cube texture written (a CubeMapFace), 0
	// for other textures.
	Face int
	// Buffer is the buffer written, or 0 when Texture is.
	Buffer BufferID
	// Offset is the first byte of the buffer written.
	Offset int
	// Data and Size select the bytes in Frame.UploadData: UploadData[Data:Data+Size].
	Data, Size int
	// Front and Slices are the slices of a 3D texture written: Slices
	// (0 means 1) slices from Front, each a Region's data, one after the
	// other. Both 0 for other textures.
	Front, Slices int
	// Bytes, when not nil, are the upload's bytes in place of UploadData
	// (Data is then unused and Size is len(Bytes)): a loaded image's
	// pixels, handed to the record without a copy. Read them with
	// Frame.UploadBytes.
	Bytes []byte
}

// UploadBytes returns the bytes of u, an upload of f: u.Bytes when set,
// else UploadData[u.Data:u.Data+u.Size]. It does not check the range
// (a backend checks it first).
func (f *Frame) UploadBytes(u *Upload) []byte {
	if u.Bytes != nil {
		return u.Bytes
	}
	return f.UploadData[u.Data : u.Data+u.Size]
}

// ClearOptions says which buffers a clear writes (XNA's ClearOptions).
type ClearOptions uint8

// Clear options; combine with |.
const (
	ClearTarget      ClearOptions = 1 << iota // the colour buffer
	ClearDepthBuffer                          // the depth buffer
	ClearStencil                              // the stencil buffer
)

// Pass is a run of draws into one target.
type Pass struct {
	// Target is the render target drawn into, 0 for the back buffer.
	Target TextureID
	// MoreTargets are the second to fourth targets of a pass into several
	// (SetRenderTargets), 0 past the last: each the size of Target, none
	// mipmapped, sharing Target's depth buffer. A draw's fragment output at
	// location i writes the i-th target; one the shader does not write
	// (all but the first for a BasicEffect draw) keeps its contents.
	MoreTargets [MaxRenderTargets - 1]TextureID
	// Width and Height are the target's size in pixels.
	Width, Height int
	// Depth is the target's depth/stencil format (Depth24Stencil8 for the
	// back buffer).
	Depth DepthFormat
	// Clear says which buffers the pass clears when it starts, to
	// ClearColor, ClearDepth and ClearStencilValue. A whole-target clear:
	// the viewport and scissor do not limit it. It names only buffers the
	// target has (Depth).
	Clear             ClearOptions
	ClearColor        Color
	ClearDepth        float32
	ClearStencilValue int32
	// ClearHDR is true when the colour clear is ClearVector (XNA's
	// Clear(Vector4)) instead of ClearColor: floats an HDR target keeps
	// as they are, a Color target clamped to 0..1.
	ClearHDR    bool
	ClearVector [4]float32
	// Load is true when the buffers the pass does not clear must keep their
	// contents (a pass continuing the back buffer after a render target, a
	// PreserveContents target); false lets the backend discard them
	// (DiscardContents: undefined until drawn, rule G4).
	Load bool
	// FirstDraw and DrawCount select the pass's draws in Frame.Draws.
	FirstDraw, DrawCount int
	// GenerateMips is true on the last pass into a target with mipmap
	// levels before it stops being the render target: after the pass the
	// backend remakes levels 1 and on from level 0 (each a linear
	// downscale of the one before), before any later pass samples it.
	GenerateMips bool
}

// Release is a disposed resource: exactly one of Texture, Buffer, Effect
// and Query is set.
type Release struct {
	Texture TextureID
	Buffer  BufferID
	Effect  EffectID
	// Query is a disposed occlusion query: its result is no longer asked
	// for once the record has run.
	Query QueryID
}

// ShaderVariant selects the BasicEffect shader a draw uses: a combination
// of the flags below (0: unlit, untextured, DiffuseColor only).
type ShaderVariant uint8

// Shader variant flags, set from the BasicEffect by Apply.
const (
	ShaderLighting    ShaderVariant = 1 << iota // per-vertex normals lit by three directional lights
	ShaderVertexColor                           // multiply by the vertex colour
	ShaderTexture                               // multiply by the texture, sampled at the vertex's texture coordinate
	// ShaderPerPixelLighting lights each pixel with the interpolated
	// normal instead of each vertex (BasicEffect.PreferPerPixelLighting);
	// set only together with ShaderLighting.
	ShaderPerPixelLighting
)

// PipelineKey is everything a backend bakes into a pipeline: comparable, so
// a backend caches its pipelines in a map keyed on it and builds each one
// once (viewport and scissor are dynamic state, the target's format comes
// from the Pass). DepthStencil is already fitted to the pass's depth
// format: the zero value (no test, no write) when the target has no depth
// buffer, stencil fields zero when it has no stencil.
type PipelineKey struct {
	Blend        BlendState
	DepthStencil DepthStencilState
	Rasterizer   RasterizerState
	Primitive    PrimitiveType
	Vertex       VertexDeclaration
	Shader       ShaderVariant
	// Effect is the Effect whose shaders the draw runs, 0 for
	// BasicEffect's (Shader selects among those). With an Effect, Shader
	// is ShaderTexture when it samples a texture and 0 otherwise.
	Effect EffectID
	// Instance is the layout of the instance stream of an instanced draw
	// (Draw.InstanceCount > 0), read at vertex binding 1 once per
	// instance; the zero value otherwise.
	Instance VertexDeclaration
}

// CommonPipelines returns the keys of the commonest draws on a target
// with a depth buffer, for a backend to build at start-up rather than in
// the first frame: a lit BasicEffect mesh of VertexPositionNormalTexture
// (no texture) with NewDevice's default states (XNA 4.0's: Opaque,
// DepthDefault, CullCounterClockwise), and a SpriteBatch with Begin's
// defaults (rule G5).
func CommonPipelines() [2]PipelineKey {
	return [2]PipelineKey{{
		Blend: Opaque, DepthStencil: DepthDefault, Rasterizer: CullCounterClockwise, Primitive: TriangleList,
		Vertex: VertexPositionNormalTexture{}.VertexDeclaration(), Shader: ShaderLighting,
	}, {
		Blend: AlphaBlend, DepthStencil: DepthNone, Rasterizer: CullCounterClockwise, Primitive: TriangleList,
		Vertex: spriteDecl, Shader: ShaderTexture | ShaderVertexColor,
	}}
}

// Draw is one draw call.
type Draw struct {
	// Pipeline is the state the draw needs.
	Pipeline PipelineKey
	// Viewport maps clip space to the target (dynamic state).
	Viewport Viewport
	// Scissor limits the draw to a rectangle of the target, already
	// clipped to it; when the rasterizer's ScissorTestEnable is false it is
	// the whole target.
	Scissor Rectangle
	// Texture is the texture sampled (with Sampler), 0 when the shader
	// variant has no ShaderTexture.
	Texture TextureID
	Sampler SamplerState
	// Texture2 and Sampler2 are an Effect draw's second texture (texture
	// slot 1, set 2 binding 0 of its fragment shader), 0 when its shader
	// samples one texture or none.
	Texture2 TextureID
	Sampler2 SamplerState
	// Uniforms indexes Frame.Uniforms: the effect block of the draw
	// (-1 for an Effect draw).
	Uniforms int
	// EffectBlock is the byte offset in Frame.EffectData of an Effect
	// draw's uniform block (Pipeline.Effect != 0).
	EffectBlock int
	// VertexBuffer is the buffer read, 0 for Frame.Vertices.
	VertexBuffer BufferID
	// VertexOffset is the byte offset of vertex 0 in the buffer or arena.
	VertexOffset int
	// Indexed is true for indexed draws: Count indices are read from
	// IndexBuffer (0: Frame.Vertices), starting IndexOffset bytes in, each
	// IndexSize wide, and BaseVertex is added to each.
	Indexed     bool
	IndexBuffer BufferID
	IndexSize   IndexElementSize
	IndexOffset int
	BaseVertex  int
	// InstanceCount is the number of instances of an instanced draw
	// (DrawInstancedPrimitives), 0 for a plain draw (one instance).
	// InstanceBuffer is then the per-instance stream, read from byte
	// InstanceOffset.
	InstanceCount  int
	InstanceBuffer BufferID
	InstanceOffset int
	// Count is the number of vertices (not indexed) or indices (indexed)
	// read; the primitive type in Pipeline says how they form primitives.
	Count int
}

// EffectUniforms is the uniform block of a BasicEffect draw, laid out as
// GLSL's std140 (every member 16-byte aligned; mat4 columns are vec4s) so
// that its memory can be copied into a uniform buffer unchanged (little
// endian). The shader declares the same block:
//
//	offset   0  mat4 World
//	offset  64  mat4 WorldViewProjection
//	offset 128  mat4 WorldInverseTranspose (for normals; upper 3x3 used)
//	offset 192  vec4 DiffuseColor      rgb diffuse, a alpha
//	offset 208  vec4 EmissiveColor     rgb emissive plus ambient*diffuse (XNA folds them), a unused
//	offset 224  vec4 SpecularColor     rgb specular, a power
//	offset 240  vec4 EyePosition       xyz camera position in world space, w unused
//	offset 256  vec4 LightDirection[3] xyz direction the light travels, w 1 enabled / 0 off
//	offset 304  vec4 LightDiffuse[3]   rgb, a unused
//	offset 352  vec4 LightSpecular[3]  rgb, a unused
//	offset 400  uvec4 Flags            x the ShaderVariant bits, yzw unused
//	offset 416  vec4 FogVector         fog factor = dot(position, FogVector), zero without fog
//	offset 432  vec4 FogColor          rgb fog colour, a unused
//	size   448
//
// Matrices are column-major as mathgl stores them. The Projection in
// WorldViewProjection already contains the Y flip and 0..1 depth (rule G8),
// so the vertex shader writes gl_Position = WorldViewProjection * pos.
type EffectUniforms struct {
	World                 mgl32.Mat4
	WorldViewProjection   mgl32.Mat4
	WorldInverseTranspose mgl32.Mat4
	DiffuseColor          mgl32.Vec4
	EmissiveColor         mgl32.Vec4
	SpecularColor         mgl32.Vec4
	EyePosition           mgl32.Vec4
	LightDirection        [3]mgl32.Vec4
	LightDiffuse          [3]mgl32.Vec4
	LightSpecular         [3]mgl32.Vec4
	Flags                 [4]uint32
	FogVector             mgl32.Vec4
	FogColor              mgl32.Vec4
}

// EffectUniformsSize is the size of EffectUniforms in bytes (std140).
const EffectUniformsSize = 448

// UniformBytes returns the memory of f.Uniforms[i] as its 448 std140 bytes,
// without copying (valid while the record is): what a backend copies into
// its uniform buffer at an offset aligned to the device's
// minUniformBufferOffsetAlignment.
func (f *Frame) UniformBytes(i int) []byte {
	return bytesOf(f.Uniforms[i : i+1])
}
