package modeltest

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"
)

// Channel is one animation channel for Animate: a node's property with
// its own interpolation, key times (seconds) and values ([][3]float32
// for translation and scale, [][4]float32 for rotation, []float32 for
// weights; CUBICSPLINE: in-tangent, value, out-tangent per key).
type Channel struct {
	Node          int
	Path          gltf.TRSProperty
	Interpolation gltf.Interpolation
	Times         []float32
	Values        any
}

// Animate adds an animation of the channels to doc, one sampler each.
func Animate(doc *gltf.Document, name string, channels ...Channel) {
	a := &gltf.Animation{Name: name}
	for i, c := range channels {
		in := modeler.WriteAccessor(doc, gltf.TargetNone, c.Times)
		lo, hi := float64(c.Times[0]), float64(c.Times[len(c.Times)-1])
		doc.Accessors[in].Min, doc.Accessors[in].Max = []float64{lo}, []float64{hi}
		out := modeler.WriteAccessor(doc, gltf.TargetNone, c.Values)
		a.Samplers = append(a.Samplers, &gltf.AnimationSampler{Input: in, Output: out, Interpolation: c.Interpolation})
		a.Channels = append(a.Channels, &gltf.AnimationChannel{Sampler: i,
			Target: gltf.AnimationChannelTarget{Node: gltf.Index(c.Node), Path: c.Path}})
	}
	doc.Animations = append(doc.Animations, a)
}

// quatZ returns the rotation of deg degrees about axis (x, y, z, w).
func quat(axis mgl32.Vec3, deg float64) [4]float32 {
	q := mgl32.QuatRotate(float32(deg*math.Pi/180), axis.Normalize())
	return [4]float32{q.V[0], q.V[1], q.V[2], q.W}
}

// ibm returns the inverse of a translation by t, as glTF stores it.
func ibm(t mgl32.Vec3) [4][4]float32 {
	m := mgl32.Translate3D(-t[0], -t[1], -t[2])
	var out [4][4]float32
	for c := range 4 {
		for r := range 4 {
			out[c][r] = m[c*4+r]
		}
	}
	return out
}

// tube returns a tube of radius r along +Y from y0, rings+1 rings of
// segs vertices spaced step apart, wound counter-clockwise seen from
// outside, with outward normals.
func tube(r float32, y0, step float32, rings, segs int) (pos, nor [][3]float32, idx []uint16) {
	for i := 0; i <= rings; i++ {
		y := y0 + float32(i)*step
		for j := range segs {
			a := 2 * math.Pi * float64(j) / float64(segs)
			c, s := float32(math.Cos(a)), float32(math.Sin(a))
			pos = append(pos, [3]float32{r * c, y, r * s})
			nor = append(nor, [3]float32{c, 0, s})
		}
	}
	for i := range rings {
		for j := range segs {
			a := uint16(i*segs + j)
			b := uint16(i*segs + (j+1)%segs)
			c, d := a+uint16(segs), b+uint16(segs)
			idx = append(idx, a, c, b, b, c, d)
		}
	}
	return pos, nor, idx
}

// skinnedMesh writes a skinned primitive into doc as mesh 0 with
// material 0.
func skinnedMesh(doc *gltf.Document, name string, pos, nor [][3]float32, idx []uint16, joints [][4]uint16, weights [][4]float32) {
	p := &gltf.Primitive{Attributes: gltf.PrimitiveAttributes{
		gltf.POSITION:  modeler.WritePosition(doc, pos),
		gltf.NORMAL:    modeler.WriteNormal(doc, nor),
		gltf.JOINTS_0:  modeler.WriteJoints(doc, joints),
		gltf.WEIGHTS_0: modeler.WriteWeights(doc, weights),
	}, Indices: gltf.Index(modeler.WriteIndices(doc, idx)), Material: gltf.Index(0)}
	doc.Meshes = []*gltf.Mesh{{Name: name, Primitives: []*gltf.Primitive{p}}}
}

// BentCylinder is a tube of height 2 bound to two bones: "lower" at the
// origin and "upper" one unit up, its child, turned 30 degrees about Z
// at rest so the tube stands bent. The vertices below y = 0.75 follow
// the lower bone, those above 1.25 the upper, those between blend
// linearly. Its animation "bend" turns the upper bone from 30 to 90
// degrees and back over 2 s (LINEAR) and the lower one a quarter turn
// about Y (LINEAR).
func BentCylinder() (*gltf.Document, error) {
	doc := gltf.NewDocument()
	doc.Materials = []*gltf.Material{material("skin", [4]float64{0.85, 0.6, 0.3, 1})}
	pos, nor, idx := tube(0.25, 0, 0.25, 8, 12)
	joints := make([][4]uint16, len(pos))
	weights := make([][4]float32, len(pos))
	for i, p := range pos {
		w := min(max((p[1]-0.75)/0.5, 0), 1) // the upper bone's share
		joints[i] = [4]uint16{0, 1, 0, 0}
		weights[i] = [4]float32{1 - w, w, 0, 0}
	}
	skinnedMesh(doc, "tube", pos, nor, idx, joints, weights)
	doc.Nodes = []*gltf.Node{
		{Name: "tube", Mesh: gltf.Index(0), Skin: gltf.Index(0)},
		{Name: "lower", Children: []int{2}},
		{Name: "upper", Translation: [3]float64{0, 1, 0}, Rotation: f64(quat(mgl32.Vec3{0, 0, 1}, 30))},
	}
	doc.Skins = []*gltf.Skin{{Name: "tube", Joints: []int{1, 2}, Skeleton: gltf.Index(1),
		InverseBindMatrices: gltf.Index(modeler.WriteInverseBindMatrices(doc, [][4][4]float32{ibm(mgl32.Vec3{}), ibm(mgl32.Vec3{0, 1, 0})}))}}
	doc.Scenes[0].Nodes = []int{0, 1}
	z := mgl32.Vec3{0, 0, 1}
	Animate(doc, "bend",
		Channel{Node: 2, Path: gltf.TRSRotation, Times: []float32{0, 1, 2},
			Values: [][4]float32{quat(z, 30), quat(z, 90), quat(z, 30)}},
		Channel{Node: 1, Path: gltf.TRSRotation, Times: []float32{0, 2},
			Values: [][4]float32{quat(mgl32.Vec3{0, 1, 0}, 0), quat(mgl32.Vec3{0, 1, 0}, 90)}})
	return doc, nil
}

func f64(q [4]float32) [4]float64 {
	return [4]float64{float64(q[0]), float64(q[1]), float64(q[2]), float64(q[3])}
}

// Chain is three joints in a chain ("j0" at the origin, "j1" and "j2"
// each one unit up its parent) skinning a tube of height 3 (each unit
// of it rigid to its joint). Its first animation, "mixed", drives j1
// with three channels of three modes: translation LINEAR with keys at
// 0.5 and 1.5 s (so it holds before its first key), rotation STEP at
// 0, 0.5, 1 and 1.5 s, scale CUBICSPLINE at 0, 1 and 2 s with non-zero
// tangents; and j2's rotation CUBICSPLINE. Its second, "sway", turns j0
// about Z (LINEAR, 0 to 1 s).
func Chain() (*gltf.Document, error) {
	doc := gltf.NewDocument()
	doc.Materials = []*gltf.Material{material("chain", [4]float64{0.3, 0.6, 0.9, 1})}
	pos, nor, idx := tube(0.2, 0, 0.5, 6, 10)
	joints := make([][4]uint16, len(pos))
	weights := make([][4]float32, len(pos))
	for i, p := range pos {
		j := min(int(p[1]+0.001), 2)
		joints[i] = [4]uint16{uint16(j), 0, 0, 0}
		weights[i] = [4]float32{1, 0, 0, 0}
	}
	skinnedMesh(doc, "chain", pos, nor, idx, joints, weights)
	doc.Nodes = []*gltf.Node{
		{Name: "chain", Mesh: gltf.Index(0), Skin: gltf.Index(0)},
		{Name: "j0", Children: []int{2}},
		{Name: "j1", Translation: [3]float64{0, 1, 0}, Children: []int{3}},
		{Name: "j2", Translation: [3]float64{0, 1, 0}},
	}
	doc.Skins = []*gltf.Skin{{Name: "chain", Joints: []int{1, 2, 3},
		InverseBindMatrices: gltf.Index(modeler.WriteInverseBindMatrices(doc, [][4][4]float32{
			ibm(mgl32.Vec3{}), ibm(mgl32.Vec3{0, 1, 0}), ibm(mgl32.Vec3{0, 2, 0})}))}}
	doc.Scenes[0].Nodes = []int{0, 1}
	z, x := mgl32.Vec3{0, 0, 1}, mgl32.Vec3{1, 0, 0}
	Animate(doc, "mixed",
		Channel{Node: 2, Path: gltf.TRSTranslation, Interpolation: gltf.InterpolationLinear,
			Times: []float32{0.5, 1.5}, Values: [][3]float32{{0, 1, 0}, {0.5, 1.2, 0}}},
		Channel{Node: 2, Path: gltf.TRSRotation, Interpolation: gltf.InterpolationStep,
			Times:  []float32{0, 0.5, 1, 1.5},
			Values: [][4]float32{quat(z, 0), quat(z, 20), quat(z, 40), quat(z, -20)}},
		Channel{Node: 2, Path: gltf.TRSScale, Interpolation: gltf.InterpolationCubicSpline,
			Times: []float32{0, 1, 2},
			Values: [][3]float32{
				{0, 0, 0}, {1, 1, 1}, {0.5, 1, 0.5},
				{-0.5, 0, 0.5}, {1.4, 1, 1.4}, {0, 0, 0},
				{0.3, 0.3, 0.3}, {1, 1, 1}, {0, 0, 0},
			}},
		Channel{Node: 3, Path: gltf.TRSRotation, Interpolation: gltf.InterpolationCubicSpline,
			Times: []float32{0, 2},
			Values: [][4]float32{
				{0, 0, 0, 0}, quat(x, 0), {0.2, 0, 0, 0},
				{0.1, 0, 0.1, 0}, quat(x, 70), {0, 0, 0, 0},
			}})
	Animate(doc, "sway", Channel{Node: 1, Path: gltf.TRSRotation, Times: []float32{0, 1},
		Values: [][4]float32{quat(z, -15), quat(z, 15)}})
	return doc, nil
}

// MorphCube is the box with two morph targets: target 0 lifts the top
// face by 0.5, target 1 widens the box by 0.5 along X. Default weights
// (the mesh's) are 0.25 and 0; its animation "morph" runs the weights
// (0, 0) -> (1, 0) -> (0, 1) over 2 s (LINEAR).
func MorphCube() (*gltf.Document, error) {
	doc := gltf.NewDocument()
	doc.Materials = []*gltf.Material{material("morph", [4]float64{0.6, 0.3, 0.8, 1})}
	p, err := boxPrimitive(doc, false, gltf.Index(0))
	if err != nil {
		return nil, err
	}
	pos, _, _, _ := box()
	up := make([][3]float32, len(pos))
	wide := make([][3]float32, len(pos))
	for i, v := range pos {
		if v[1] > 0 {
			up[i] = [3]float32{0, 0.5, 0}
		}
		wide[i] = [3]float32{v[0], 0, 0} // x is ±0.5
	}
	p.Targets = []gltf.PrimitiveAttributes{
		{gltf.POSITION: modeler.WritePosition(doc, up)},
		{gltf.POSITION: modeler.WritePosition(doc, wide)},
	}
	doc.Meshes = []*gltf.Mesh{{Name: "morph", Primitives: []*gltf.Primitive{p}, Weights: []float64{0.25, 0}}}
	doc.Nodes = []*gltf.Node{{Name: "morph", Mesh: gltf.Index(0)}}
	doc.Scenes[0].Nodes = []int{0}
	Animate(doc, "morph", Channel{Node: 0, Path: gltf.TRSWeights, Times: []float32{0, 1, 2},
		Values: []float32{0, 0, 1, 0, 0, 1}})
	return doc, nil
}

// LongSkin is a thin tube of n joints in a chain, each 0.1 up its
// parent, every ring of the tube bound to one joint and its neighbour
// (weights 0.75 and 0.25): a skin beyond SkinnedEffect's 72 bones when n
// is 100. Its animation "curl" turns every joint about Z by 0, 3 and -3
// degrees at 0, 1 and 2 s (LINEAR), curling the tube.
func LongSkin(n int) (*gltf.Document, error) {
	if n < 2 || n > 1000 {
		return nil, fmt.Errorf("modeltest: LongSkin(%d): want 2..1000 joints", n)
	}
	doc := gltf.NewDocument()
	doc.Materials = []*gltf.Material{material("long", [4]float64{0.4, 0.8, 0.4, 1})}
	pos, nor, idx := tube(0.05, 0, 0.1, n-1, 6)
	joints := make([][4]uint16, len(pos))
	weights := make([][4]float32, len(pos))
	for i := range pos {
		ring := i / 6
		next := min(ring+1, n-1)
		joints[i] = [4]uint16{uint16(ring), uint16(next), 0, 0}
		weights[i] = [4]float32{0.75, 0.25, 0, 0}
	}
	skinnedMesh(doc, "long", pos, nor, idx, joints, weights)
	doc.Nodes = []*gltf.Node{{Name: "long", Mesh: gltf.Index(0), Skin: gltf.Index(0)}}
	skin := &gltf.Skin{Name: "long"}
	ibms := make([][4][4]float32, n)
	z := mgl32.Vec3{0, 0, 1}
	var chans []Channel
	for j := range n {
		node := &gltf.Node{Name: fmt.Sprintf("j%d", j)}
		if j > 0 {
			node.Translation = [3]float64{0, 0.1, 0}
		}
		if j+1 < n {
			node.Children = []int{len(doc.Nodes) + 1}
		}
		skin.Joints = append(skin.Joints, len(doc.Nodes))
		ibms[j] = ibm(mgl32.Vec3{0, 0.1 * float32(j), 0})
		chans = append(chans, Channel{Node: len(doc.Nodes), Path: gltf.TRSRotation, Times: []float32{0, 1, 2},
			Values: [][4]float32{quat(z, 0), quat(z, 3), quat(z, -3)}})
		doc.Nodes = append(doc.Nodes, node)
	}
	skin.InverseBindMatrices = gltf.Index(modeler.WriteInverseBindMatrices(doc, ibms))
	doc.Skins = []*gltf.Skin{skin}
	doc.Scenes[0].Nodes = []int{0, 1}
	Animate(doc, "curl", chans...)
	return doc, nil
}

// AnimatedModels names the skinned and morphing models scripts/genmodels
// commits (as NAME.glb in engine/graphics/testdata/animated), with their
// generators.
var AnimatedModels = []struct {
	Name string
	Make func() (*gltf.Document, error)
}{
	{"cylinder", BentCylinder},
	{"chain", Chain},
	{"morphcube", MorphCube},
	{"longskin", func() (*gltf.Document, error) { return LongSkin(100) }},
}
