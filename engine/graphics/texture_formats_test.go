package graphics_test

//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/hdr.vert.spv testdata/effects/hdr.vert
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/hdr.frag.spv testdata/effects/hdr.frag
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/attrs.vert.spv testdata/effects/attrs.vert
//go:generate glslc --target-env=vulkan1.0 -o testdata/effects/attrs.frag.spv testdata/effects/attrs.frag

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG17_TextureInterfaceNameAndTag: EffectParameter.SetTexture takes
// any Texture (a Texture2D, a render target, nil, a nil pointer of
// either), and textures and buffers carry the game's Name and Tag.
func TestG17_TextureInterfaceNameAndTag(t *testing.T) {
	r := newRig(t)
	e := texturedEffect(t, r)
	rt, err := graphics.NewRenderTarget2D(r.dev, 4, 4, graphics.RenderTargetOptions{})
	must(t, err)
	p := e.Parameters[texParam(t, e)]
	var nilTex *graphics.Texture2D
	var nilRT *graphics.RenderTarget2D
	for _, tex := range []graphics.Texture{r.tex, rt, rt.Texture2D, nil, nilTex, nilRT} {
		p.SetTexture(tex)
	}
	var tx graphics.Texture = rt
	if tx.ID() != rt.ID() || tx.Format() != graphics.SurfaceFormatColor || tx.LevelCount() != 1 || tx.IsDisposed() {
		t.Errorf("render target as a Texture: id %d format %v levels %d", tx.ID(), tx.Format(), tx.LevelCount())
	}
	r.tex.Name, r.tex.Tag = "checker", 42
	rt.Name = "scene"
	r.vb.Name, r.ib.Tag = "cube", []int{1}
	if r.tex.Name != "checker" || r.tex.Tag != 42 || rt.Texture2D.Name != "scene" || r.vb.Name != "cube" || r.ib.Tag == nil {
		t.Error("Name and Tag not kept")
	}
}

// texturedEffect returns an effect with a texture parameter.
func texturedEffect(t *testing.T, r *rig) *graphics.Effect {
	t.Helper()
	e, err := graphics.NewSpriteEffect(r.dev, spv(t, "crt.frag"))
	must(t, err)
	return e
}

// texParam returns the name of e's texture parameter.
func texParam(t *testing.T, e *graphics.Effect) string {
	t.Helper()
	for name, p := range e.Parameters {
		if p.ParameterClass == graphics.ParameterObject {
			return name
		}
	}
	t.Fatal("the effect has no texture parameter")
	return ""
}

// TestG17_SurfaceFormatsNamedCreatedAndSized: the formats carry XNA's
// numbers and names; every one can be created as a texture, with its
// data sized as XNA's (bytes per texel, or per 4x4 block for DXT); a
// render target can be Color, HalfVector4, Vector4 or HdrBlendable, and
// another format is an ErrUnsupportedFormat error naming it.
func TestG17_SurfaceFormatsNamedCreatedAndSized(t *testing.T) {
	r := newRig(t)
	want := map[graphics.SurfaceFormat]string{
		graphics.SurfaceFormatColor: "Color", graphics.SurfaceFormatBgr565: "Bgr565", graphics.SurfaceFormatBgra5551: "Bgra5551",
		graphics.SurfaceFormatBgra4444: "Bgra4444", graphics.SurfaceFormatDxt1: "Dxt1", graphics.SurfaceFormatDxt3: "Dxt3",
		graphics.SurfaceFormatDxt5: "Dxt5", graphics.SurfaceFormatAlpha8: "Alpha8", graphics.SurfaceFormatSingle: "Single",
		graphics.SurfaceFormatVector2: "Vector2", graphics.SurfaceFormatVector4: "Vector4", graphics.SurfaceFormatHalfSingle: "HalfSingle",
		graphics.SurfaceFormatHalfVector2: "HalfVector2", graphics.SurfaceFormatHalfVector4: "HalfVector4",
		graphics.SurfaceFormatHdrBlendable: "HdrBlendable",
	}
	// Bytes of an 8x8 texture in each format (XNA's sizes).
	size := map[graphics.SurfaceFormat]int{
		graphics.SurfaceFormatColor: 256, graphics.SurfaceFormatBgr565: 128, graphics.SurfaceFormatBgra5551: 128,
		graphics.SurfaceFormatBgra4444: 128, graphics.SurfaceFormatDxt1: 32, graphics.SurfaceFormatDxt3: 64,
		graphics.SurfaceFormatDxt5: 64, graphics.SurfaceFormatAlpha8: 64, graphics.SurfaceFormatSingle: 256,
		graphics.SurfaceFormatVector2: 512, graphics.SurfaceFormatVector4: 1024, graphics.SurfaceFormatHalfSingle: 128,
		graphics.SurfaceFormatHalfVector2: 256, graphics.SurfaceFormatHalfVector4: 512, graphics.SurfaceFormatHdrBlendable: 512,
	}
	if graphics.SurfaceFormatDxt1 != 4 || graphics.SurfaceFormatAlpha8 != 12 || graphics.SurfaceFormatHdrBlendable != 19 {
		t.Error("the formats are not numbered as XNA's")
	}
	for f, name := range want {
		if f.String() != name {
			t.Errorf("format %d is named %q, want %q", uint8(f), f, name)
		}
		tex, err := graphics.NewTexture2DWithFormat(r.dev, 8, 8, true, f)
		if err != nil || tex.LevelCount() != 4 || tex.Format() != f {
			t.Fatalf("%s texture: %v", name, err)
		}
		if n := f.DataSize(8, 8); n != size[f] {
			t.Errorf("%s: DataSize(8, 8) = %d, want %d", name, n, size[f])
		}
		data := make([]byte, size[f])
		for i := range data {
			data[i] = byte(i*7 + 3)
		}
		must(t, tex.SetData(data))
		got := make([]byte, size[f])
		must(t, tex.GetData(got))
		if !bytes.Equal(got, data) {
			t.Errorf("%s: GetData after SetData differs", name)
		}
		if err := tex.SetData(make([]byte, 4*64+1)); !errors.Is(err, graphics.ErrInvalid) || !strings.Contains(err.Error(), name) {
			t.Errorf("%s: SetData of a wrong size: %v, want ErrInvalid naming the format", name, err)
		}
		rt, rtErr := graphics.NewRenderTarget2D(r.dev, 8, 8, graphics.RenderTargetOptions{Format: f})
		if f.IsRenderTargetFormat() {
			if rtErr != nil || rt.Format() != f {
				t.Errorf("%s render target: %v", name, rtErr)
			}
			continue
		}
		if !errors.Is(rtErr, graphics.ErrUnsupportedFormat) || !strings.Contains(rtErr.Error(), name) {
			t.Errorf("%s render target: %v, want ErrUnsupportedFormat naming the format", name, rtErr)
		}
	}
	if _, err := graphics.NewTexture2DWithFormat(r.dev, 8, 8, false, 99); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("format 99: %v, want ErrInvalid", err)
	}
}

// TestG17_DxtRegionsAndLevelsKeepTheirBlocks: a DXT texture's regions
// are whole 4x4 blocks (or reach the edge), anything else an error
// saying so; GetData returns the blocks set, per region and level, as
// XNA's does; a new one reads as zero blocks.
func TestG17_DxtRegionsAndLevelsKeepTheirBlocks(t *testing.T) {
	r := newRig(t)
	tex, err := graphics.NewTexture2DWithFormat(r.dev, 10, 6, true, graphics.SurfaceFormatDxt5)
	must(t, err)
	all := make([]byte, graphics.SurfaceFormatDxt5.DataSize(10, 6))
	must(t, tex.GetData(all))
	if len(all) != 16*3*2 || !bytes.Equal(all, make([]byte, len(all))) {
		t.Fatalf("a new Dxt5 10x6 texture: %d bytes, want 96 zero bytes", len(all))
	}
	block := bytes.Repeat([]byte{9}, 16)
	must(t, tex.SetDataRect(graphics.Rectangle{X: 8, Y: 4, Width: 2, Height: 2}, block)) // the edge block
	must(t, tex.GetData(all))
	if !bytes.Equal(all[16*5:], block) || !bytes.Equal(all[:16*5], make([]byte, 16*5)) {
		t.Errorf("the corner block did not land in the last block: % x", all)
	}
	for _, rc := range []graphics.Rectangle{{X: 2, Y: 0, Width: 4, Height: 4}, {X: 0, Y: 0, Width: 6, Height: 4}} {
		if err := tex.SetDataRect(rc, make([]byte, 32)); !errors.Is(err, graphics.ErrInvalid) || !strings.Contains(err.Error(), "4x4 blocks") {
			t.Errorf("region %+v: %v, want ErrInvalid about whole blocks", rc, err)
		}
	}
	lvl := bytes.Repeat([]byte{5}, 16)
	must(t, tex.SetDataLevel(2, graphics.Rectangle{Width: 2, Height: 1}, lvl))
	got := make([]byte, 16)
	must(t, tex.GetDataLevel(2, graphics.Rectangle{Width: 2, Height: 1}, got))
	if !bytes.Equal(got, lvl) {
		t.Errorf("level 2 reads % x, want % x", got, lvl)
	}
	if err := tex.SetColors(make([]graphics.Color, 60)); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("SetColors on a Dxt5 texture: %v, want ErrInvalid", err)
	}
	if err := tex.SaveAsPng(io.Discard, 10, 6); !errors.Is(err, graphics.ErrUnsupportedFormat) {
		t.Errorf("SaveAsPng of a Dxt5 texture: %v, want ErrUnsupportedFormat", err)
	}
}

// TestG17_SaveAsPngAndJpeg: SaveAsPng writes the texels as they are (at
// the texture's size exactly, scaled with nearest sampling otherwise);
// SaveAsJpeg writes them without alpha, close to them; bad sizes are
// errors.
func TestG17_SaveAsPngAndJpeg(t *testing.T) {
	r := newRig(t)
	tex, err := graphics.NewTexture2D(r.dev, 2, 2)
	must(t, err)
	px := []graphics.Color{{R: 200, G: 10, B: 30, A: 255}, {R: 0, G: 128, B: 0, A: 128}, {B: 255, A: 255}, {R: 90, G: 90, B: 90, A: 255}}
	must(t, tex.SetColors(px))
	var buf bytes.Buffer
	must(t, tex.SaveAsPng(&buf, 2, 2))
	img, err := png.Decode(&buf)
	must(t, err)
	n, ok := img.(*image.NRGBA)
	if !ok {
		t.Fatalf("decoded %T, want NRGBA", img)
	}
	for i, c := range px {
		got := n.Pix[4*i : 4*i+4]
		if got[0] != c.R || got[1] != c.G || got[2] != c.B || got[3] != c.A {
			t.Errorf("texel %d saved as %v, want %v", i, got, c)
		}
	}
	buf.Reset()
	must(t, tex.SaveAsPng(&buf, 4, 4))
	img, err = png.Decode(&buf)
	must(t, err)
	if c := img.(*image.NRGBA).NRGBAAt(3, 0); c.G != 128 || c.A != 128 {
		t.Errorf("scaled texel (3, 0) %v, want texel (1, 0)", c)
	}
	buf.Reset()
	must(t, tex.SaveAsJpeg(&buf, 16, 16))
	j, err := jpeg.Decode(&buf)
	must(t, err)
	if rr, _, _, _ := j.At(2, 2).RGBA(); rr>>8 < 170 {
		t.Errorf("JPEG texel (2, 2) red %d, want about 200", rr>>8)
	}
	if err := tex.SaveAsPng(&buf, 0, 4); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("size 0x4: %v", err)
	}
}

// TestG17_DeviceTextureSlotTakesAnyTexture: Device.SetTexture(0, t)
// replaces the texture the last Apply set, for the draws until the next
// Apply, and takes a render target as well; other slots and another
// device's or a disposed texture are errors.
func TestG17_DeviceTextureSlotTakesAnyTexture(t *testing.T) {
	r := newRig(t)
	rt, err := graphics.NewRenderTarget2D(r.dev, 4, 4, graphics.RenderTargetOptions{})
	must(t, err)
	must(t, r.dev.BeginFrame(8, 8))
	r.dev.SetRenderTarget(rt)
	must(t, r.dev.Clear(graphics.Black))
	r.dev.SetRenderTarget(nil)
	r.fx.TextureEnabled, r.fx.Texture = true, r.tex
	r.bind()
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
	r.dev.SetTexture(0, rt)
	if r.dev.Texture(0).ID() != rt.ID() || r.dev.Texture(1) != nil {
		t.Error("Texture(0) is not the render target set")
	}
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
	r.fx.Apply()
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
	f := r.present()
	d := f.Draws[len(f.Draws)-3:]
	if d[0].Texture != r.tex.ID() || d[1].Texture != rt.ID() || d[2].Texture != r.tex.ID() {
		t.Errorf("draws sample %d, %d, %d; want %d, %d, %d", d[0].Texture, d[1].Texture, d[2].Texture, r.tex.ID(), rt.ID(), r.tex.ID())
	}
	r.dev.SetTexture(graphics.MaxTextureSlots, rt)
	if err := r.dev.Err(); !errors.Is(err, graphics.ErrOutOfRange) {
		t.Errorf("slot %d: %v", graphics.MaxTextureSlots, err)
	}
	other := newRig(t)
	r.dev.SetTexture(0, other.tex)
	if err := r.dev.Err(); !errors.Is(err, graphics.ErrWrongDevice) {
		t.Errorf("another device's texture: %v", err)
	}
	gone, err := graphics.NewTexture2D(r.dev, 1, 1)
	must(t, err)
	gone.Dispose()
	r.dev.SetTexture(0, gone)
	if err := r.dev.Err(); !errors.Is(err, graphics.ErrDisposed) {
		t.Errorf("disposed texture: %v", err)
	}
	r.dev.SetTexture(0, nil)
	if r.dev.Texture(0) != nil {
		t.Error("SetTexture(0, nil) left a texture")
	}
}

// TestG17_VertexFormatsAndUsagesOfXNA: the vertex element formats have
// XNA's sizes, the usages XNA's names; a declaration takes every usage;
// a custom effect's inputs named inTangent, inBinormal and inFog read
// those usages (the backend gets them in its EffectDesc).
func TestG17_VertexFormatsAndUsagesOfXNA(t *testing.T) {
	sizes := map[graphics.VertexElementFormat]int{
		graphics.FormatByte4: 4, graphics.FormatShort2: 4, graphics.FormatShort4: 8, graphics.FormatNormalizedShort2: 4,
		graphics.FormatNormalizedShort4: 8, graphics.FormatHalfVector2: 4, graphics.FormatHalfVector4: 8,
	}
	for f, n := range sizes {
		if f.Size() != n {
			t.Errorf("format %d: size %d, want %d", f, f.Size(), n)
		}
	}
	names := map[graphics.VertexElementUsage]string{
		graphics.UsageBinormal: "Binormal", graphics.UsageTangent: "Tangent", graphics.UsagePointSize: "PointSize",
		graphics.UsageDepth: "Depth", graphics.UsageFog: "Fog", graphics.UsageSample: "Sample",
		graphics.UsageTessellateFactor: "TessellateFactor",
	}
	off := 0
	var els []graphics.VertexElement
	for u, name := range names {
		if u.String() != name {
			t.Errorf("usage %d is named %q, want %q", uint8(u), u, name)
		}
		els = append(els, graphics.VertexElement{Offset: off, Format: graphics.FormatHalfVector2, Usage: u})
		off += 4
	}
	if _, err := graphics.NewVertexDeclaration(off, els...); err != nil {
		t.Errorf("a declaration of the new usages: %v", err)
	}
	if _, err := graphics.NewVertexDeclaration(4, graphics.VertexElement{Format: graphics.FormatShort2, Usage: graphics.UsageTessellateFactor + 1}); err == nil {
		t.Error("a usage past TessellateFactor was accepted")
	}
	r := newRig(t)
	e, err := graphics.NewEffect(r.dev, spv(t, "attrs.vert"), spv(t, "attrs.frag"))
	must(t, err)
	got := map[string]graphics.VertexElementUsage{}
	for _, in := range r.fb.Effects[e.ID()].Desc.Inputs {
		got[in.Name] = in.Usage
	}
	if got["inTangent"] != graphics.UsageTangent || got["inBinormal"] != graphics.UsageBinormal || got["inFog"] != graphics.UsageFog {
		t.Errorf("the effect's inputs read usages %v", got)
	}
}

// TestG17_ClearVector4KeepsHdrValues: ClearVector4 clears an HDR target
// to floats as they are and a Color target clamped to 0..1; a later
// Clear(Color) of the same pass is a Color clear again; a NaN is an
// error.
func TestG17_ClearVector4KeepsHdrValues(t *testing.T) {
	r := newRig(t)
	hdr, err := graphics.NewRenderTarget2D(r.dev, 2, 2, graphics.RenderTargetOptions{Format: graphics.SurfaceFormatVector4})
	must(t, err)
	col, err := graphics.NewRenderTarget2D(r.dev, 2, 2, graphics.RenderTargetOptions{})
	must(t, err)
	v := [4]float32{3, -2, 0.5, 7}
	r.dev.SetRenderTarget(hdr)
	must(t, r.dev.ClearVector4(v))
	r.dev.SetRenderTarget(col)
	must(t, r.dev.ClearVector4(v))
	r.dev.SetRenderTarget(nil)
	px := make([]byte, 64)
	must(t, hdr.GetData(px))
	for i := range 4 {
		if got := math.Float32frombits(binary.LittleEndian.Uint32(px[4*i:])); got != v[i] {
			t.Errorf("Vector4 target channel %d: %v, want %v", i, got, v[i])
		}
	}
	c := make([]byte, 16)
	must(t, col.GetData(c))
	if !bytes.Equal(c[:4], []byte{255, 0, 128, 255}) {
		t.Errorf("Color target cleared to % d, want 255 0 128 255", c[:4])
	}
	r.dev.SetRenderTarget(col)
	must(t, r.dev.ClearVector4(v))
	must(t, r.dev.Clear(graphics.Color{B: 9, A: 9}))
	r.dev.SetRenderTarget(nil)
	must(t, col.GetData(c))
	if !bytes.Equal(c[:4], []byte{0, 0, 9, 9}) {
		t.Errorf("Clear(Color) after ClearVector4: % d, want 0 0 9 9", c[:4])
	}
	r.dev.SetRenderTarget(hdr)
	if err := r.dev.ClearVector4([4]float32{float32(math.NaN())}); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("a NaN clear: %v, want ErrInvalid", err)
	}
	r.dev.SetRenderTarget(nil)
}
