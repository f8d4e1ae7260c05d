package graphics

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"time"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// partAnim is what a part keeps for animation beyond its public fields:
// its morph targets' position and normal offsets, how many vertices
// lost influences beyond four on load, and its vertices for DrawPose.
type partAnim struct {
	dPos, dNor [][][3]float32 // per target; a nil entry: the target moves no positions (normals)
	dropped    int            // vertices whose fifth-and-later influences were dropped
	pose       *posePart      // the vertices kept for DrawPose
}

// partAnimation reads what a primitive has for animation beyond JOINTS_0
// and WEIGHTS_0: its morph targets, and JOINTS_1 / WEIGHTS_1, whose
// influences are merged with the first set keeping the four largest
// (rule K6). n is the primitive's vertex count.
func (l *modelLoader) partAnimation(p *gltf.Primitive, part *ModelMeshPart, n int) error {
	if err := l.extraInfluences(p, part, n); err != nil {
		return err
	}
	if len(p.Targets) == 0 {
		return nil
	}
	if len(p.Targets) > maxMorphTargets {
		return bad("%d morph targets: at most %d are read", len(p.Targets), maxMorphTargets)
	}
	a := part.anim
	if a == nil {
		a = &partAnim{}
		part.anim = a
	}
	part.MorphTargets = len(p.Targets)
	a.dPos = make([][][3]float32, len(p.Targets))
	a.dNor = make([][][3]float32, len(p.Targets))
	for t, target := range p.Targets {
		for attr, dst := range map[string]*[][3]float32{gltf.POSITION: &a.dPos[t], gltf.NORMAL: &a.dNor[t]} {
			i, ok := target[attr]
			if !ok {
				continue
			}
			what := fmt.Sprintf("morph target %d %s", t, attr)
			acc, err := l.accessor(i, what)
			if err != nil {
				return err
			}
			if acc.Count != n || acc.Type != gltf.AccessorVec3 {
				return bad("%s: accessor %d has %d %s elements, the primitive has %d vertices (VEC3)", what, i, acc.Count, acc.Type, n)
			}
			v, err := l.floats(acc, what)
			if err != nil {
				return err
			}
			*dst = slices.Clip(unsafeVec3s(v))
		}
	}
	return nil
}

// maxMorphTargets bounds a primitive's morph targets.
const maxMorphTargets = 64

// unsafeVec3s regroups floats three by three.
func unsafeVec3s(v []float32) [][3]float32 {
	out := make([][3]float32, len(v)/3)
	for i := range out {
		out[i] = [3]float32{v[3*i], v[3*i+1], v[3*i+2]}
	}
	return out
}

// extraInfluences merges JOINTS_1 / WEIGHTS_1 into the part's four
// influences: the four largest weights of the eight are kept.
func (l *modelLoader) extraInfluences(p *gltf.Primitive, part *ModelMeshPart, n int) error {
	ji, jok := p.Attributes["JOINTS_1"]
	wi, wok := p.Attributes["WEIGHTS_1"]
	if !jok || !wok || part.Joints == nil || part.Weights == nil {
		return nil
	}
	ja, err := l.accessor(ji, "JOINTS_1")
	if err != nil {
		return err
	}
	wa, err := l.accessor(wi, "WEIGHTS_1")
	if err != nil {
		return err
	}
	if ja.Count != n || wa.Count != n {
		return bad("JOINTS_1 / WEIGHTS_1: accessors %d and %d have %d and %d elements, POSITION has %d", ji, wi, ja.Count, wa.Count, n)
	}
	joints, err := modeler.ReadJoints(l.doc, ja, nil)
	if err != nil {
		return bad("JOINTS_1: %v", err)
	}
	weights, err := modeler.ReadWeights(l.doc, wa, nil)
	if err != nil {
		return bad("WEIGHTS_1: %v", err)
	}
	dropped := 0
	for v := range n {
		if weights[v] == ([4]float32{}) {
			continue
		}
		type inf struct {
			j uint16
			w float32
		}
		var all [8]inf
		for k := range 4 {
			all[k] = inf{part.Joints[v][k], part.Weights[v][k]}
			all[4+k] = inf{joints[v][k], weights[v][k]}
		}
		sort.SliceStable(all[:], func(a, b int) bool { return all[a].w > all[b].w })
		if all[4].w > 0 {
			dropped++
		}
		for k := range 4 {
			part.Joints[v][k], part.Weights[v][k] = all[k].j, all[k].w
		}
	}
	if dropped > 0 {
		if part.anim == nil {
			part.anim = &partAnim{}
		}
		part.anim.dropped = dropped
	}
	return nil
}

// floats reads a float or normalized-integer accessor as flat floats.
func (l *modelLoader) floats(a *gltf.Accessor, what string) ([]float32, error) {
	data, err := modeler.ReadAccessor(l.doc, a, nil)
	if err != nil {
		return nil, bad("%s: %v", what, err)
	}
	var out []float32
	switch d := data.(type) {
	case []float32:
		out = d
	case [][2]float32:
		out = flat[float32](d, 2)
	case [][3]float32:
		out = flat[float32](d, 3)
	case [][4]float32:
		out = flat[float32](d, 4)
	case [][16]float32:
		out = flat[float32](d, 16)
	case [][4][4]float32:
		out = make([]float32, 0, 16*len(d))
		for _, m := range d {
			for _, c := range m {
				out = append(out, c[:]...)
			}
		}
	case []int8:
		out = conv(d, gltf.DenormalizeByte)
	case []uint8:
		out = conv(d, gltf.DenormalizeUbyte)
	case []int16:
		out = conv(d, gltf.DenormalizeShort)
	case []uint16:
		out = conv(d, gltf.DenormalizeUshort)
	case [][4]int8:
		out = conv(flat[int8](d, 4), gltf.DenormalizeByte)
	case [][4]uint8:
		out = conv(flat[uint8](d, 4), gltf.DenormalizeUbyte)
	case [][4]int16:
		out = conv(flat[int16](d, 4), gltf.DenormalizeShort)
	case [][4]uint16:
		out = conv(flat[uint16](d, 4), gltf.DenormalizeUshort)
	default:
		return nil, bad("%s: %s of component type %s is not a float or normalized type this loader reads", what, a.Type, a.ComponentType)
	}
	for i, v := range out {
		if math.IsNaN(float64(v)) || math.IsInf(float64(v), 0) {
			return nil, bad("%s: value %d is %v: values must be finite", what, i, v)
		}
	}
	return out, nil
}

// flat returns a copy of s's elements, n components each, as one slice
// of their components.
func flat[E any, A any](s []A, n int) []E {
	if len(s) == 0 {
		return nil
	}
	return slices.Clone(unsafe.Slice((*E)(unsafe.Pointer(&s[0])), len(s)*n))
}

func conv[E int8 | uint8 | int16 | uint16](s []E, f func(E) float32) []float32 {
	out := make([]float32, len(s))
	for i, v := range s {
		out[i] = f(v)
	}
	return out
}

// buildAnimation reads the file's skins and animations into the model
// and gives each mesh its skin and default morph weights (rule K1),
// refusing malformed ones (rule K6). The bones exist already.
func (l *modelLoader) buildAnimation() error {
	m, d := l.model, l.doc
	nodeBone := make([]*ModelBone, len(d.Nodes))
	m.rest = make([]boneTRS, len(m.Bones))
	for i, b := range m.Bones {
		m.rest[i] = boneTRS{r: [4]float32{0, 0, 0, 1}, s: [3]float32{1, 1, 1}}
		if b.Node < 0 {
			continue
		}
		nodeBone[b.Node] = b
		m.rest[i] = restOf(d.Nodes[b.Node])
	}
	if err := l.skins(nodeBone); err != nil {
		return err
	}
	if err := l.meshAnimation(); err != nil {
		return err
	}
	return l.animations(nodeBone)
}

// restOf returns a node's rest transform split into translation,
// rotation and scale (a node given by matrix is decomposed).
func restOf(n *gltf.Node) boneTRS {
	if n.MatrixOrDefault() != gltf.DefaultMatrix {
		return decompose(nodeTransform(n))
	}
	t, r, s := n.TranslationOrDefault(), n.RotationOrDefault(), n.ScaleOrDefault()
	p := boneTRS{
		t: [3]float32{float32(t[0]), float32(t[1]), float32(t[2])},
		r: [4]float32{float32(r[0]), float32(r[1]), float32(r[2]), float32(r[3])},
		s: [3]float32{float32(s[0]), float32(s[1]), float32(s[2])},
	}
	normalizeQuat(p.r[:])
	return p
}

// skins reads the file's skins.
func (l *modelLoader) skins(nodeBone []*ModelBone) error {
	for i, s := range l.doc.Skins {
		if s == nil {
			return bad("skin %d is null", i)
		}
		what := fmt.Sprintf("skin %d (%q)", i, s.Name)
		if len(s.Joints) == 0 {
			return bad("%s has no joints: a skin lists at least one", what)
		}
		skin := &Skin{Name: s.Name, Joints: make([]*ModelBone, len(s.Joints)), index: i}
		for j, n := range s.Joints {
			if n < 0 || n >= len(nodeBone) {
				return bad("%s: joint %d is node %d, not a node (the file has %d)", what, j, n, len(nodeBone))
			}
			if nodeBone[n] == nil {
				return bad("%s: joint %d is node %d, which the scene does not reach", what, j, n)
			}
			skin.Joints[j] = nodeBone[n]
		}
		if s.Skeleton != nil {
			n := *s.Skeleton
			if n < 0 || n >= len(nodeBone) {
				return bad("%s: skeleton %d is not a node (the file has %d)", what, n, len(nodeBone))
			}
			skin.Skeleton = nodeBone[n]
		}
		skin.InverseBindMatrices = make([]mgl32.Mat4, len(s.Joints))
		if s.InverseBindMatrices == nil {
			for j := range skin.InverseBindMatrices {
				skin.InverseBindMatrices[j] = mgl32.Ident4()
			}
		} else {
			ai := *s.InverseBindMatrices
			w := what + " inverseBindMatrices"
			a, err := l.accessor(ai, w)
			if err != nil {
				return err
			}
			if a.Type != gltf.AccessorMat4 || a.ComponentType != gltf.ComponentFloat {
				return bad("%s: accessor %d is %s of %s, want MAT4 of FLOAT", w, ai, a.Type, a.ComponentType)
			}
			if a.Count != len(s.Joints) {
				return bad("%s: accessor %d has %d matrices for %d joints: give one per joint", w, ai, a.Count, len(s.Joints))
			}
			v, err := l.floats(a, w)
			if err != nil {
				return err
			}
			for j := range skin.InverseBindMatrices {
				copy(skin.InverseBindMatrices[j][:], v[16*j:16*j+16])
			}
		}
		l.model.Skins = append(l.model.Skins, skin)
	}
	return nil
}

// meshAnimation gives each mesh its skin and its default morph weights,
// checks the skinned parts' joints and renormalizes their weights.
func (l *modelLoader) meshAnimation() error {
	m, d := l.model, l.doc
	checked := map[*ModelMeshPart]bool{}
	for mi, mesh := range m.Meshes {
		node := d.Nodes[mesh.ParentBone.Node]
		what := fmt.Sprintf("node %d (%q) mesh %d", mesh.ParentBone.Node, node.Name, *node.Mesh)
		if node.Skin != nil {
			si := *node.Skin
			if si < 0 || si >= len(m.Skins) {
				return bad("%s: skin %d is not a skin (the file has %d)", what, si, len(m.Skins))
			}
			mesh.Skin = m.Skins[si]
			for pi, p := range mesh.MeshParts {
				if err := l.checkInfluences(p, mesh.Skin, fmt.Sprintf("%s part %d", what, pi), checked); err != nil {
					return err
				}
			}
		}
		targets := 0
		for pi, p := range mesh.MeshParts {
			if pi > 0 && p.MorphTargets != targets {
				return bad("%s: part %d has %d morph targets, part 0 has %d: glTF gives every primitive of a mesh the same count", what, pi, p.MorphTargets, targets)
			}
			targets = p.MorphTargets
		}
		if targets == 0 {
			continue
		}
		defaults := d.Meshes[*node.Mesh].Weights
		src := "mesh"
		if node.Weights != nil {
			defaults, src = node.Weights, "node"
		}
		mesh.MorphWeights = make([]float32, targets)
		if defaults != nil {
			if len(defaults) != targets {
				return bad("%s: the %s's weights has %d entries for %d morph targets", what, src, len(defaults), targets)
			}
			for i, w := range defaults {
				mesh.MorphWeights[i] = float32(w)
			}
		}
		_ = mi
	}
	return nil
}

// checkInfluences checks a skinned part's joint indices against its skin
// and renormalizes weights that do not sum to 1 (noted once per part).
func (l *modelLoader) checkInfluences(p *ModelMeshPart, s *Skin, what string, checked map[*ModelMeshPart]bool) error {
	if p.Joints == nil || p.Weights == nil {
		return nil
	}
	renorm := 0
	for v := range p.Joints {
		sum := float32(0)
		for k := range 4 {
			w := p.Weights[v][k]
			if math.IsNaN(float64(w)) || w < 0 {
				return bad("%s: vertex %d: weight %d is %v: weights are finite and at least 0", what, v, k, w)
			}
			if int(p.Joints[v][k]) >= len(s.Joints) {
				if w != 0 {
					return bad("%s: vertex %d: joint %d is %d, outside skin %q's %d joints", what, v, k, p.Joints[v][k], s.Name, len(s.Joints))
				}
				p.Joints[v][k] = 0 // weighs nothing: any joint in range will do
			}
			sum += w
		}
		if checked[p] {
			continue
		}
		if sum == 0 {
			p.Weights[v] = [4]float32{1, 0, 0, 0}
			renorm++
		} else if d := sum - 1; d > 2e-3 || d < -2e-3 {
			for k := range 4 {
				p.Weights[v][k] /= sum
			}
			renorm++
		}
	}
	if checked[p] {
		return nil
	}
	checked[p] = true
	if renorm > 0 {
		l.model.Warnings = append(l.model.Warnings, fmt.Sprintf("%s: %d vertices' weights did not sum to 1 and were renormalized", what, renorm))
	}
	if p.anim != nil && p.anim.dropped > 0 {
		l.model.Warnings = append(l.model.Warnings, fmt.Sprintf("%s: %d vertices had more than four influences; the four largest were kept", what, p.anim.dropped))
	}
	return nil
}

// animations reads the file's animations.
func (l *modelLoader) animations(nodeBone []*ModelBone) error {
	for ai, a := range l.doc.Animations {
		if a == nil {
			return bad("animation %d is null", ai)
		}
		clip := &AnimationClip{Name: a.Name}
		for ci, c := range a.Channels {
			what := fmt.Sprintf("animation %d (%q) channel %d", ai, a.Name, ci)
			ch, err := l.channel(a, c, nodeBone, what)
			if err != nil {
				return err
			}
			if ch == nil {
				continue
			}
			clip.Channels = append(clip.Channels, ch)
			end := time.Duration(math.Round(float64(ch.Times[len(ch.Times)-1]) * 1e9))
			clip.Duration = max(clip.Duration, end)
		}
		l.model.Animations = append(l.model.Animations, clip)
	}
	return nil
}

// channel reads one channel with its sampler; a channel without a target
// node, or whose node the scene does not reach, gives nil (glTF: such a
// channel is ignored).
func (l *modelLoader) channel(a *gltf.Animation, c *gltf.AnimationChannel, nodeBone []*ModelBone, what string) (*AnimationChannel, error) {
	if c == nil {
		return nil, bad("%s is null", what)
	}
	if c.Target.Node == nil {
		return nil, nil
	}
	n := *c.Target.Node
	if n < 0 || n >= len(nodeBone) {
		return nil, bad("%s: target node %d is not a node (the file has %d)", what, n, len(nodeBone))
	}
	if c.Sampler < 0 || c.Sampler >= len(a.Samplers) || a.Samplers[c.Sampler] == nil {
		return nil, bad("%s: sampler %d is not a sampler (the animation has %d)", what, c.Sampler, len(a.Samplers))
	}
	s := a.Samplers[c.Sampler]
	what = fmt.Sprintf("%s (sampler %d)", what, c.Sampler)
	ch := &AnimationChannel{Bone: nodeBone[n]}
	var elem gltf.AccessorType
	switch c.Target.Path {
	case gltf.TRSTranslation:
		ch.Path, ch.Width, elem = PathTranslation, 3, gltf.AccessorVec3
	case gltf.TRSRotation:
		ch.Path, ch.Width, elem = PathRotation, 4, gltf.AccessorVec4
	case gltf.TRSScale:
		ch.Path, ch.Width, elem = PathScale, 3, gltf.AccessorVec3
	case gltf.TRSWeights:
		ch.Path, elem = PathWeights, gltf.AccessorScalar
	default:
		return nil, bad("%s: target path %q is not translation, rotation, scale or weights", what, c.Target.Path)
	}
	switch s.Interpolation {
	case gltf.InterpolationLinear, gltf.InterpolationStep, gltf.InterpolationCubicSpline:
		ch.Interpolation = Interpolation(s.Interpolation)
	default:
		return nil, bad("%s: unknown interpolation %d", what, s.Interpolation)
	}
	if ch.Bone == nil {
		return nil, nil // a node of another scene
	}
	if ch.Path == PathWeights {
		for mi, mesh := range l.model.Meshes {
			if mesh.ParentBone == ch.Bone && len(mesh.MorphWeights) > 0 {
				if ch.Width != 0 && ch.Width != len(mesh.MorphWeights) {
					return nil, bad("%s: the node's meshes have %d and %d morph targets", what, ch.Width, len(mesh.MorphWeights))
				}
				ch.Width = len(mesh.MorphWeights)
				ch.meshes = append(ch.meshes, mi)
			}
		}
		if ch.Width == 0 {
			return nil, bad("%s: animates the weights of node %d, whose mesh has no morph targets", what, n)
		}
	}
	in, err := l.accessor(s.Input, what+" input")
	if err != nil {
		return nil, err
	}
	if in.Type != gltf.AccessorScalar || in.ComponentType != gltf.ComponentFloat || in.Count < 1 {
		return nil, bad("%s: input accessor %d is %d %s of %s, want at least one SCALAR FLOAT", what, s.Input, in.Count, in.Type, in.ComponentType)
	}
	if ch.Times, err = l.floats(in, what+" input"); err != nil {
		return nil, err
	}
	for k, t := range ch.Times {
		if t < 0 || (k > 0 && t <= ch.Times[k-1]) {
			return nil, bad("%s: input accessor %d: key %d at %v s: key times start at 0 or later and increase strictly", what, s.Input, k, t)
		}
	}
	out, err := l.accessor(s.Output, what+" output")
	if err != nil {
		return nil, err
	}
	want := len(ch.Times)
	if ch.Interpolation == InterpolationCubicSpline {
		want *= 3
	}
	per := 1 // accessor elements per key value
	if ch.Path == PathWeights {
		per = ch.Width
	}
	if out.Type != elem {
		return nil, bad("%s: output accessor %d is %s, a %s channel needs %s", what, s.Output, out.Type, ch.Path, elem)
	}
	if out.Count != want*per {
		return nil, bad("%s: output accessor %d has %d elements for %d keys: %s %s needs %d", what, s.Output, out.Count, len(ch.Times), ch.Interpolation, ch.Path, want*per)
	}
	if ch.Values, err = l.floats(out, what+" output"); err != nil {
		return nil, err
	}
	if len(ch.Values) != want*ch.Width {
		return nil, bad("%s: output accessor %d reads %d floats, want %d", what, s.Output, len(ch.Values), want*ch.Width)
	}
	return ch, nil
}
