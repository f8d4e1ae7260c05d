package graphics

import (
	"fmt"
	"math"
	"slices"

	"github.com/go-gl/mathgl/mgl32"
)

// posePart is what a skinned or morphing part keeps to be drawn in a
// pose: its vertices as loaded, its index list, and scratch for the posed
// vertices (reused by every draw).
type posePart struct {
	pos, nor [][3]float32
	uv       [][2]float32
	col      []Color
	idx16    []uint16
	idx32    []uint32
	out      []VertexPositionNormalTexture
	outCol   []modelVertex
	// gpu holds the part's vertices with their joints and weights for
	// SkinnedEffect, made on the first GPU draw (nil before, or when
	// making it failed: gpuErr).
	gpu    *VertexBuffer
	gpuErr error
}

// modelSkinning is what a Model keeps for skinning on the GPU: one
// SkinnedEffect that every skinned part's draw applies (Apply snapshots
// its block, so one serves all), made on the first skinned draw; err is
// why it could not be (a backend without effects): the parts then skin on
// the CPU.
type modelSkinning struct {
	fx  *SkinnedEffect
	err error
}

// skinnedModelVertex is a part's vertex for SkinnedEffect (56 bytes).
type skinnedModelVertex struct {
	Position mgl32.Vec3
	Normal   mgl32.Vec3
	Texture  mgl32.Vec2
	Joints   [4]int16
	Weights  [4]float32
}

var declSkinnedModel = mustDeclaration(56,
	VertexElement{Offset: 0, Format: FormatVector3, Usage: UsagePosition},
	VertexElement{Offset: 12, Format: FormatVector3, Usage: UsageNormal},
	VertexElement{Offset: 24, Format: FormatVector2, Usage: UsageTextureCoordinate},
	VertexElement{Offset: 32, Format: FormatShort4, Usage: UsageBlendIndices},
	VertexElement{Offset: 40, Format: FormatVector4, Usage: UsageBlendWeight})

// VertexDeclaration returns the layout of the skinned part vertex.
func (skinnedModelVertex) VertexDeclaration() VertexDeclaration { return declSkinnedModel }

// VertexDeclaration returns the layout of the loader's coloured vertex.
func (modelVertex) VertexDeclaration() VertexDeclaration { return declModel }

// keepForPose keeps a skinned or morphing part's vertices and indices
// for DrawPose.
func keepForPose(part *ModelMeshPart, v *partVertices, idx []uint32) {
	if part.Joints == nil && part.MorphTargets == 0 {
		return
	}
	if part.anim == nil {
		part.anim = &partAnim{}
	}
	pp := &posePart{pos: v.pos, nor: v.nor, uv: v.uv, col: v.col}
	if len(v.pos) <= math.MaxUint16+1 {
		pp.idx16 = make([]uint16, len(idx))
		for i, x := range idx {
			pp.idx16[i] = uint16(x)
		}
	} else {
		pp.idx32 = idx
	}
	if v.col != nil {
		pp.outCol = make([]modelVertex, len(v.pos))
	} else {
		pp.out = make([]VertexPositionNormalTexture, len(v.pos))
	}
	part.anim.pose = pp
}

// DrawPose draws the model in player p's pose, placed by world (rule K4):
// a rigid mesh is placed by world times its bone's transform in
// p.WorldTransforms; a skinned mesh's vertices are moved by
// p.SkinTransforms of its skin, then placed by world (the mesh node's own
// transform is not applied, as glTF says); morph targets are blended with
// p.MorphWeights. The player's root transform is applied too: pass the
// identity as root to Update and place the model with world, or the
// reverse. A nil p draws the rest pose, as Draw does.
//
// Skinned parts are skinned on the GPU by a SkinnedEffect the model
// keeps, given the part's BasicEffect settings (lights, colours, fog,
// texture, PreferPerPixelLighting) and the skin's joint matrices, from a
// second vertex buffer holding the part's vertices with their joints and
// weights (made on the first such draw). These stay on the CPU: parts
// with morph targets (the blend of targets comes first and is not done
// on the GPU), parts with vertex colours or an AlphaTestEffect (which
// SkinnedEffect does not draw), skins of more than MaxBonesLarge joints,
// a backend that cannot run effects, and every part when CPUSkinning is
// set. On the CPU the posed vertices of each part are written into
// scratch the part owns and copied into the frame's vertex arena
// (DrawUserIndexedPrimitives). Either way many players may pose one
// model in one frame, and it allocates nothing in the steady state.
func (m *Model) DrawPose(p *AnimationPlayer, world, view, projection mgl32.Mat4) error {
	if p == nil {
		player := m.Player
		m.Player = nil
		defer func() { m.Player = player }()
		return m.Draw(world, view, projection)
	}
	if p.model != m {
		return fmt.Errorf("graphics: draw model pose: the player poses another model: make one with NewAnimationPlayer(model): %w", ErrInvalid)
	}
	for mi, mesh := range m.Meshes {
		w := world
		var skin []mgl32.Mat4
		if mesh.Skin != nil {
			skin = p.SkinTransforms(skinIndex(m, mesh.Skin))
		} else {
			w = world.Mul4(p.world[mesh.ParentBone.Index])
		}
		for _, e := range mesh.Effects {
			e.World, e.View, e.Projection = w, view, projection
		}
		if err := mesh.drawPosed(m, skin, p.MorphWeights(mi)); err != nil {
			return err
		}
	}
	return nil
}

// drawPosed draws the mesh's parts, posing those that keep their
// vertices: skinned by skin (nil: rigid) and morphed by weights, on the
// GPU where model's SkinnedEffect can.
func (m *ModelMesh) drawPosed(model *Model, skin []mgl32.Mat4, weights []float32) error {
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
		var pp *posePart
		if p.anim != nil {
			pp = p.anim.pose
		}
		posed := pp != nil && (skin != nil && p.Joints != nil || p.MorphTargets > 0 && len(weights) == p.MorphTargets)
		if posed && skin != nil && p.Joints != nil && model.gpuSkins(p, pp, len(skin)) {
			if err := p.drawSkinned(d, model.skin.fx, pp.gpu, skin); err != nil {
				return m.drawErr(i, err)
			}
			continue
		}
		if !posed {
			d.SetVertexBuffer(p.VertexBuffer)
			d.SetIndices(p.IndexBuffer)
		}
		if err := p.applyStates(d); err != nil {
			return m.drawErr(i, err)
		}
		var err error
		switch {
		case !posed:
			err = d.DrawIndexedPrimitives(p.PrimitiveType, p.VertexOffset, p.StartIndex, p.PrimitiveCount)
		default:
			if skin == nil || p.Joints == nil {
				skin = nil
			}
			pp.pose(p, skin, weights)
			err = pp.draw(d, p)
		}
		if err != nil {
			return m.drawErr(i, err)
		}
	}
	return nil
}

// gpuSkins reports whether part p (skinned, its kept vertices pp) is
// drawn by the GPU path with a skin of joints joints, making the
// SkinnedEffect and the part's vertex buffer the first time.
func (m *Model) gpuSkins(p *ModelMeshPart, pp *posePart, joints int) bool {
	if m.CPUSkinning || p.MorphTargets > 0 || p.AlphaTest != nil || pp.col != nil || p.Effect.VertexColorEnabled ||
		joints > MaxBonesLarge || pp.gpuErr != nil || m.skin.err != nil || p.Effect.dev == nil {
		return false
	}
	if m.skin.fx == nil {
		if _, ok := p.Effect.dev.backend.(EffectBackend); !ok {
			m.skin.err = ErrEffect
			return false
		}
		if m.skin.fx, m.skin.err = NewSkinnedEffect(p.Effect.dev); m.skin.err != nil {
			return false
		}
		m.buffers = append(m.buffers, m.skin.fx)
	}
	if pp.gpu == nil {
		if pp.gpu, pp.gpuErr = pp.skinnedBuffer(p); pp.gpuErr != nil {
			return false
		}
		m.buffers = append(m.buffers, pp.gpu)
	}
	return true
}

// skinnedBuffer makes the vertex buffer of a skinned part for the GPU
// path: its vertices as loaded with their joints and weights.
func (pp *posePart) skinnedBuffer(p *ModelMeshPart) (*VertexBuffer, error) {
	n := len(pp.pos)
	if len(p.Joints) != n || len(p.Weights) != n {
		return nil, fmt.Errorf("graphics: skinned part: %d joints and %d weights for %d vertices: %w", len(p.Joints), len(p.Weights), n, ErrInvalid)
	}
	vs := make([]skinnedModelVertex, n)
	for v := range vs {
		o := &vs[v]
		o.Position, o.Normal, o.Weights = pp.pos[v], pp.nor[v], p.Weights[v]
		if pp.uv != nil {
			o.Texture = pp.uv[v]
		}
		for k, j := range p.Joints[v] {
			o.Joints[k] = int16(min(j, MaxBonesLarge-1))
		}
	}
	vb, err := NewVertexBuffer(p.Effect.dev, declSkinnedModel, n)
	if err != nil {
		return nil, err
	}
	if err := SetVertexData(vb, 0, vs); err != nil {
		vb.Dispose()
		return nil, err
	}
	return vb, nil
}

// drawSkinned draws the part skinned by skin on the GPU: its states, then
// fx given the part's BasicEffect and the joint matrices, over vb.
func (p *ModelMeshPart) drawSkinned(d *Device, fx *SkinnedEffect, vb *VertexBuffer, skin []mgl32.Mat4) error {
	d.SetBlendState(p.BlendState)
	d.SetRasterizerState(p.RasterizerState)
	d.SetSamplerState(p.SamplerState)
	fx.apply(p.Effect, skin, len(skin) > MaxBones, 4, nil)
	d.SetVertexBuffer(vb)
	d.SetIndices(p.IndexBuffer)
	return d.DrawIndexedPrimitives(p.PrimitiveType, 0, p.StartIndex, p.PrimitiveCount)
}

// pose writes the part's vertices morphed by weights and skinned by skin
// (either may be nil) into the scratch.
func (pp *posePart) pose(p *ModelMeshPart, skin []mgl32.Mat4, weights []float32) {
	var a *partAnim
	if len(weights) == p.MorphTargets && p.MorphTargets > 0 {
		a = p.anim
	}
	for v := range pp.pos {
		pos, nor := mgl32.Vec3(pp.pos[v]), mgl32.Vec3(pp.nor[v])
		if a != nil {
			for t, w := range weights {
				if w == 0 {
					continue
				}
				if d := a.dPos[t]; d != nil {
					pos = pos.Add(mgl32.Vec3(d[v]).Mul(w))
				}
				if d := a.dNor[t]; d != nil {
					nor = nor.Add(mgl32.Vec3(d[v]).Mul(w))
				}
			}
		}
		if skin != nil {
			pos, nor = skinVertex(skin, p.Joints[v], p.Weights[v], pos, nor)
		}
		if l := nor.Len(); l > 0 {
			nor = nor.Mul(1 / l)
		}
		if pp.outCol != nil {
			o := &pp.outCol[v]
			o.Position, o.Normal, o.Color = pos, nor, pp.col[v]
			if pp.uv != nil {
				o.Texture = pp.uv[v]
			}
		} else {
			o := &pp.out[v]
			o.Position, o.Normal = pos, nor
			if pp.uv != nil {
				o.TextureCoordinate = pp.uv[v]
			}
		}
	}
}

// draw draws the posed vertices with the part's indices.
func (pp *posePart) draw(d *Device, p *ModelMeshPart) error {
	switch {
	case pp.outCol != nil && pp.idx16 != nil:
		return DrawUserIndexedPrimitives(d, p.PrimitiveType, pp.outCol, pp.idx16, p.StartIndex, p.PrimitiveCount)
	case pp.outCol != nil:
		return DrawUserIndexedPrimitives(d, p.PrimitiveType, pp.outCol, pp.idx32, p.StartIndex, p.PrimitiveCount)
	case pp.idx16 != nil:
		return DrawUserIndexedPrimitives(d, p.PrimitiveType, pp.out, pp.idx16, p.StartIndex, p.PrimitiveCount)
	}
	return DrawUserIndexedPrimitives(d, p.PrimitiveType, pp.out, pp.idx32, p.StartIndex, p.PrimitiveCount)
}

// skinVertex moves a position and a normal by the weighted sum of their
// joints' matrices (linear blend skinning): each joint's affine part
// applied to them, weighted, summed. Zero weights are skipped.
func skinVertex(skin []mgl32.Mat4, j [4]uint16, w [4]float32, pos, nor mgl32.Vec3) (mgl32.Vec3, mgl32.Vec3) {
	var p, n mgl32.Vec3
	for k := range 4 {
		wk := w[k]
		if wk == 0 {
			continue
		}
		m := &skin[j[k]]
		px, py, pz := pos[0], pos[1], pos[2]
		p[0] += wk * (m[0]*px + m[4]*py + m[8]*pz + m[12])
		p[1] += wk * (m[1]*px + m[5]*py + m[9]*pz + m[13])
		p[2] += wk * (m[2]*px + m[6]*py + m[10]*pz + m[14])
		nx, ny, nz := nor[0], nor[1], nor[2]
		n[0] += wk * (m[0]*nx + m[4]*ny + m[8]*nz)
		n[1] += wk * (m[1]*nx + m[5]*ny + m[9]*nz)
		n[2] += wk * (m[2]*nx + m[6]*ny + m[10]*nz)
	}
	return p, n
}

// skinIndex returns s's index in m.Skins (-1 when it is not there: a skin
// made by hand and not added).
func skinIndex(m *Model, s *Skin) int {
	if s.index >= 0 && s.index < len(m.Skins) && m.Skins[s.index] == s {
		return s.index
	}
	return slices.Index(m.Skins, s)
}
