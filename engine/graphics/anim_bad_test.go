package graphics_test

import (
	"bytes"
	"encoding/binary"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"
	"time"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/qmuntal/gltf"
	"github.com/qmuntal/gltf/modeler"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

// chainDoc returns the chain model's document to edit.
func chainDoc(t testing.TB) *gltf.Document {
	t.Helper()
	doc, err := modeltest.Chain()
	must(t, err)
	return doc
}

// accessorBytes returns the bytes of accessor i (tightly packed).
func accessorBytes(doc *gltf.Document, i int) []byte {
	a := doc.Accessors[i]
	bv := doc.BufferViews[*a.BufferView]
	start := bv.ByteOffset + a.ByteOffset
	return doc.Buffers[bv.Buffer].Data[start : start+a.Count*gltf.SizeOfElement(a.ComponentType, a.Type)]
}

func TestK6_BadSkinsAndAnimationsAreClearErrors(t *testing.T) {
	rot := func(n int) [][4]float32 {
		out := make([][4]float32, n)
		for i := range out {
			out[i] = [4]float32{0, 0, 0, 1}
		}
		return out
	}
	cases := []struct {
		name string
		edit func(doc *gltf.Document)
		want string
	}{
		{"joint names no node", func(d *gltf.Document) { d.Skins[0].Joints[1] = 99 }, "skin 0 (\"chain\"): joint 1 is node 99, not a node"},
		{"inverse binds fewer than joints", func(d *gltf.Document) { d.Accessors[*d.Skins[0].InverseBindMatrices].Count = 2 }, "2 matrices for 3 joints"},
		{"inverse binds not MAT4", func(d *gltf.Document) {
			d.Skins[0].InverseBindMatrices = gltf.Index(modeler.WriteAccessor(d, gltf.TargetNone, [][4]float32{{1}, {1}, {1}}))
		}, "want MAT4 of FLOAT"},
		{"vertex joint outside the skin", func(d *gltf.Document) {
			d.Skins[0].Joints = d.Skins[0].Joints[:2]
			d.Skins[0].InverseBindMatrices = nil
		}, "outside skin \"chain\"'s 2 joints"},
		{"mesh node names no skin", func(d *gltf.Document) { d.Nodes[0].Skin = gltf.Index(3) }, "skin 3 is not a skin"},
		{"key times not increasing", func(d *gltf.Document) {
			modeltest.Animate(d, "bad", modeltest.Channel{Node: 2, Path: gltf.TRSRotation, Interpolation: gltf.InterpolationStep,
				Times: []float32{0, 1, 1}, Values: rot(3)})
		}, "animation 2 (\"bad\") channel 0 (sampler 0): input accessor"},
		{"negative key time", func(d *gltf.Document) {
			modeltest.Animate(d, "bad", modeltest.Channel{Node: 2, Path: gltf.TRSRotation, Times: []float32{-1, 1}, Values: rot(2)})
		}, "key 0 at -1 s"},
		{"key time NaN", func(d *gltf.Document) {
			modeltest.Animate(d, "bad", modeltest.Channel{Node: 2, Path: gltf.TRSRotation, Times: []float32{0, float32(math.NaN())}, Values: rot(2)})
			in := d.Accessors[len(d.Accessors)-2]
			in.Min, in.Max = nil, nil // JSON has no NaN
		}, "value 1 is NaN"},
		{"value NaN", func(d *gltf.Document) {
			v := rot(2)
			v[1][2] = float32(math.NaN())
			modeltest.Animate(d, "bad", modeltest.Channel{Node: 2, Path: gltf.TRSRotation, Times: []float32{0, 1}, Values: v})
		}, "output: value 6 is NaN"},
		{"CUBICSPLINE without tangents", func(d *gltf.Document) {
			modeltest.Animate(d, "bad", modeltest.Channel{Node: 2, Path: gltf.TRSRotation, Interpolation: gltf.InterpolationCubicSpline,
				Times: []float32{0, 1}, Values: rot(2)})
		}, "has 2 elements for 2 keys: CUBICSPLINE rotation needs 6"},
		{"output count differs from input", func(d *gltf.Document) {
			modeltest.Animate(d, "bad", modeltest.Channel{Node: 2, Path: gltf.TRSTranslation, Times: []float32{0, 1, 2}, Values: [][3]float32{{}, {}}})
		}, "has 2 elements for 3 keys: LINEAR translation needs 3"},
		{"rotation as VEC3", func(d *gltf.Document) {
			modeltest.Animate(d, "bad", modeltest.Channel{Node: 2, Path: gltf.TRSRotation, Times: []float32{0, 1}, Values: [][3]float32{{}, {}}})
		}, "a rotation channel needs VEC4"},
		{"weights of a node without targets", func(d *gltf.Document) {
			modeltest.Animate(d, "bad", modeltest.Channel{Node: 2, Path: gltf.TRSWeights, Times: []float32{0, 1}, Values: []float32{0, 1}})
		}, "whose mesh has no morph targets"},
		{"channel sampler out of range", func(d *gltf.Document) { d.Animations[0].Channels[1].Sampler = 9 }, "channel 1: sampler 9 is not a sampler"},
		{"channel node out of range", func(d *gltf.Document) { d.Animations[1].Channels[0].Target.Node = gltf.Index(40) }, "target node 40 is not a node"},
		{"unknown path", func(d *gltf.Document) { d.Animations[1].Channels[0].Target.Path = "pointer" }, "target path \"pointer\""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc := chainDoc(t)
			c.edit(doc)
			file := filepath.Join(t.TempDir(), "bad.glb")
			must(t, modeltest.Save(doc, file, ""))
			checkBad(t, file, c.want)
		})
	}
}

func TestK6_FixUpsAreReportedOnce(t *testing.T) {
	r := newRig(t)
	// Missing inverse bind matrices are identities, as glTF says.
	doc := chainDoc(t)
	doc.Skins[0].InverseBindMatrices = nil
	m := loadModel(t, r, saveModel(t, doc, nil, "noibm.glb", ""))
	for j, ibm := range m.Skins[0].InverseBindMatrices {
		if ibm != mgl32.Ident4() {
			t.Errorf("joint %d: inverse bind %v, want the identity", j, ibm)
		}
	}
	// Weights that do not sum to 1 are renormalized, reported once.
	doc = chainDoc(t)
	p := doc.Meshes[0].Primitives[0]
	w := accessorBytes(doc, p.Attributes[gltf.WEIGHTS_0])
	for i := 0; i < len(w); i += 4 {
		f := math.Float32frombits(binary.LittleEndian.Uint32(w[i:]))
		binary.LittleEndian.PutUint32(w[i:], math.Float32bits(f*0.5))
	}
	// A fifth, larger influence on every vertex: the smallest drops.
	n := doc.Accessors[p.Attributes[gltf.POSITION]].Count
	j1, w1 := make([][4]uint16, n), make([][4]float32, n)
	for i := range n {
		j1[i], w1[i] = [4]uint16{2, 1, 2, 1}, [4]float32{0.5, 0.1, 0.1, 0.1}
	}
	doc.Nodes = append(doc.Nodes, &gltf.Node{Name: "twin", Mesh: gltf.Index(0), Skin: gltf.Index(0)}) // the same mesh twice: one report
	doc.Scenes[0].Nodes = append(doc.Scenes[0].Nodes, len(doc.Nodes)-1)
	m = loadModel(t, r, saveModel(t, doc, nil, "weights.glb", ""))
	if len(m.Warnings) != 1 || !strings.Contains(m.Warnings[0], "renormalized") {
		t.Errorf("warnings %q, want one about renormalized weights", m.Warnings)
	}
	part := m.Meshes[0].MeshParts[0]
	if got := part.Weights[0]; got[0] != 1 {
		t.Errorf("vertex 0 weights %v, want (1 0 0 0) after renormalizing", got)
	}

	doc = chainDoc(t)
	p = doc.Meshes[0].Primitives[0]
	p.Attributes["JOINTS_1"] = modeler.WriteJoints(doc, j1)
	p.Attributes["WEIGHTS_1"] = modeler.WriteWeights(doc, w1)
	m = loadModel(t, r, saveModel(t, doc, nil, "eight.glb", ""))
	if len(m.Warnings) != 2 || !strings.Contains(m.Warnings[1], "70 vertices had more than four influences") {
		t.Errorf("warnings %q, want the weights (1.5 in all) renormalized and 70 vertices with more than four influences", m.Warnings)
	}
	part = m.Meshes[0].MeshParts[0]
	if got := part.Joints[0]; got[0] != 0 || got[1] != 2 {
		t.Errorf("vertex 0 joints %v weights %v: want joint 0 (1.0) then joint 2 (0.5) before renormalizing", got, part.Weights[0])
	}
}

// animatedSeeds returns the animated test models as GLB bytes.
func animatedSeeds(t testing.TB) map[string][]byte {
	out := map[string][]byte{}
	for name, make := range map[string]func() (*gltf.Document, error){
		"chain.glb": modeltest.Chain, "cylinder.glb": modeltest.BentCylinder, "morph.glb": modeltest.MorphCube,
	} {
		doc, err := make()
		must(t, err)
		file := filepath.Join(t.TempDir(), name)
		must(t, modeltest.Save(doc, file, ""))
		b, err := os.ReadFile(file)
		must(t, err)
		out[name] = b
	}
	return out
}

// playAll starts every clip of m and updates it at a few times: a loaded
// model, however odd, must pose without a panic.
func playAll(t testing.TB, m *graphics.Model) {
	p := graphics.NewAnimationPlayer(m)
	for _, c := range m.Animations {
		if err := p.StartClip(c); err != nil {
			t.Fatal(err)
		}
		for _, at := range []time.Duration{-time.Second, 0, 700 * time.Millisecond, time.Hour} {
			p.Update(at, false, mgl32.Ident4())
		}
		if err := p.CrossFade(c, time.Second); err != nil {
			t.Fatal(err)
		}
		p.Update(time.Second/3, true, mgl32.Ident4())
	}
}

// FuzzK6_AnimatedModelsNeverPanic: any bytes as a .glb load and play or
// fail with an error, never a panic; seeded with the skinned and morphing
// models.
func FuzzK6_AnimatedModelsNeverPanic(f *testing.F) {
	for _, b := range animatedSeeds(f) {
		f.Add(b)
	}
	r := newRig(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		if m, err := graphics.LoadModel(r.dev, fstest.MapFS{"fuzz.glb": {Data: b}}, "fuzz.glb"); err == nil {
			playAll(t, m)
			m.Dispose()
		}
	})
}

// TestK6_MutatedAnimatedFilesNeverPanic: 3,000 copies of the skinned and
// morphing models with a few bytes changed each load and play, or fail
// with an error, never a panic (a fixed seed).
func TestK6_MutatedAnimatedFilesNeverPanic(t *testing.T) {
	r := newRig(t)
	seeds := animatedSeeds(t)
	names := []string{"chain.glb", "cylinder.glb", "morph.glb"}
	rng := rand.New(rand.NewPCG(3, 4))
	loaded := 0
	for i := range 3000 {
		b := bytes.Clone(seeds[names[i%3]])
		for range 1 + rng.IntN(4) {
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		}
		m, err := graphics.LoadModel(r.dev, fstest.MapFS{"m.glb": {Data: b}}, "m.glb")
		if err == nil {
			loaded++
			playAll(t, m)
			m.Dispose()
		}
	}
	t.Logf("%d of 3000 mutated files still loaded and played; the rest were refused with errors", loaded)
}
