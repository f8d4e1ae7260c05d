package vulkan

import (
	"math"
	"strings"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/shaders"
)

func TestSetObjectsRejectsBadInputAndKeepsTheLastGood(t *testing.T) {
	r := &Renderer{}
	good := []Object{{Position: [3]float32{1, 2, 3}, Scale: 0.5, Color: [3]float32{0, 1, 0}}}
	if err := r.SetObjects(good); err != nil {
		t.Fatal(err)
	}
	nan, inf := float32(math.NaN()), float32(math.Inf(1))
	cases := map[string]struct {
		objs []Object
		want string
	}{
		"too many":     {make([]Object, MaxObjects+1), "at most 8"},
		"NaN position": {[]Object{{Position: [3]float32{0, nan, 0}, Scale: 1}}, "not a finite number"},
		"Inf colour":   {[]Object{{Scale: 1}, {Scale: 1, Color: [3]float32{inf, 0, 0}}}, "object 1"},
		"NaN scale":    {[]Object{{Scale: nan}}, "not a finite number"},
		"negative":     {[]Object{{Scale: -0.1}}, "negative"},
	}
	for name, c := range cases {
		err := r.SetObjects(c.objs)
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "set objects: ") {
			t.Errorf("%s: error %v, want one naming the operation and %q", name, err, c.want)
		}
	}
	if r.Objects() != 1 || r.objects[0].PosScale != [4]float32{1, 2, 3, 0.5} || r.objects[0].Color != [4]float32{0, 1, 0, 1} {
		t.Errorf("a rejected call changed the objects: %d, %+v", r.Objects(), r.objects[0])
	}
	if err := r.SetObjects(make([]Object, MaxObjects)); err != nil {
		t.Errorf("MaxObjects objects: %v", err)
	}
	if err := (*Renderer)(nil).SetObjects(good); err == nil {
		t.Error("nil renderer accepted")
	}
}

func TestPackObjectsZeroesUnusedSlots(t *testing.T) {
	var dst [MaxObjects]objectUniform
	full := make([]Object, MaxObjects)
	for i := range full {
		full[i] = Object{Position: [3]float32{float32(i), 0, 0}, Scale: 1, Color: [3]float32{1, 1, 1}}
	}
	if n := packObjects(&dst, full); n != MaxObjects || dst[MaxObjects-1].PosScale[0] != MaxObjects-1 {
		t.Fatalf("packed %d, last %+v", n, dst[MaxObjects-1])
	}
	if n := packObjects(&dst, full[:2]); n != 2 {
		t.Fatalf("packed %d, want 2", n)
	}
	for i := 2; i < MaxObjects; i++ {
		if dst[i] != (objectUniform{}) {
			t.Errorf("slot %d not cleared: %+v", i, dst[i])
		}
	}
}

func TestSphereMeshIsAUnitDiameterBallFacingOutwards(t *testing.T) {
	verts, idx := sphereMesh()
	if len(verts) != (sphereStacks+1)*(sphereSlices+1) || len(idx) != 6*sphereStacks*sphereSlices {
		t.Fatalf("%d vertices, %d indices", len(verts), len(idx))
	}
	for i, v := range verts {
		p, n := mgl32.Vec3(v.pos), mgl32.Vec3(v.normal)
		if math.Abs(float64(p.Len()-0.5)) > 1e-5 || math.Abs(float64(n.Len()-1)) > 1e-5 || p.Mul(2).Sub(n).Len() > 1e-5 {
			t.Fatalf("vertex %d: position %v normal %v", i, p, n)
		}
	}
	for i := 0; i < len(idx); i += 3 {
		a, b, c := verts[idx[i]], verts[idx[i+1]], verts[idx[i+2]]
		cross := mgl32.Vec3(b.pos).Sub(a.pos).Cross(mgl32.Vec3(c.pos).Sub(a.pos))
		if cross.Len() < 1e-7 {
			continue // a pole triangle: degenerate by construction
		}
		centre := mgl32.Vec3(a.pos).Add(b.pos).Add(c.pos)
		if cross.Dot(centre) <= 0 {
			t.Errorf("triangle %d winds inwards", i/3)
		}
	}
}

// TestProjectMatchesTheSceneCamera: the origin lands mid-frame, world +Y and
// +X go up and right on screen, and points behind the camera or out of view
// are not visible.
func TestProjectMatchesTheSceneCamera(t *testing.T) {
	x, y, ok := Project([3]float32{0, 0, 0}, 320, 240)
	if !ok || math.Abs(float64(x-160)) > 1e-3 || math.Abs(float64(y-120)) > 1e-3 {
		t.Errorf("origin at (%v, %v) visible %v, want (160, 120)", x, y, ok)
	}
	x, y, ok = Project([3]float32{0.5, 0.5, 0}, 320, 240)
	if !ok || x <= 160 || y >= 120 {
		t.Errorf("(0.5, 0.5, 0) at (%v, %v) visible %v, want right of and above the centre", x, y, ok)
	}
	for _, p := range [][3]float32{{0, 0, 4}, {10, 0, 0}, {0, 0, -20}} {
		if _, _, ok := Project(p, 320, 240); ok {
			t.Errorf("%v reported visible", p)
		}
	}
}

// TestUniformsMirrorTheShadersBlock reads the Transforms block's std140
// offsets, the objects array's stride and length and the Object struct's
// offsets from the compiled SPIR-V and compares them with the Go mirror.
func TestUniformsMirrorTheShadersBlock(t *testing.T) {
	var u uniforms
	want := []uint32{
		uint32(unsafe.Offsetof(u.MVP)), uint32(unsafe.Offsetof(u.Normal)), uint32(unsafe.Offsetof(u.Light)),
		uint32(unsafe.Offsetof(u.Color)), uint32(unsafe.Offsetof(u.ViewProj)), uint32(unsafe.Offsetof(u.Count)),
		uint32(unsafe.Offsetof(u.Objects)),
	}
	var o objectUniform
	wantObj := []uint32{uint32(unsafe.Offsetof(o.PosScale)), uint32(unsafe.Offsetof(o.Color))}
	if uniformSize != 496 || int(want[6])+MaxObjects*int(unsafe.Sizeof(o)) != uniformSize {
		t.Fatalf("Go block is %d bytes, want 496 ending with the objects", uniformSize)
	}
	words, err := shaders.CubeVertex()
	if err != nil {
		t.Fatal(err)
	}
	m := parseSPIRV(words)
	block := m.block()
	if got := m.offsets[block]; !equalU32(got, want) {
		t.Fatalf("vertex shader offsets %v, Go %v", got, want)
	}
	arr := m.members[block][6]
	if m.stride[arr] != uint32(unsafe.Sizeof(o)) || m.constant[m.arrayLen[arr]] != MaxObjects {
		t.Errorf("objects array: stride %d length %d, Go %d and %d", m.stride[arr], m.constant[m.arrayLen[arr]], unsafe.Sizeof(o), MaxObjects)
	}
	if got := m.offsets[m.arrayElem[arr]]; !equalU32(got, wantObj) {
		t.Errorf("Object offsets %v, Go %v", got, wantObj)
	}
	words, err = shaders.CubeFragment()
	if err != nil {
		t.Fatal(err)
	}
	m = parseSPIRV(words)
	if got := m.offsets[m.block()]; len(got) > len(want) || !equalU32(got, want[:len(got)]) {
		t.Errorf("fragment shader offsets %v, not a prefix of Go's %v", got, want)
	}
}

// spirvModule holds the few facts of a SPIR-V module the layout test needs.
type spirvModule struct {
	blocks    []uint32            // struct ids decorated Block
	offsets   map[uint32][]uint32 // struct id -> member offsets
	members   map[uint32][]uint32 // struct id -> member type ids
	stride    map[uint32]uint32   // array type id -> ArrayStride
	arrayElem map[uint32]uint32   // array type id -> element type id
	arrayLen  map[uint32]uint32   // array type id -> length constant id
	constant  map[uint32]uint32   // constant id -> first value word
}

// parseSPIRV reads the decorations, struct, array and constant instructions.
func parseSPIRV(w []uint32) *spirvModule {
	const (
		opConstant, opTypeArray, opTypeStruct, opDecorate, opMemberDecorate = 43, 28, 30, 71, 72
		decBlock, decArrayStride, decOffset                                 = 2, 6, 35
	)
	m := &spirvModule{offsets: map[uint32][]uint32{}, members: map[uint32][]uint32{}, stride: map[uint32]uint32{},
		arrayElem: map[uint32]uint32{}, arrayLen: map[uint32]uint32{}, constant: map[uint32]uint32{}}
	for i := 5; i < len(w); {
		n, op := int(w[i]>>16), w[i]&0xffff
		if n == 0 || i+n > len(w) {
			break
		}
		a := w[i+1 : i+n]
		switch {
		case op == opDecorate && a[1] == decBlock:
			m.blocks = append(m.blocks, a[0])
		case op == opDecorate && a[1] == decArrayStride:
			m.stride[a[0]] = a[2]
		case op == opMemberDecorate && a[2] == decOffset:
			offs := m.offsets[a[0]]
			for uint32(len(offs)) <= a[1] {
				offs = append(offs, 0)
			}
			offs[a[1]] = a[3]
			m.offsets[a[0]] = offs
		case op == opTypeStruct:
			m.members[a[0]] = a[1:]
		case op == opTypeArray:
			m.arrayElem[a[0]], m.arrayLen[a[0]] = a[1], a[2]
		case op == opConstant:
			m.constant[a[1]] = a[2]
		}
		i += n
	}
	return m
}

// block returns the one Block-decorated struct with member offsets (the
// uniform block; gl_PerVertex is a Block too, without offsets), or 0.
func (m *spirvModule) block() uint32 {
	var found []uint32
	for _, id := range m.blocks {
		if len(m.offsets[id]) > 0 {
			found = append(found, id)
		}
	}
	if len(found) != 1 {
		return 0
	}
	return found[0]
}

func equalU32(a, b []uint32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
