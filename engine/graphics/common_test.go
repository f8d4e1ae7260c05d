package graphics_test

import (
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG5_CommonPipelinesAreWhatDefaultDrawsRecord pins the keys a backend
// builds at start-up to what the commonest draws really record: a lit
// BasicEffect cube with the device's default states (XNA 4.0's) and a
// SpriteBatch with Begin's defaults. If either drifts, the start-up builds a pipeline
// nobody uses and the first frame builds the real one.
func TestG5_CommonPipelinesAreWhatDefaultDrawsRecord(t *testing.T) {
	r := newRig(t)
	r.fx.LightingEnabled = true
	sb, err := graphics.NewSpriteBatch(r.dev)
	must(t, err)
	must(t, r.dev.BeginFrame(320, 240))
	r.bind()
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12)) // NewDevice's states
	must(t, sb.Begin())
	sb.Draw(r.tex, mgl32.Vec2{1, 2}, graphics.White)
	must(t, sb.End())
	f := r.present()
	if len(f.Draws) != 2 {
		t.Fatalf("%d draws, want 2", len(f.Draws))
	}
	for i, want := range graphics.CommonPipelines() {
		if got := f.Draws[i].Pipeline; got != want {
			t.Errorf("draw %d records %+v, CommonPipelines()[%d] is %+v", i, got, i, want)
		}
	}
}

// TestG2_DeviceStartsWithXNAStates pins NewDevice's states to XNA 4.0's
// GraphicsDevice defaults (also MonoGame's and FNA's): Opaque, LinearWrap,
// DepthDefault, CullCounterClockwise. A ported game that never sets a
// state draws as it did there.
func TestG2_DeviceStartsWithXNAStates(t *testing.T) {
	r := newRig(t)
	wantStates(t, r.dev, "a new device", graphics.Opaque, graphics.LinearWrap, graphics.DepthDefault, graphics.CullCounterClockwise)
}
