package graphics_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/wave_amp.frag.spv testdata/effects/wave_amp.frag

// TestE2_SetValueErrorsNameTheCallAndTheValue: SetValue(nil) says it was
// given nil, and SetValue on a missing parameter names SetValue (not the
// typed setter it would have called), whatever the value.
func TestE2_SetValueErrorsNameTheCallAndTheValue(t *testing.T) {
	r := newRig(t)
	e := waveEffect(t, r)
	e.Parameters["Time"].SetValue(nil)
	err := r.dev.Err()
	if !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), `"Time" is a float; SetValue was given nil`) || strings.Contains(err.Error(), "%!") {
		t.Errorf("SetValue(nil): %v, want an ErrEffect saying it was given nil", err)
	}
	for _, v := range []any{int32(1), 1, float32(1), nil, "x"} {
		e.Parameters["Missing"].SetValue(v)
		err := r.dev.Err()
		if !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), "SetValue on a parameter that does not exist") {
			t.Errorf("missing parameter SetValue(%T): %v, want an ErrEffect naming SetValue", v, err)
		}
	}
	e.Parameters["Missing"].SetInt(1)
	if err := r.dev.Err(); err == nil || !strings.Contains(err.Error(), "SetInt on a parameter that does not exist") {
		t.Errorf("missing parameter SetInt: %v", err)
	}
}

// TestE2_DifferentUniformBlocksNameTheMember: two stages whose blocks
// share a name but differ in one member give an error naming the member
// and what each stage declares.
func TestE2_DifferentUniformBlocksNameTheMember(t *testing.T) {
	r := newRig(t)
	_, err := graphics.NewEffect(r.dev, spv(t, "wave.vert"), spv(t, "wave_amp.frag"))
	want := "member 2: the vertex shader's is float Amplitude at offset 68, the fragment shader's vec2 Amplitude at offset 72"
	if !errors.Is(err, graphics.ErrEffect) || !strings.Contains(err.Error(), want) {
		t.Errorf("NewEffect: %v, want an ErrEffect saying %q", err, want)
	}
}
