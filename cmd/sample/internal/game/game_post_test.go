package game

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// postPasses checks the last frame's passes: with the post-process, the
// scene and the HUD go into a render target of the back buffer's size,
// and the back buffer gets one sprite of it through the custom effect;
// without it, one back-buffer pass.
func postPasses(t *testing.T, f *graphics.Frame, post bool) {
	t.Helper()
	if !post {
		if len(f.Passes) != 1 || f.Passes[0].Target != 0 {
			t.Fatalf("post-process off: passes %+v, want the back buffer's alone", f.Passes)
		}
		return
	}
	if len(f.Passes) != 2 {
		t.Fatalf("post-process on: %d passes, want a render target's then the back buffer's", len(f.Passes))
	}
	rt, bb := f.Passes[0], f.Passes[1]
	if rt.Target == 0 || rt.Width != f.BackBufferWidth || rt.Height != f.BackBufferHeight || bb.Target != 0 {
		t.Fatalf("post-process on: passes %+v and %+v; want a %dx%d target, then the back buffer",
			rt, bb, f.BackBufferWidth, f.BackBufferHeight)
	}
	draws := f.Draws[bb.FirstDraw : bb.FirstDraw+bb.DrawCount]
	if len(draws) != 1 || draws[0].Pipeline.Effect == 0 || draws[0].Texture != rt.Target {
		t.Fatalf("post-process on: the back buffer's draws %+v; want one sprite of target %d through the effect", draws, rt.Target)
	}
}

// TestE6_SamplePostProcessKey: G turns the post-process on and off, once
// per press (-post starts with it on); the HUD says which; a steady frame
// with it on allocates nothing.
func TestE6_SamplePostProcessKey(t *testing.T) {
	script := [][]engine.PlatformEvent{
		{}, {key(engine.KeyG, engine.Press)}, {}, {key(engine.KeyG, engine.Release)},
		{}, {key(engine.KeyG, engine.Press)}, {key(engine.KeyG, engine.Release)},
	}
	g, s, p := newKeyGame(t, script)
	tick(t, g, 1)
	postPasses(t, p.rend.frame, false)
	tick(t, g, 3)
	if !s.post || s.drawFailed {
		t.Fatalf("after G: post %v, draw failed %v", s.post, s.drawFailed)
	}
	postPasses(t, p.rend.frame, true)
	if want := "post-process (G) on"; !bytes.Contains(s.hudText, []byte(want)) {
		t.Errorf("HUD %q lacks %q", s.hudText, want)
	}
	s.status.at = s.source.Now() + time.Hour // no title refresh during the measurement
	p.script = nil                           // no more key events while measuring
	polls := p.polls
	if n := testing.AllocsPerRun(100, func() { _ = g.RunOneFrame() }); n != 0 {
		t.Fatalf("%v allocations per frame with the post-process, want 0", n)
	}
	p.script, p.polls = script, polls
	tick(t, g, 3)
	if s.post {
		t.Fatal("a second G left the post-process on")
	}
	postPasses(t, p.rend.frame, false)

	g2, s2, p2 := newKeyGame(t, nil, "-post")
	tick(t, g2, 2)
	if !s2.post || s2.drawFailed {
		t.Fatalf("-post: post %v, draw failed %v", s2.post, s2.drawFailed)
	}
	postPasses(t, p2.rend.frame, true)
	if opt, err := parseGameFlags(nil); err != nil || opt.post || !opt.fog {
		t.Fatalf("default: post %v, fog %v, %v; want post off, fog on", opt.post, opt.fog, err)
	}
}

// TestE6_SamplePostTargetFollowsTheBackBuffer: the post-process keeps its
// render target while the back buffer keeps its size and makes a new one,
// disposing the old, when it changes (a resized window).
func TestE6_SamplePostTargetFollowsTheBackBuffer(t *testing.T) {
	b := graphicstest.New()
	dev, err := graphics.NewDevice(b)
	if err != nil {
		t.Fatal(err)
	}
	pp, err := newPostProcess(dev)
	if err != nil {
		t.Fatal(err)
	}
	var targets []*graphics.RenderTarget2D
	for _, size := range [][2]int{{320, 240}, {320, 240}, {200, 100}} {
		if err := dev.BeginFrame(size[0], size[1]); err != nil {
			t.Fatal(err)
		}
		if err := pp.begin(dev, size[0], size[1]); err != nil {
			t.Fatal(err)
		}
		if err := dev.Clear(sceneClear); err != nil {
			t.Fatal(err)
		}
		if err := pp.end(dev); err != nil {
			t.Fatal(err)
		}
		f, err := dev.EndFrame()
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Execute(f); err != nil {
			t.Fatal(err)
		}
		if pp.rt.Width() != size[0] || pp.rt.Height() != size[1] {
			t.Fatalf("back buffer %dx%d: target %dx%d", size[0], size[1], pp.rt.Width(), pp.rt.Height())
		}
		targets = append(targets, pp.rt)
	}
	if targets[0] != targets[1] || targets[1] == targets[2] || !targets[0].IsDisposed() || targets[2].IsDisposed() {
		t.Fatalf("targets %p %p %p (first disposed %v): want the first kept at the same size, replaced and disposed at a new one",
			targets[0], targets[1], targets[2], targets[0].IsDisposed())
	}
}

// TestE1_SamplePostShaderMatchesItsSource: the embedded SPIR-V is what
// game_post.go's go:generate line makes of shaders/post.frag today (run
// go generate after editing the GLSL).
func TestE1_SamplePostShaderMatchesItsSource(t *testing.T) {
	if _, err := exec.LookPath("glslc"); err != nil {
		t.Skip("glslc not found (Debian package glslc): cannot check the regeneration")
	}
	out := filepath.Join(t.TempDir(), "post.frag.spv")
	if msg, err := exec.Command("glslc", "--target-env=vulkan1.0", "-o", out, "shaders/post.frag").CombinedOutput(); err != nil {
		t.Fatalf("glslc: %v\n%s", err, msg)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	src, err := os.ReadFile("game_post.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte("//go:generate glslc --target-env=vulkan1.0 -o shaders/post.frag.spv shaders/post.frag\n")) {
		t.Fatal("game_post.go's go:generate line is not the one this test runs")
	}
	if !bytes.Equal(got, postFragment) {
		t.Errorf("shaders/post.frag compiles to %d bytes that differ from the embedded %d: run go generate ./cmd/sample/internal/game/ and commit", len(got), len(postFragment))
	}
}
