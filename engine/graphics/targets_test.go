package graphics_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
)

//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/mrt.frag.spv testdata/effects/mrt.frag

// newTargets makes n 8x8 render targets on r's device, the first with a
// depth buffer.
func newTargets(t testing.TB, r *rig, n int) []*graphics.RenderTarget2D {
	t.Helper()
	rts := make([]*graphics.RenderTarget2D, n)
	for i := range rts {
		var opts graphics.RenderTargetOptions
		if i == 0 {
			opts.Depth = graphics.Depth24
		}
		rt, err := graphics.NewRenderTarget2D(r.dev, 8, 8, opts)
		must(t, err)
		rts[i] = rt
	}
	return rts
}

// quad covers the target in two triangles (a strip) of four colours.
var quad = []graphics.VertexPositionColor{
	{Position: mgl32.Vec3{-1, 1, 0}, Color: graphics.Red}, {Position: mgl32.Vec3{1, 1, 0}, Color: graphics.Green},
	{Position: mgl32.Vec3{-1, -1, 0}, Color: graphics.Blue}, {Position: mgl32.Vec3{1, -1, 0}, Color: graphics.White},
}

func bindingsOf(rts ...*graphics.RenderTarget2D) []graphics.RenderTargetBinding {
	b := make([]graphics.RenderTargetBinding, len(rts))
	for i, rt := range rts {
		b[i].RenderTarget = rt
	}
	return b
}

// TestG21_SetRenderTargetsRecordsOnePassIntoEveryTarget: two, three and
// four targets are one pass naming each (MoreTargets), with the first
// target's depth format, its size as viewport and scissor; a clear clears
// them all in that pass; the back buffer afterwards has none; Dispose of a
// further target ends the set.
func TestG21_SetRenderTargetsRecordsOnePassIntoEveryTarget(t *testing.T) {
	for n := 2; n <= graphics.MaxRenderTargets; n++ {
		r := newRig(t)
		rts := newTargets(t, r, n)
		e, err := graphics.NewEffect(r.dev, spv(t, "wave.vert"), spv(t, "mrt.frag"))
		must(t, err)
		must(t, r.dev.BeginFrame(16, 16))
		r.dev.SetRenderTargets(bindingsOf(rts...)...)
		if got := r.dev.RenderTargetCount(); got != n {
			t.Fatalf("RenderTargetCount %d, want %d", got, n)
		}
		if got := r.dev.GetRenderTargets(nil); len(got) != n || got[n-1].RenderTarget != rts[n-1] {
			t.Fatalf("GetRenderTargets %v, want the %d targets", got, n)
		}
		if v := r.dev.Viewport(); v.Width != 8 || v.Height != 8 {
			t.Errorf("viewport %+v, want the targets' 8x8", v)
		}
		must(t, r.dev.Clear(graphics.Red))
		e.Apply()
		must(t, graphics.DrawUserPrimitives(r.dev, graphics.TriangleStrip, quad, 0, 2))
		r.dev.SetRenderTarget(nil)
		r.bind()
		r.fx.Apply()
		must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12))
		f := r.present()
		if len(f.Passes) != 2 {
			t.Fatalf("%d targets: %d passes, want 2", n, len(f.Passes))
		}
		p := f.Passes[0]
		if p.Target != rts[0].ID() || p.Depth != graphics.Depth24 || p.Clear&graphics.ClearTarget == 0 || p.DrawCount != 1 {
			t.Errorf("%d targets: pass %+v, want target %d with Depth24, cleared, one draw", n, p, rts[0].ID())
		}
		for i := range graphics.MaxRenderTargets - 1 {
			want := graphics.TextureID(0)
			if i+1 < n {
				want = rts[i+1].ID()
			}
			if p.MoreTargets[i] != want {
				t.Errorf("%d targets: MoreTargets %v, want %d at %d", n, p.MoreTargets, want, i)
			}
		}
		if f.Passes[1].MoreTargets != [graphics.MaxRenderTargets - 1]graphics.TextureID{} {
			t.Errorf("the back buffer's pass has further targets %v", f.Passes[1].MoreTargets)
		}
		if got := r.fb.Effects[1].Desc.Outputs; got != 3 {
			t.Errorf("mrt.frag's outputs %#b, want locations 0 and 1", got)
		}
		// Disposing a further target ends the set: the back buffer is the target.
		must(t, r.dev.BeginFrame(16, 16))
		r.dev.SetRenderTargets(bindingsOf(rts...)...)
		rts[n-1].Dispose()
		if r.dev.RenderTargetCount() != 0 {
			t.Errorf("after Dispose of a further target %d targets are set, want the back buffer", r.dev.RenderTargetCount())
		}
		r.present()
	}
}

// TestG21_BadRenderTargetSetsAreRefused: more than four targets, sizes
// that differ, the same target twice, a nil, disposed, mipmapped or
// foreign target are errors the next draw returns, naming what to change,
// and the targets stay as they were; a target of the set disposed after
// it was set is an error of the next draw.
func TestG21_BadRenderTargetSetsAreRefused(t *testing.T) {
	r := newRig(t)
	other := newRig(t)
	rts := newTargets(t, r, 5)
	small, err := graphics.NewRenderTarget2D(r.dev, 4, 8, graphics.RenderTargetOptions{})
	must(t, err)
	mip, err := graphics.NewRenderTarget2D(r.dev, 8, 8, graphics.RenderTargetOptions{MipMap: true})
	must(t, err)
	gone, err := graphics.NewRenderTarget2D(r.dev, 8, 8, graphics.RenderTargetOptions{})
	must(t, err)
	gone.Dispose()
	foreign := newTargets(t, other, 1)[0]
	for _, c := range []struct {
		name string
		set  []graphics.RenderTargetBinding
		want error
		says string
	}{
		{"five targets", bindingsOf(rts...), graphics.ErrInvalid, "5 targets, at most 4"},
		{"sizes differ", bindingsOf(rts[0], small), graphics.ErrInvalid, "same size"},
		{"twice", bindingsOf(rts[0], rts[1], rts[0]), graphics.ErrInvalid, "bound twice"},
		{"nil", []graphics.RenderTargetBinding{{rts[0]}, {}}, graphics.ErrInvalid, "target 1 is nil"},
		{"disposed", bindingsOf(rts[0], gone), graphics.ErrDisposed, "disposed"},
		{"mipmapped", bindingsOf(rts[0], mip), graphics.ErrInvalid, "mipmap"},
		{"another device's", bindingsOf(rts[0], foreign), graphics.ErrWrongDevice, "another Device"},
	} {
		must(t, r.dev.BeginFrame(16, 16))
		r.dev.SetRenderTarget(rts[1])
		r.dev.SetRenderTargets(c.set...)
		if got := r.dev.GetRenderTargets(nil); len(got) != 1 || got[0].RenderTarget != rts[1] {
			t.Errorf("%s: the refused set changed the targets to %v", c.name, got)
		}
		err := r.dev.Clear(graphics.Black)
		if !errors.Is(err, c.want) || !strings.Contains(err.Error(), c.says) || !strings.Contains(err.Error(), "SetRenderTargets") {
			t.Errorf("%s: the clear after returned %v, want %v saying %q", c.name, err, c.want, c.says)
		}
		r.present()
	}
	// A target disposed while set is the next clear's error... but Dispose
	// ends the set, so sample one of the set instead: ErrInUse.
	must(t, r.dev.BeginFrame(16, 16))
	r.dev.SetRenderTargets(bindingsOf(rts[0], rts[1])...)
	r.fx.TextureEnabled = true
	r.fx.Texture = rts[1].Texture2D
	r.bind()
	if err := r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12); !errors.Is(err, graphics.ErrInUse) {
		t.Errorf("sampling the second target while drawing into it: %v, want ErrInUse", err)
	}
	r.present()
}

// TestG21_MRTFramesAllocateNothing: a steady frame drawing an Effect into
// two targets and then both onto the back buffer allocates nothing.
func TestG21_MRTFramesAllocateNothing(t *testing.T) {
	r := newRig(t)
	r.fb.Keep = false
	rts := newTargets(t, r, 2)
	e, err := graphics.NewEffect(r.dev, spv(t, "wave.vert"), spv(t, "mrt.frag"))
	must(t, err)
	e.Parameters["WorldViewProjection"].SetMatrix(mgl32.Ident4())
	sb, err := graphics.NewSpriteBatch(r.dev)
	must(t, err)
	frame := func() error {
		if err := r.dev.BeginFrame(16, 16); err != nil {
			return err
		}
		r.dev.SetRenderTargets(graphics.RenderTargetBinding{RenderTarget: rts[0]}, graphics.RenderTargetBinding{RenderTarget: rts[1]})
		if err := r.dev.Clear(graphics.Black); err != nil {
			return err
		}
		e.Apply()
		if err := graphics.DrawUserPrimitives(r.dev, graphics.TriangleStrip, quad, 0, 2); err != nil {
			return err
		}
		r.dev.SetRenderTargets()
		if err := sb.Begin(); err != nil {
			return err
		}
		sb.Draw(rts[0].Texture2D, mgl32.Vec2{0, 0}, graphics.White)
		sb.Draw(rts[1].Texture2D, mgl32.Vec2{8, 0}, graphics.White)
		if err := sb.End(); err != nil {
			return err
		}
		f, err := r.dev.EndFrame()
		if err != nil {
			return err
		}
		return r.fb.Execute(f)
	}
	for range 3 {
		must(t, frame())
	}
	allocs := testing.AllocsPerRun(100, func() {
		if e := frame(); e != nil {
			err = e
		}
	})
	must(t, err)
	if allocs != 0 {
		t.Errorf("%v allocations per MRT frame, want 0", allocs)
	}
}
