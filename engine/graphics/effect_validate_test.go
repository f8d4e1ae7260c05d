package graphics_test

import (
	"bytes"
	"encoding/binary"
	"errors"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
	"github.com/metronome-engine/metronome/engine/graphics/spirv"
)

//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/double.frag.spv testdata/effects/double.frag
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/two_outputs.frag.spv testdata/effects/two_outputs.frag
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/no_output.frag.spv testdata/effects/no_output.frag
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/output_loc1.frag.spv testdata/effects/output_loc1.frag

// TestE7_BadShaderBytesNeverReachTheBackend: a two-byte change to a valid
// fragment shader (an opcode made unknown, an operand id made a type's),
// a capability the device lacks, and a fragment shader with no colour
// output at location 0 or none at all are ErrBadShader errors naming the problem, and the
// backend is never asked to create them.
func TestE7_BadShaderBytesNeverReachTheBackend(t *testing.T) {
	fb := graphicstest.New()
	dev, err := graphics.NewDevice(fb)
	must(t, err)
	crt := spv(t, "crt.frag")
	// The first OpFMul: its opcode made 18237, or its first operand made
	// its result type's id.
	at := -1
	for i := 20; i+4 <= len(crt); {
		w := binary.LittleEndian.Uint32(crt[i:])
		if uint16(w) == 133 { // OpFMul
			at = i
			break
		}
		i += 4 * int(w>>16)
	}
	if at < 0 {
		t.Fatal("crt.frag has no OpFMul")
	}
	badOp := bytes.Clone(crt)
	binary.LittleEndian.PutUint16(badOp[at:], 18237)
	badID := bytes.Clone(crt)
	copy(badID[at+12:at+16], crt[at+4:at+8]) // operand 1 := the result type
	for _, c := range []struct {
		name string
		frag []byte
		want string
	}{
		{"unknown opcode", badOp, "opcode 18237"},
		{"a type as an operand", badID, "is a type, not a value"},
		{"Float64 on a device without it", spv(t, "double.frag"), "capability Float64"},
		{"no output at location 0", spv(t, "output_loc1.frag"), "no colour at location 0"},
		{"no output", spv(t, "no_output.frag"), "writes no colour"},
	} {
		_, err := graphics.NewSpriteEffect(dev, c.frag)
		if !errors.Is(err, graphics.ErrBadShader) || !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an ErrBadShader saying %q", c.name, err, c.want)
		}
		if _, err := graphics.NewEffect(dev, spv(t, "wave.vert"), c.frag); !errors.Is(err, graphics.ErrBadShader) {
			t.Errorf("%s as a mesh effect: %v, want ErrBadShader", c.name, err)
		}
	}
	if len(fb.Effects) != 0 {
		t.Errorf("the backend was asked to create %d effects", len(fb.Effects))
	}
	// The same Float64 shader on a device that has the feature.
	fb64 := graphicstest.New()
	fb64.Limit.ShaderFeatures = spirv.Features{Float64: true}
	dev64, err := graphics.NewDevice(fb64)
	must(t, err)
	if _, err := graphics.NewSpriteEffect(dev64, spv(t, "double.frag")); err != nil {
		t.Errorf("Float64 on a device with it: %v", err)
	}
}
