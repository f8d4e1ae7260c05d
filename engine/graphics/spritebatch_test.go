package graphics_test

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// drawOrder draws one 1x1-scaled sprite per entry (texture index, layer
// depth) at x = 10*i in mode, and returns the x of each sprite in the
// order the record draws them, with its texture ID, and the draw count.
func drawOrder(t *testing.T, mode graphics.SpriteSortMode, sprites [][2]float32) ([]int, []graphics.TextureID, int) {
	t.Helper()
	r := newSpriteRig(t, [2]int{4, 4}, [2]int{4, 4}, [2]int{4, 4})
	must(t, r.sb.BeginWith(graphics.SpriteBatchSettings{SortMode: mode}))
	for i, s := range sprites {
		r.sb.DrawEx(r.texs[int(s[0])], mgl32.Vec2{float32(10 * i), 0}, nil, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{1, 1}, 0, s[1])
	}
	must(t, r.sb.End())
	f := r.end()
	vs, ts := allSprites(t, f)
	var xs []int
	for i := 0; i < len(vs); i += 4 {
		xs = append(xs, int(vs[i].Position[0]))
	}
	return xs, ts, len(f.Draws)
}

// TestG5_SortModeOrders pins each sort mode's order against XNA's, with
// ties kept in call order (our sorts are stable; XNA's order of ties is
// undefined).
func TestG5_SortModeOrders(t *testing.T) {
	// texture index, layer depth; sprite i is drawn at x = 10*i.
	sprites := [][2]float32{{2, 0.5}, {0, 0.2}, {1, 0.8}, {2, 0.5}, {0, 0.2}, {1, 0}, {0, 1}}
	for _, c := range []struct {
		mode  graphics.SpriteSortMode
		want  []int // sprite indices in draw order
		draws int
	}{
		{graphics.SortDeferred, []int{0, 1, 2, 3, 4, 5, 6}, 7},
		{graphics.SortImmediate, []int{0, 1, 2, 3, 4, 5, 6}, 7},
		{graphics.SortTexture, []int{1, 4, 6, 2, 5, 0, 3}, 3},
		{graphics.SortBackToFront, []int{6, 2, 0, 3, 1, 4, 5}, 5},
		{graphics.SortFrontToBack, []int{5, 1, 4, 0, 3, 2, 6}, 5},
	} {
		xs, ts, draws := drawOrder(t, c.mode, sprites)
		var got []int
		for _, x := range xs {
			got = append(got, x/10)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%v: order %v, want %v", c.mode, got, c.want)
		}
		if draws != c.draws {
			t.Errorf("%v: %d draws, want %d (one per run of a texture)", c.mode, draws, c.draws)
		}
		for i, s := range got {
			if want := graphics.TextureID(sprites[s][0] + 1); ts[i] != want {
				t.Errorf("%v: sprite %d drawn with texture %d, want %d", c.mode, s, ts[i], want)
			}
		}
	}
}

// TestG5_DepthSortKeys pins the depth order at the edges: -0 ties with 0
// (call order), negative and above-one depths sort numerically, NaN sorts
// first as .NET orders it.
func TestG5_DepthSortKeys(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	nan := float32(math.NaN())
	sprites := [][2]float32{{0, 0}, {0, negZero}, {0, -2}, {0, 3}, {0, nan}, {0, 0.25}}
	xs, _, _ := drawOrder(t, graphics.SortFrontToBack, sprites)
	var got []int
	for _, x := range xs {
		got = append(got, x/10)
	}
	if want := []int{4, 2, 0, 1, 5, 3}; !slices.Equal(got, want) {
		t.Errorf("FrontToBack order %v, want %v", got, want)
	}
}

// TestG5_SortIsStableForManyTies pins stability on a large batch: 3000
// sprites with three depths come out grouped by depth, in call order
// inside each group.
func TestG5_SortIsStableForManyTies(t *testing.T) {
	r := newSpriteRig(t, [2]int{4, 4})
	must(t, r.sb.BeginWith(graphics.SpriteBatchSettings{SortMode: graphics.SortBackToFront}))
	depths := []float32{0.1, 0.9, 0.5}
	for i := range 3000 {
		r.sb.DrawEx(r.texs[0], mgl32.Vec2{float32(i), 0}, nil, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{1, 1}, 0, depths[i*7%3])
	}
	must(t, r.sb.End())
	f := r.end()
	if len(f.Draws) != 1 {
		t.Fatalf("%d draws of one texture, want 1", len(f.Draws))
	}
	vs := spriteVerts(t, f, f.Draws[0])
	prevDepth, prevX := float32(2), float32(-1)
	for i := 0; i < len(vs); i += 4 {
		d, x := vs[i].Position[2], vs[i].Position[0]
		switch {
		case d > prevDepth:
			t.Fatalf("sprite %d: depth %v after %v in BackToFront", i/4, d, prevDepth)
		case d == prevDepth && x <= prevX:
			t.Fatalf("sprite %d: x %v after %v at equal depth: not stable", i/4, x, prevX)
		}
		prevDepth, prevX = d, x
	}
}

// TestG5_BatchesBreakOnlyOnTextureOrStateChange pins that a run of one
// texture is one draw however long (XNA's 2048-sprite break is not
// copied), that a texture change breaks it, and that consecutive batches
// with the same state continue one draw while a state change breaks it.
func TestG5_BatchesBreakOnlyOnTextureOrStateChange(t *testing.T) {
	r := newSpriteRig(t, [2]int{4, 4}, [2]int{4, 4})
	a, b := r.texs[0], r.texs[1]
	must(t, r.sb.Begin())
	for range 5000 {
		r.sb.Draw(a, mgl32.Vec2{}, graphics.White)
	}
	for range 5 {
		r.sb.Draw(b, mgl32.Vec2{}, graphics.White)
	}
	r.sb.Draw(a, mgl32.Vec2{}, graphics.White)
	must(t, r.sb.End())
	// Same state and texture again: continues the last draw.
	must(t, r.sb.Begin())
	r.sb.Draw(a, mgl32.Vec2{}, graphics.White)
	must(t, r.sb.End())
	// Another blend state: a new draw.
	must(t, r.sb.BeginWith(graphics.SpriteBatchSettings{Blend: &graphics.Additive}))
	r.sb.Draw(a, mgl32.Vec2{}, graphics.White)
	must(t, r.sb.End())
	// Immediate (default states again): two draws continue one draw,
	// another sampler set on the device between them starts a new one.
	must(t, r.sb.BeginWith(graphics.SpriteBatchSettings{SortMode: graphics.SortImmediate}))
	r.sb.Draw(a, mgl32.Vec2{}, graphics.White)
	r.sb.Draw(a, mgl32.Vec2{}, graphics.White)
	r.dev.SetSamplerState(graphics.PointClamp)
	r.sb.Draw(a, mgl32.Vec2{}, graphics.White)
	must(t, r.sb.End())
	f := r.end()
	type run struct {
		tex     graphics.TextureID
		sprites int
		blend   graphics.BlendState
		sampler graphics.SamplerState
	}
	var got []run
	for _, d := range f.Draws {
		got = append(got, run{d.Texture, d.Count / 6, d.Pipeline.Blend, d.Sampler})
	}
	want := []run{
		{a.ID(), 5000, graphics.AlphaBlend, graphics.LinearClamp},
		{b.ID(), 5, graphics.AlphaBlend, graphics.LinearClamp},
		{a.ID(), 2, graphics.AlphaBlend, graphics.LinearClamp},
		{a.ID(), 1, graphics.Additive, graphics.LinearClamp},
		{a.ID(), 2, graphics.AlphaBlend, graphics.LinearClamp},
		{a.ID(), 1, graphics.AlphaBlend, graphics.PointClamp},
	}
	if !slices.Equal(got, want) {
		t.Errorf("draws\n got %+v\nwant %+v", got, want)
	}
}

// TestG5_RenderTargetBatches pins sprites drawn into a render target
// without a depth buffer: the depth state is fitted to the target (none),
// and consecutive batches with one state still continue one draw.
func TestG5_RenderTargetBatches(t *testing.T) {
	r := newSpriteRig(t, [2]int{4, 4})
	rt, err := graphics.NewRenderTarget2D(r.dev, 32, 32, graphics.RenderTargetOptions{})
	must(t, err)
	r.dev.SetRenderTarget(rt)
	for range 2 {
		must(t, r.sb.BeginWith(graphics.SpriteBatchSettings{DepthStencil: &graphics.DepthRead}))
		r.sb.Draw(r.texs[0], mgl32.Vec2{}, graphics.White)
		must(t, r.sb.End())
	}
	f := r.end()
	if len(f.Draws) != 1 || f.Draws[0].Count != 12 || f.Draws[0].Pipeline.DepthStencil != (graphics.DepthStencilState{}) {
		t.Errorf("draws %+v, want one draw of two sprites without depth test", f.Draws)
	}
}

// TestG5_ImmediateRecordsAtCallTime pins that Immediate draws land in the
// record when called (a Clear between two of them separates them into two
// passes) while Deferred draws land at End (both in the pass after the
// Clears, which merge as nothing was drawn between them).
func TestG5_ImmediateRecordsAtCallTime(t *testing.T) {
	for _, c := range []struct {
		mode graphics.SpriteSortMode
		want []int // sprites per pass
	}{
		{graphics.SortImmediate, []int{1, 1}},
		{graphics.SortDeferred, []int{2}},
	} {
		r := newSpriteRig(t, [2]int{4, 4})
		must(t, r.dev.Clear(graphics.Black))
		must(t, r.sb.BeginWith(graphics.SpriteBatchSettings{SortMode: c.mode}))
		r.sb.Draw(r.texs[0], mgl32.Vec2{}, graphics.White)
		must(t, r.dev.Clear(graphics.Red))
		r.sb.Draw(r.texs[0], mgl32.Vec2{1, 0}, graphics.White)
		must(t, r.sb.End())
		f := r.end()
		var got []int
		for _, p := range f.Passes {
			n := 0
			for _, d := range f.Draws[p.FirstDraw : p.FirstDraw+p.DrawCount] {
				n += d.Count / 6
			}
			got = append(got, n)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%v: sprites per pass %v, want %v", c.mode, got, c.want)
		}
	}
}

// TestG5_DefaultsAndProjection pins Begin's defaults on the record
// (AlphaBlend, LinearClamp, DepthNone, CullCounterClockwise, the textured
// vertex-colour shader), that they stay set on the device after End as in
// XNA, and the projection: viewport pixels with (0,0) at the top-left to
// clip space, no half-pixel offset, layer depth as depth, the transform
// applied first.
func TestG5_DefaultsAndProjection(t *testing.T) {
	r := newSpriteRig(t, [2]int{4, 4})
	must(t, r.sb.Begin())
	r.sb.DrawEx(r.texs[0], mgl32.Vec2{0, 0}, nil, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{160, 120}, 0, 0.25)
	must(t, r.sb.End())
	r.dev.SetViewport(graphics.NewViewport(100, 50, 200, 100))
	camera := mgl32.Translate3D(10, 20, 0)
	must(t, r.sb.BeginWith(graphics.SpriteBatchSettings{Transform: camera}))
	r.sb.Draw(r.texs[0], mgl32.Vec2{0, 0}, graphics.White)
	must(t, r.sb.End())
	wantStates(t, r.dev, "after End (the batch's)", graphics.AlphaBlend, graphics.LinearClamp, graphics.DepthNone,
		graphics.CullCounterClockwise)
	f := r.end()
	if len(f.Draws) != 2 {
		t.Fatalf("%d draws, want 2", len(f.Draws))
	}
	d := f.Draws[0]
	want := graphics.PipelineKey{Blend: graphics.AlphaBlend, DepthStencil: graphics.DepthNone,
		Rasterizer: graphics.CullCounterClockwise, Primitive: graphics.TriangleList,
		Vertex: graphics.VertexPositionColorTexture{}.VertexDeclaration(),
		Shader: graphics.ShaderTexture | graphics.ShaderVertexColor}
	if d.Pipeline != want || d.Sampler != graphics.LinearClamp {
		t.Errorf("pipeline %+v sampler %+v, want %+v %+v", d.Pipeline, d.Sampler, want, graphics.LinearClamp)
	}
	if u := f.Uniforms[d.Uniforms]; u.DiffuseColor != (mgl32.Vec4{1, 1, 1, 1}) || u.Flags[0] != uint32(want.Shader) {
		t.Errorf("uniforms diffuse %v flags %v", u.DiffuseColor, u.Flags)
	}
	q := spriteVerts(t, f, d)
	for i, w := range []mgl32.Vec4{{-1, -1, 0.25, 1}, {1, -1, 0.25, 1}, {-1, 1, 0.25, 1}, {1, 1, 0.25, 1}} {
		if got := spriteClip(f, d, q[i].Position); !nearAll(got[:], w[:]) {
			t.Errorf("640x480: corner %d at %v maps to %v, want %v", i, q[i].Position, got, w)
		}
	}
	// The pixel at (0,0) covers clip -1..-1+2/640: its centre is half a
	// pixel in, with no offset.
	if got := spriteClip(f, d, mgl32.Vec3{0.5, 0.5, 0}); !nearAll(got[:2], []float32{-1 + 1.0/640, -1 + 1.0/480}) {
		t.Errorf("pixel centre maps to %v", got)
	}
	d = f.Draws[1]
	if d.Viewport != graphics.NewViewport(100, 50, 200, 100) {
		t.Errorf("viewport %+v", d.Viewport)
	}
	// Sprite (0,0) moved by the camera to (10,20) of a 200x100 viewport.
	if got := spriteClip(f, d, spriteVerts(t, f, d)[0].Position); !nearAll(got[:2], []float32{-1 + 2*10.0/200, -1 + 2*20.0/100}) {
		t.Errorf("transformed corner maps to %v", got)
	}
}

// TestG5_VertexPositions pins the corners and texture coordinates of
// sprites against values computed by hand: position and destination
// forms, source rectangles, origin, rotation, per-axis and uniform scale,
// flips and layer depth. Corners are top-left, top-right, bottom-left,
// bottom-right of the unrotated sprite.
func TestG5_VertexPositions(t *testing.T) {
	r := newSpriteRig(t, [2]int{32, 16}, [2]int{8, 4})
	wide, small := r.texs[0], r.texs[1]
	src := graphics.Rectangle{X: 8, Y: 4, Width: 8, Height: 8}
	tint := graphics.Color{R: 10, G: 20, B: 30, A: 40}
	type want struct {
		pos, uv []float32
		depth   float32
	}
	cases := []struct {
		name string
		draw func(sb *graphics.SpriteBatch)
		want want
	}{
		{"position", func(sb *graphics.SpriteBatch) { sb.Draw(wide, mgl32.Vec2{10, 20}, tint) },
			want{[]float32{10, 20, 42, 20, 10, 36, 42, 36}, []float32{0, 0, 1, 0, 0, 1, 1, 1}, 0}},
		{"source", func(sb *graphics.SpriteBatch) { sb.DrawSource(wide, mgl32.Vec2{1, 2}, src, tint) },
			want{[]float32{1, 2, 9, 2, 1, 10, 9, 10}, []float32{0.25, 0.25, 0.5, 0.25, 0.25, 0.75, 0.5, 0.75}, 0}},
		{"destination", func(sb *graphics.SpriteBatch) {
			sb.DrawRect(small, graphics.Rectangle{X: 5, Y: 6, Width: 20, Height: 10}, tint)
		},
			want{[]float32{5, 6, 25, 6, 5, 16, 25, 16}, []float32{0, 0, 1, 0, 0, 1, 1, 1}, 0}},
		{"destination source", func(sb *graphics.SpriteBatch) {
			sb.DrawRectSource(wide, graphics.Rectangle{X: 0, Y: 0, Width: 16, Height: 4}, src, tint)
		}, want{[]float32{0, 0, 16, 0, 0, 4, 16, 4}, []float32{0.25, 0.25, 0.5, 0.25, 0.25, 0.75, 0.5, 0.75}, 0}},
		// 8x4 scaled (2,3) is 16x12; origin (4,2) scaled is (8,6): corners
		// relative to the origin x -8..8, y -6..6; a quarter turn
		// clockwise maps (x,y) to (-y,x).
		{"rotation origin scale", func(sb *graphics.SpriteBatch) {
			sb.DrawEx(small, mgl32.Vec2{100, 50}, nil, tint, math.Pi/2, mgl32.Vec2{4, 2}, mgl32.Vec2{2, 3}, 0, 0.5)
		}, want{[]float32{106, 42, 106, 58, 94, 42, 94, 58}, []float32{0, 0, 1, 0, 0, 1, 1, 1}, 0.5}},
		// Uniform scale 2 and origin (8,4) (the centre of the 16x8 source):
		// 32x16 centred on (50,50).
		{"uniform scale", func(sb *graphics.SpriteBatch) {
			sb.DrawScaled(wide, mgl32.Vec2{50, 50}, &graphics.Rectangle{X: 0, Y: 0, Width: 16, Height: 8}, tint, 0, mgl32.Vec2{8, 4}, 2, 0, 1)
		}, want{[]float32{34, 42, 66, 42, 34, 58, 66, 58}, []float32{0, 0, 0.5, 0, 0, 0.5, 0.5, 0.5}, 1}},
		{"flip horizontally", func(sb *graphics.SpriteBatch) {
			sb.DrawEx(small, mgl32.Vec2{0, 0}, nil, tint, 0, mgl32.Vec2{}, mgl32.Vec2{1, 1}, graphics.FlipHorizontally, 0)
		}, want{[]float32{0, 0, 8, 0, 0, 4, 8, 4}, []float32{1, 0, 0, 0, 1, 1, 0, 1}, 0}},
		{"flip vertically", func(sb *graphics.SpriteBatch) {
			sb.DrawEx(small, mgl32.Vec2{0, 0}, nil, tint, 0, mgl32.Vec2{}, mgl32.Vec2{1, 1}, graphics.FlipVertically, 0)
		}, want{[]float32{0, 0, 8, 0, 0, 4, 8, 4}, []float32{0, 1, 1, 1, 0, 0, 1, 0}, 0}},
		// Flips mirror the texture only: the origin stays where it is.
		{"flip both with origin", func(sb *graphics.SpriteBatch) {
			sb.DrawEx(small, mgl32.Vec2{10, 10}, &src, tint, 0, mgl32.Vec2{2, 1}, mgl32.Vec2{1, 1}, graphics.FlipHorizontally|graphics.FlipVertically, 0)
		}, want{[]float32{8, 9, 16, 9, 8, 17, 16, 17}, []float32{2, 3, 1, 3, 2, 1, 1, 1}, 0}},
		// Destination 64x32 from a 16x8 source: origin (8,4) in texels is
		// (32,16) in pixels, a half turn maps (x,y) to (-x,-y).
		{"destination rotation origin", func(sb *graphics.SpriteBatch) {
			sb.DrawRectEx(wide, graphics.Rectangle{X: 10, Y: 10, Width: 64, Height: 32}, &graphics.Rectangle{Width: 16, Height: 8}, tint,
				math.Pi, mgl32.Vec2{8, 4}, 0, 0.75)
		}, want{[]float32{42, 26, -22, 26, 42, -6, -22, -6}, []float32{0, 0, 0.5, 0, 0, 0.5, 0.5, 0.5}, 0.75}},
	}
	must(t, r.sb.Begin())
	for _, c := range cases {
		c.draw(r.sb)
	}
	must(t, r.sb.End())
	vs, _ := allSprites(t, r.end())
	if len(vs) != 4*len(cases) {
		t.Fatalf("%d vertices, want %d", len(vs), 4*len(cases))
	}
	for i, c := range cases {
		q := vs[4*i : 4*i+4]
		if !nearAll(corners(q), c.want.pos) {
			t.Errorf("%s: corners %v, want %v", c.name, corners(q), c.want.pos)
		}
		if !nearAll(uvs(q), c.want.uv) {
			t.Errorf("%s: texture coordinates %v, want %v", c.name, uvs(q), c.want.uv)
		}
		for _, v := range q {
			if v.Position[2] != c.want.depth || v.Color != tint {
				t.Errorf("%s: depth %v colour %v, want %v %v", c.name, v.Position[2], v.Color, c.want.depth, tint)
				break
			}
		}
	}
}

// TestG5_QuadWindingIsClockwise pins the index pattern: both triangles of
// a sprite are clockwise on screen (y down), so the default
// CullCounterClockwise keeps them, flipped or not.
func TestG5_QuadWindingIsClockwise(t *testing.T) {
	r := newSpriteRig(t, [2]int{4, 4})
	must(t, r.sb.Begin())
	r.sb.DrawEx(r.texs[0], mgl32.Vec2{}, nil, graphics.White, 0, mgl32.Vec2{}, mgl32.Vec2{1, 1}, graphics.FlipHorizontally, 0)
	must(t, r.sb.End())
	f := r.end()
	d := f.Draws[0]
	ib := r.fb.Buffers[d.IndexBuffer]
	if ib == nil || d.IndexSize != graphics.ThirtyTwoBits {
		t.Fatalf("index buffer %d (%v)", d.IndexBuffer, d.IndexSize)
	}
	q := spriteVerts(t, f, d)
	for tri := range 2 {
		var p [3]mgl32.Vec3
		for k := range 3 {
			o := 4 * (d.IndexOffset/4 + 3*tri + k)
			idx := uint32(ib.Data[o]) | uint32(ib.Data[o+1])<<8 | uint32(ib.Data[o+2])<<16 | uint32(ib.Data[o+3])<<24
			p[k] = q[idx].Position
		}
		// Screen space has y down: a positive cross product z is clockwise.
		cross := (p[1][0]-p[0][0])*(p[2][1]-p[0][1]) - (p[1][1]-p[0][1])*(p[2][0]-p[0][0])
		if cross <= 0 {
			t.Errorf("triangle %d %v is not clockwise on screen", tri, p)
		}
	}
}

// TestG5_MisuseErrors pins the errors of misuse: Begin returns its own,
// Draw keeps its first for End (the sprite in error is skipped, the others
// drawn), and End always ends the batch.
func TestG5_MisuseErrors(t *testing.T) {
	r := newSpriteRig(t, [2]int{4, 4}, [2]int{4, 4})
	tex, gone := r.texs[0], r.texs[1]
	gone.Dispose()
	other, _ := graphics.NewDevice(graphicstest.New())
	foreign, err := graphics.NewTexture2D(other, 4, 4)
	must(t, err)
	sb2, err := graphics.NewSpriteBatch(r.dev)
	must(t, err)

	// End without Begin.
	if err := r.sb.End(); !errors.Is(err, graphics.ErrNotBegun) {
		t.Errorf("End without Begin: %v", err)
	}
	// Draw outside Begin: kept for the next End.
	r.sb.Draw(tex, mgl32.Vec2{}, graphics.White)
	must(t, r.sb.Begin())
	if err := r.sb.End(); !errors.Is(err, graphics.ErrNotBegun) || !strings.Contains(err.Error(), "draw outside Begin and End") {
		t.Errorf("End after a Draw outside Begin: %v; want ErrNotBegun saying the draw came outside a batch", err)
	}
	// Begin inside Begin; Immediate while another batch is begun; any
	// Begin while an Immediate batch is.
	must(t, r.sb.Begin())
	if err := r.sb.Begin(); !errors.Is(err, graphics.ErrAlreadyBegun) {
		t.Errorf("Begin inside Begin: %v", err)
	}
	if err := sb2.BeginWith(graphics.SpriteBatchSettings{SortMode: graphics.SortImmediate}); !errors.Is(err, graphics.ErrAlreadyBegun) {
		t.Errorf("Immediate Begin while another batch is begun: %v", err)
	}
	must(t, sb2.Begin()) // two deferred batches at once are fine
	must(t, sb2.End())
	must(t, r.sb.End())
	must(t, r.sb.BeginWith(graphics.SpriteBatchSettings{SortMode: graphics.SortImmediate}))
	if err := sb2.Begin(); !errors.Is(err, graphics.ErrAlreadyBegun) {
		t.Errorf("Begin while an Immediate batch is begun: %v", err)
	}
	must(t, r.sb.End())
	if err := r.sb.BeginWith(graphics.SpriteBatchSettings{SortMode: 9}); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("unknown sort mode: %v", err)
	}
	nanBias := graphics.RasterizerState{DepthBias: float32(math.NaN())}
	if err := r.sb.BeginWith(graphics.SpriteBatchSettings{Rasterizer: &nanBias}); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("NaN depth bias: %v", err)
	}
	lit := graphics.NewBasicEffect(r.dev)
	lit.LightingEnabled = true
	if err := r.sb.BeginWith(graphics.SpriteBatchSettings{Effect: lit}); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("lit effect: %v", err)
	}
	if err := r.sb.BeginWith(graphics.SpriteBatchSettings{Effect: graphics.NewBasicEffect(other)}); !errors.Is(err, graphics.ErrWrongDevice) {
		t.Errorf("effect of another device: %v", err)
	}

	// Bad textures: the first error is End's, the good sprites are drawn.
	for _, c := range []struct {
		name string
		tex  *graphics.Texture2D
		want error
	}{
		{"nil texture", nil, graphics.ErrInvalid},
		{"disposed texture", gone, graphics.ErrDisposed},
		{"texture of another device", foreign, graphics.ErrWrongDevice},
	} {
		for _, mode := range []graphics.SpriteSortMode{graphics.SortDeferred, graphics.SortImmediate} {
			must(t, r.sb.BeginWith(graphics.SpriteBatchSettings{SortMode: mode}))
			r.sb.Draw(tex, mgl32.Vec2{}, graphics.White)
			r.sb.Draw(c.tex, mgl32.Vec2{}, graphics.White)
			r.sb.Draw(tex, mgl32.Vec2{}, graphics.White)
			if err := r.sb.End(); !errors.Is(err, c.want) {
				t.Errorf("%s (%v): End returned %v, want %v", c.name, mode, err, c.want)
			}
		}
	}
	// A lit effect applied between Immediate draws: the sprite vertices
	// have no normals.
	must(t, r.sb.BeginWith(graphics.SpriteBatchSettings{SortMode: graphics.SortImmediate}))
	lit.Apply()
	r.sb.Draw(tex, mgl32.Vec2{}, graphics.White)
	if err := r.sb.End(); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("lit effect applied in Immediate mode: %v", err)
	}
	if r.sb.IsBegun() {
		t.Error("batch still begun after End returned an error")
	}
	f := r.end()
	if n := len(allSpritesOf(t, f)); n != 2*6 {
		t.Errorf("%d good sprites drawn, want 12", n)
	}
}

// allSpritesOf returns the first vertex of each sprite of f.
func allSpritesOf(t *testing.T, f *graphics.Frame) []graphics.VertexPositionColorTexture {
	vs, _ := allSprites(t, f)
	var out []graphics.VertexPositionColorTexture
	for i := 0; i < len(vs); i += 4 {
		out = append(out, vs[i])
	}
	return out
}

// TestG5_EndErrors pins the errors End finds itself: a texture disposed
// between Draw and End, a texture that is the render target, the back
// buffer outside a frame.
func TestG5_EndErrors(t *testing.T) {
	r := newSpriteRig(t, [2]int{4, 4}, [2]int{4, 4})
	must(t, r.sb.Begin())
	r.sb.Draw(r.texs[0], mgl32.Vec2{}, graphics.White)
	r.sb.Draw(r.texs[1], mgl32.Vec2{}, graphics.White)
	r.texs[1].Dispose()
	if err := r.sb.End(); !errors.Is(err, graphics.ErrDisposed) {
		t.Errorf("texture disposed before End: %v", err)
	}
	rt, err := graphics.NewRenderTarget2D(r.dev, 8, 8, graphics.RenderTargetOptions{})
	must(t, err)
	r.dev.SetRenderTarget(rt)
	must(t, r.sb.Begin())
	r.sb.Draw(rt.Texture2D, mgl32.Vec2{}, graphics.White)
	if err := r.sb.End(); !errors.Is(err, graphics.ErrInUse) {
		t.Errorf("drawing the render target into itself: %v", err)
	}
	r.dev.SetRenderTarget(nil)
	f := r.end()
	if len(f.Draws) != 1 || f.Draws[0].Texture != r.texs[0].ID() {
		t.Errorf("draws %+v, want the one good sprite", f.Draws)
	}
	must(t, r.sb.Begin())
	r.sb.Draw(r.texs[0], mgl32.Vec2{}, graphics.White)
	if err := r.sb.End(); !errors.Is(err, graphics.ErrOutsideFrame) {
		t.Errorf("back buffer outside a frame: %v", err)
	}
}

// TestG5_EffectReplacesTheSpriteEffect pins Begin's effect: its uniform
// block and shader variant are the draw's, and the sprite's texture is
// sampled.
func TestG5_EffectReplacesTheSpriteEffect(t *testing.T) {
	r := newSpriteRig(t, [2]int{4, 4})
	fx := graphics.NewBasicEffect(r.dev)
	fx.VertexColorEnabled, fx.TextureEnabled = true, true
	fx.Projection = mgl32.Scale3D(2, 2, 1)
	fx.DiffuseColor = mgl32.Vec3{0.5, 0.5, 0.5}
	must(t, r.sb.BeginWith(graphics.SpriteBatchSettings{Effect: fx, Transform: mgl32.Translate3D(100, 0, 0)}))
	r.sb.Draw(r.texs[0], mgl32.Vec2{1, 1}, graphics.White)
	must(t, r.sb.End())
	f := r.end()
	d := f.Draws[0]
	var want graphics.EffectUniforms
	fx.Uniforms(&want)
	if f.Uniforms[d.Uniforms] != want || d.Pipeline.Shader != fx.Variant() || d.Texture != r.texs[0].ID() {
		t.Errorf("draw %+v uniforms %+v, want the effect's", d, f.Uniforms[d.Uniforms])
	}
}

// TestG5_DrawBytesMatchesDrawString pins that both string forms draw the
// same vertices.
func TestG5_DrawBytesMatchesDrawString(t *testing.T) {
	r := newSpriteRig(t)
	font, err := graphics.NewDefaultSpriteFont(r.dev, 14)
	must(t, err)
	must(t, r.sb.Begin())
	r.sb.DrawString(font, "Hé\tllo\nworld", mgl32.Vec2{3, 4}, graphics.White)
	must(t, r.sb.End())
	f := r.end()
	a, _ := allSprites(t, f)
	a = slices.Clone(a)
	must(t, r.dev.BeginFrame(640, 480))
	must(t, r.sb.Begin())
	r.sb.DrawBytes(font, []byte("Hé\tllo\nworld"), mgl32.Vec2{3, 4}, graphics.White)
	must(t, r.sb.End())
	b, _ := allSprites(t, r.end())
	if len(a) == 0 || !slices.Equal(a, b) {
		t.Errorf("DrawBytes drew %d vertices, DrawString %d, or they differ", len(b), len(a))
	}
}

// ExampleSpriteBatch draws a filled rectangle and a line of text with a
// SpriteBatch in one frame.
func ExampleSpriteBatch() {
	dev, _ := graphics.NewDevice(graphicstest.New()) // a game gets its Device from the engine
	font, err := graphics.NewDefaultSpriteFont(dev, 16)
	if err != nil {
		panic(err)
	}
	sb, _ := graphics.NewSpriteBatch(dev)

	_ = dev.BeginFrame(640, 480) // the engine does this around Game.Draw
	_ = dev.Clear(graphics.CornflowerBlue)
	_ = sb.Begin()
	sb.FillRectangle(graphics.Rectangle{X: 20, Y: 20, Width: 200, Height: 40}, graphics.Navy)
	sb.DrawString(font, "Score: 42", mgl32.Vec2{30, 30}, graphics.White)
	if err := sb.End(); err != nil {
		panic(err)
	}
	frame, _ := dev.EndFrame()

	size := font.MeasureString("Score: 42")
	fmt.Printf("text %.1fx%v pixels; %d draws\n", size[0], size[1], len(frame.Draws))
	// Output: text 69.0x19 pixels; 2 draws
}
