package vulkan

import (
	"testing"
	"unsafe"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/shaders"
)

// TestG8_EffectBlockMatchesTheShaders reads the uniform block's std140
// offsets and the light arrays' stride and length from the compiled
// SPIR-V and compares them with graphics.EffectUniforms, which the
// renderer copies into the arena unchanged.
func TestG8_EffectBlockMatchesTheShaders(t *testing.T) {
	var u graphics.EffectUniforms
	want := []uint32{
		uint32(unsafe.Offsetof(u.World)), uint32(unsafe.Offsetof(u.WorldViewProjection)),
		uint32(unsafe.Offsetof(u.WorldInverseTranspose)), uint32(unsafe.Offsetof(u.DiffuseColor)),
		uint32(unsafe.Offsetof(u.EmissiveColor)), uint32(unsafe.Offsetof(u.SpecularColor)),
		uint32(unsafe.Offsetof(u.EyePosition)), uint32(unsafe.Offsetof(u.LightDirection)),
		uint32(unsafe.Offsetof(u.LightDiffuse)), uint32(unsafe.Offsetof(u.LightSpecular)),
		uint32(unsafe.Offsetof(u.Flags)), uint32(unsafe.Offsetof(u.FogVector)), uint32(unsafe.Offsetof(u.FogColor)),
	}
	if unsafe.Sizeof(u) != graphics.EffectUniformsSize {
		t.Fatalf("Go block is %d bytes, EffectUniformsSize %d", unsafe.Sizeof(u), graphics.EffectUniformsSize)
	}
	for name, f := range map[string]func() ([]uint32, error){"vertex": shaders.BasicVertex,
		"unlit vertex": shaders.UnlitVertex, "per-pixel vertex": shaders.BasicPixelVertex} {
		words, err := f()
		if err != nil {
			t.Fatal(err)
		}
		m := parseSPIRV(words)
		block := m.effectStruct(len(want))
		if !m.hasStride(graphics.EffectUniformsSize) {
			t.Errorf("%s shader: no array of blocks with stride %d (G16: indexed by the draw)", name, graphics.EffectUniformsSize)
		}
		if got := m.offsets[block]; !equalU32(got, want) {
			t.Fatalf("%s shader offsets %v, Go %v", name, got, want)
		}
		for _, i := range []int{7, 8, 9} { // the three light arrays
			arr := m.members[block][i]
			if m.stride[arr] != 16 || m.constant[m.arrayLen[arr]] != 3 {
				t.Errorf("%s shader member %d: stride %d length %d, want 16 and 3", name, i, m.stride[arr], m.constant[m.arrayLen[arr]])
			}
		}
	}
	for name, f := range map[string]func() ([]uint32, error){"fragment": shaders.BasicFragment,
		"untextured fragment": shaders.BasicUntexturedFragment, "unlit fragment": shaders.UnlitFragment,
		"unlit untextured fragment": shaders.UnlitUntexturedFragment, "per-pixel fragment": shaders.BasicPixelFragment,
		"per-pixel untextured fragment": shaders.BasicPixelUntexturedFragment} {
		words, err := f()
		if err != nil {
			t.Fatal(err)
		}
		m := parseSPIRV(words)
		if got := m.offsets[m.effectStruct(len(want))]; len(got) > len(want) || !equalU32(got, want[:len(got)]) {
			t.Errorf("%s shader offsets %v, not a prefix of Go's %v", name, got, want)
		}
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

// effectStruct returns the one struct with n member offsets (the
// effect block, an element of the storage buffer's array), or 0.
func (m *spirvModule) effectStruct(n int) uint32 {
	var found []uint32
	for id, offs := range m.offsets {
		if len(offs) == n {
			found = append(found, id)
		}
	}
	if len(found) != 1 {
		return 0
	}
	return found[0]
}

// hasStride reports whether an array has stride s.
func (m *spirvModule) hasStride(s uint32) bool {
	for _, v := range m.stride {
		if v == s {
			return true
		}
	}
	return false
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
