package graphics

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/geom"
)

// BoundingSphere is a sphere enclosing a mesh (XNA's BoundingSphere); the
// type lives in engine/geom with the other bounding volumes.
type BoundingSphere = geom.BoundingSphere

// MergeBoundingSpheres returns the smallest sphere enclosing a and b
// (XNA's BoundingSphere.CreateMerged; geom.CreateMergedSphere).
func MergeBoundingSpheres(a, b BoundingSphere) BoundingSphere {
	return geom.CreateMergedSphere(a, b)
}

// sphereOf returns a sphere enclosing the points: centred on their
// bounding box, with the distance to the farthest point as radius.
func sphereOf(points []mgl32.Vec3) BoundingSphere {
	if len(points) == 0 {
		return BoundingSphere{}
	}
	lo, hi := points[0], points[0]
	for _, p := range points[1:] {
		for i := range 3 {
			lo[i] = min(lo[i], p[i])
			hi[i] = max(hi[i], p[i])
		}
	}
	c := lo.Add(hi).Mul(0.5)
	r2 := float32(0)
	for _, p := range points {
		r2 = max(r2, p.Sub(c).LenSqr())
	}
	return BoundingSphere{Center: c, Radius: float32(math.Sqrt(float64(r2)))}
}

// ModelBone is one node of a model's transform tree (XNA's ModelBone).
// A bone's parent always has a lower Index, so walking Model.Bones in
// order visits parents first.
type ModelBone struct {
	// Name is the node's name in the file ("" when it has none).
	Name string
	// Index is the bone's position in Model.Bones.
	Index int
	// Parent is nil for the root bone.
	Parent *ModelBone
	// Children are the bones attached to this one.
	Children []*ModelBone
	// Transform places the bone relative to its parent.
	Transform mgl32.Mat4
	// Node is the glTF node index the bone was made from, -1 for a bone
	// the loader made (the root).
	Node int
}

// ModelMeshPart is one draw of a mesh: a range of a vertex and an index
// buffer drawn with one effect (XNA's ModelMeshPart).
type ModelMeshPart struct {
	// VertexBuffer and IndexBuffer hold the part's geometry.
	VertexBuffer *VertexBuffer
	IndexBuffer  *IndexBuffer
	// VertexOffset is added to every index; NumVertices is how many
	// vertices the part uses from there.
	VertexOffset, NumVertices int
	// StartIndex is the first index read; PrimitiveCount how many
	// primitives are drawn.
	StartIndex, PrimitiveCount int
	// PrimitiveType is TriangleList for surfaces, LineList or LineStrip
	// for lines (XNA's parts are always triangle lists).
	PrimitiveType PrimitiveType
	// Effect draws the part; ModelMesh.Draw applies it.
	Effect *BasicEffect
	// AlphaTest, when set (a glTF alpha MASK material with a texture),
	// draws the part instead of Effect: ModelMesh.Draw gives it Effect's
	// World, View and Projection, then applies it. It drops the texels
	// whose alpha is below the material's cutoff.
	AlphaTest *AlphaTestEffect
	// BlendState and RasterizerState are the states the material asks
	// for (Opaque or AlphaBlend; CullCounterClockwise, or CullNone for a
	// double-sided material); ModelMesh.Draw sets them for the part and
	// puts the device's own back afterwards.
	BlendState      BlendState
	RasterizerState RasterizerState
	// SamplerState is how the part's texture is read: the file's sampler
	// (wrap modes, filters), glTF's defaults (REPEAT, linear) where it
	// names none. ModelMesh.Draw sets it for the part and puts the
	// device's own back afterwards, so a model draws the same whatever
	// sampler was set before.
	SamplerState SamplerState
	// Joints and Weights are the vertices' skinning data (JOINTS_0 and
	// WEIGHTS_0), kept for animation; nil when the mesh has none.
	Joints  [][4]uint16
	Weights [][4]float32
	// MorphTargets is the number of the primitive's morph targets (0
	// without any); ModelMesh.MorphWeights holds their default weights.
	MorphTargets int

	anim *partAnim // morph target data and load-time notes, nil without either
	// Tag holds the part's *ModelMaterial.
	Tag any
}

// ModelMaterial is what a loaded material says beyond what its
// BasicEffect draws: glTF's physically based fields, for a game with its
// own shading.
type ModelMaterial struct {
	// Name is the material's name in the file.
	Name string
	// BaseColorFactor is the straight-alpha base colour (RGBA, 0..1).
	BaseColorFactor [4]float32
	// BaseColorTexture is the base colour texture (also the effect's
	// Texture), nil without one.
	BaseColorTexture *Texture2D
	// MetallicFactor and RoughnessFactor are the PBR factors.
	MetallicFactor, RoughnessFactor float32
	// EmissiveFactor is the emitted colour.
	EmissiveFactor [3]float32
	// AlphaMode is "OPAQUE", "MASK" or "BLEND"; AlphaCutoff the MASK
	// threshold.
	AlphaMode   string
	AlphaCutoff float32
	// DoubleSided materials are drawn without culling.
	DoubleSided bool
	// Unlit is set by KHR_materials_unlit: the effect's lighting is off.
	Unlit bool
	// Extensions lists the material's extension names (for example
	// KHR_materials_emissive_strength), whose values the effect ignores.
	Extensions []string
}

// ModelMesh is a mesh attached to a bone: its parts, their effects and a
// bounding sphere (XNA's ModelMesh).
type ModelMesh struct {
	// Name is the mesh's name in the file.
	Name string
	// ParentBone is the bone whose absolute transform places the mesh.
	ParentBone *ModelBone
	// BoundingSphere encloses the mesh in its bone's space.
	BoundingSphere BoundingSphere
	// MeshParts are the mesh's draws.
	MeshParts []*ModelMeshPart
	// Skin is the skin the mesh's node binds it to, nil for a rigid
	// mesh. A skinned mesh is placed by its joints, not by ParentBone.
	Skin *Skin
	// MorphWeights are the default weights of the mesh's morph targets
	// (the node's, else the mesh's, else zeros); empty without targets.
	MorphWeights []float32
	// Effects holds each part's effect, in part order (XNA's
	// ModelEffectCollection): set their World, View and Projection, then
	// call Draw.
	Effects []*BasicEffect
	// Tag is free for the game.
	Tag any
}

// Draw draws every part with its effect as it is set now, under the part's
// blend, rasterizer and sampler states; the device's own are put back
// afterwards. It allocates nothing.
func (m *ModelMesh) Draw() error {
	if len(m.MeshParts) == 0 {
		return nil
	}
	d := m.MeshParts[0].Effect.dev
	blend, raster, sampler := d.BlendState(), d.RasterizerState(), d.SamplerState()
	defer func() { d.SetBlendState(blend); d.SetRasterizerState(raster); d.SetSamplerState(sampler) }()
	for i, p := range m.MeshParts {
		if p.PrimitiveCount == 0 {
			continue
		}
		d.SetVertexBuffer(p.VertexBuffer)
		d.SetIndices(p.IndexBuffer)
		if err := p.applyStates(d); err != nil {
			return m.drawErr(i, err)
		}
		if err := d.DrawIndexedPrimitives(p.PrimitiveType, p.VertexOffset, p.StartIndex, p.PrimitiveCount); err != nil {
			return m.drawErr(i, err)
		}
	}
	return nil
}

func (m *ModelMesh) drawErr(part int, err error) error {
	return fmt.Errorf("graphics: draw model mesh %q part %d: %w", m.Name, part, err)
}

// Model is a 3D model: meshes placed by a tree of bones (XNA's Model).
// LoadModelFile reads one from a glTF 2.0 file.
type Model struct {
	// Root is the bone at the top of the tree (Bones[0]).
	Root *ModelBone
	// Bones lists every bone, parents before children.
	Bones []*ModelBone
	// Meshes lists the meshes; one glTF mesh used by several nodes
	// appears once per node, sharing its parts.
	Meshes []*ModelMesh
	// Skins are the file's skins in file order (rule K1).
	Skins []*Skin
	// Animations are the file's animations in file order (rule K1).
	Animations []*AnimationClip
	// Warnings lists the fix-ups the loader made to the file's content,
	// one line per kind and element (rule K6): weights renormalized,
	// influences beyond four dropped.
	Warnings []string
	// Player, when set, poses the model for Draw (see DrawPose).
	Player *AnimationPlayer
	// CPUSkinning, when set, has DrawPose skin every skinned part on the
	// CPU, the path it takes for the parts the GPU path cannot draw (see
	// DrawPose); false at first.
	CPUSkinning bool
	// Tag is free for the game.
	Tag any

	rest     []boneTRS                // each bone's rest transform split, for animation
	absolute []mgl32.Mat4             // Draw's bone transforms, reused
	textures []*Texture2D             // owned, disposed by Dispose
	buffers  []interface{ Dispose() } // owned vertex and index buffers and alpha-test effects
	skin     modelSkinning            // DrawPose's GPU skinning
}

// CopyAbsoluteBoneTransformsTo writes each bone's transform relative to
// the model (its own times its parents') into dst, by bone index. dst
// must hold at least len(Bones) matrices.
func (m *Model) CopyAbsoluteBoneTransformsTo(dst []mgl32.Mat4) error {
	if len(dst) < len(m.Bones) {
		return fmt.Errorf("graphics: copy absolute bone transforms: %d matrices for %d bones: pass len(model.Bones) or more: %w", len(dst), len(m.Bones), ErrOutOfRange)
	}
	for i, b := range m.Bones {
		if b.Parent == nil {
			dst[i] = b.Transform
		} else {
			dst[i] = dst[b.Parent.Index].Mul4(b.Transform)
		}
	}
	return nil
}

// CopyBoneTransformsTo writes each bone's Transform (relative to its
// parent) into dst, by bone index.
func (m *Model) CopyBoneTransformsTo(dst []mgl32.Mat4) error {
	if len(dst) < len(m.Bones) {
		return fmt.Errorf("graphics: copy bone transforms: %d matrices for %d bones: %w", len(dst), len(m.Bones), ErrOutOfRange)
	}
	for i, b := range m.Bones {
		dst[i] = b.Transform
	}
	return nil
}

// CopyBoneTransformsFrom sets each bone's Transform from src, by bone
// index.
func (m *Model) CopyBoneTransformsFrom(src []mgl32.Mat4) error {
	if len(src) < len(m.Bones) {
		return fmt.Errorf("graphics: copy bone transforms from: %d matrices for %d bones: %w", len(src), len(m.Bones), ErrOutOfRange)
	}
	for i, b := range m.Bones {
		b.Transform = src[i]
	}
	return nil
}

// Draw draws the model placed by world (XNA's Model.Draw): each mesh's
// effects get world times the mesh bone's absolute transform, view and
// projection, and each mesh is drawn. With m.Player set it draws the
// player's pose (DrawPose). It allocates nothing.
func (m *Model) Draw(world, view, projection mgl32.Mat4) error {
	if m.Player != nil {
		return m.DrawPose(m.Player, world, view, projection)
	}
	if len(m.absolute) < len(m.Bones) {
		m.absolute = make([]mgl32.Mat4, len(m.Bones))
	}
	if err := m.CopyAbsoluteBoneTransformsTo(m.absolute); err != nil {
		return err
	}
	for _, mesh := range m.Meshes {
		w := world.Mul4(m.absolute[mesh.ParentBone.Index])
		for _, e := range mesh.Effects {
			e.World, e.View, e.Projection = w, view, projection
		}
		if err := mesh.Draw(); err != nil {
			return err
		}
	}
	return nil
}

// BoundingSphere returns a sphere enclosing the whole model in its own
// space (each mesh's sphere placed by its bone's absolute transform), as
// a camera framing the model needs. A model without meshes gives a zero
// sphere.
func (m *Model) BoundingSphere() BoundingSphere {
	abs := make([]mgl32.Mat4, len(m.Bones))
	_ = m.CopyAbsoluteBoneTransformsTo(abs)
	var s BoundingSphere
	for i, mesh := range m.Meshes {
		t := mesh.BoundingSphere.Transform(abs[mesh.ParentBone.Index])
		if i == 0 {
			s = t
		} else {
			s = MergeBoundingSpheres(s, t)
		}
	}
	return s
}

// Dispose releases the model's buffers and textures once the frames using
// them have run.
func (m *Model) Dispose() {
	for _, b := range m.buffers {
		b.Dispose()
	}
	for _, t := range m.textures {
		t.Dispose()
	}
	m.buffers, m.textures = nil, nil
}

// applyStates sets the part's blend, rasterizer and sampler states on d
// and applies its effect (its AlphaTestEffect, placed as the part's
// BasicEffect, when it has one).
func (p *ModelMeshPart) applyStates(d *Device) error {
	d.SetBlendState(p.BlendState)
	d.SetRasterizerState(p.RasterizerState)
	d.SetSamplerState(p.SamplerState)
	if a := p.AlphaTest; a != nil {
		a.World, a.View, a.Projection = p.Effect.World, p.Effect.View, p.Effect.Projection
		a.Apply()
	} else {
		p.Effect.Apply()
	}
	return nil
}
