package vulkan

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/internal/half"
)

// leftHalf is two triangles covering the left half of a target in clip
// space (x -1..0), for an effect that places vertices as they are.
var leftHalf = []graphics.VertexPositionColor{
	{Position: mgl32.Vec3{-1, -1, 0}}, {Position: mgl32.Vec3{0, -1, 0}}, {Position: mgl32.Vec3{0, 1, 0}},
	{Position: mgl32.Vec3{-1, -1, 0}}, {Position: mgl32.Vec3{0, 1, 0}}, {Position: mgl32.Vec3{-1, 1, 0}},
}

// readTexels reads a 4x4 target of an HDR format back as float32 RGBA.
func readTexels(rt *graphics.RenderTarget2D) ([16][4]float32, error) {
	var out [16][4]float32
	f := rt.Format()
	buf := make([]byte, f.DataSize(4, 4))
	if err := rt.GetData(buf); err != nil {
		return out, err
	}
	for i := range 16 {
		for c := range 4 {
			if f == graphics.SurfaceFormatVector4 {
				out[i][c] = math.Float32frombits(binary.LittleEndian.Uint32(buf[16*i+4*c:]))
			} else {
				out[i][c] = half.ToFloat32(binary.LittleEndian.Uint16(buf[8*i+2*c:]))
			}
		}
	}
	return out, nil
}

// TestG17_HdrTargetsKeepValuesAboveOne: render targets of HalfVector4,
// Vector4 and HdrBlendable, cleared with ClearVector4 to (3, -2, 0.5, 7)
// and then drawn (left half) by an effect whose colour is (2.5, -1,
// 0.25, 1000), read back exactly with GetData; HdrBlendable, cleared to
// zero and drawn twice with additive blending, holds twice the value. Then a texture of each such target is sampled into the
// back buffer (clamped there). On lavapipe with validation.
func TestG17_HdrTargetsKeepValuesAboveOne(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	value := mgl32.Vec4{2.5, -1, 0.25, 1000}
	clearTo := [4]float32{3, -2, 0.5, 7}
	sum := graphics.BlendState{ColorSourceBlend: graphics.BlendOne, ColorDestinationBlend: graphics.BlendOne,
		AlphaSourceBlend: graphics.BlendOne, AlphaDestinationBlend: graphics.BlendOne, BlendFactor: graphics.White}
	formats := []graphics.SurfaceFormat{graphics.SurfaceFormatHalfVector4, graphics.SurfaceFormatVector4, graphics.SurfaceFormatHdrBlendable}
	got := map[graphics.SurfaceFormat][16][4]float32{}
	onContent(t, g, func(c *content) error {
		e, err := graphics.NewEffect(c.dev, effectSPIRV(t, "hdr.vert"), effectSPIRV(t, "hdr.frag"))
		if err != nil {
			return err
		}
		for _, f := range formats {
			rt, err := graphics.NewRenderTarget2D(c.dev, 4, 4, graphics.RenderTargetOptions{Format: f, Depth: graphics.Depth24Stencil8})
			if err != nil {
				return fmt.Errorf("%s: %w", f, err)
			}
			if _, err := c.frame(g, false, func() error {
				c.dev.SetRenderTarget(rt)
				if err := c.dev.ClearVector4(clearTo); err != nil {
					return err
				}
				c.dev.SetRasterizerState(graphics.CullNone)
				c.dev.SetDepthStencilState(graphics.DepthNone)
				c.dev.SetBlendState(graphics.Opaque)
				draws := 1
				if f == graphics.SurfaceFormatHdrBlendable {
					c.dev.SetBlendState(sum)
					if err := c.dev.Clear(graphics.Color{}); err != nil {
						return err
					}
					draws = 2
				}
				e.Parameters["Value"].SetValue(value)
				e.Apply()
				for range draws {
					if err := graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, leftHalf, 0, 2); err != nil {
						return err
					}
				}
				c.dev.SetRenderTarget(nil)
				if err := c.dev.Clear(background); err != nil {
					return err
				}
				c.dev.SetBlendState(graphics.Opaque)
				c.dev.SetSamplerState(graphics.PointClamp)
				return c.quad(0, 0, 64, 64, graphics.White, rt.Texture2D)
			}); err != nil {
				return fmt.Errorf("%s: %w", f, err)
			}
			if got[f], err = readTexels(rt); err != nil {
				return fmt.Errorf("%s: %w", f, err)
			}
		}
		return nil
	})
	for _, f := range formats {
		want, clear := [4]float32(value), clearTo
		if f == graphics.SurfaceFormatHdrBlendable {
			want, clear = [4]float32(value.Mul(2)), [4]float32{}
		}
		px := got[f]
		for i := range 16 {
			w := want
			if i%4 >= 2 {
				w = clear
			}
			if px[i] != w {
				t.Errorf("%s texel %d,%d: %v, want %v", f, i%4, i/4, px[i], w)
			}
		}
	}
	// A format the device cannot blend into (integer formats never are;
	// Vector4's may not be) refuses a blending pipeline with an error.
	if err := g.r.gpu.checkBlendable(vk.FormatR32g32b32a32Uint, graphics.AlphaBlend); !errors.Is(err, graphics.ErrUnsupportedFormat) {
		t.Errorf("blending into R32G32B32A32_UINT: %v, want ErrUnsupportedFormat", err)
	}
	if err := g.r.gpu.checkBlendable(vk.FormatR32g32b32a32Uint, graphics.Opaque); err != nil {
		t.Errorf("Opaque into R32G32B32A32_UINT: %v", err)
	}
	if err := g.r.gpu.checkBlendable(vk.FormatR16g16b16a16Sfloat, graphics.AlphaBlend); err != nil {
		t.Errorf("blending into HdrBlendable's format: %v", err)
	}
}

// le packs values little-endian: uint16, uint32, float32, int8 and
// uint8 as their own sizes, float16 given as half.FromFloat32's uint16.
func le(vals ...any) []byte {
	var b []byte
	for _, v := range vals {
		switch v := v.(type) {
		case uint8:
			b = append(b, v)
		case int8:
			b = append(b, byte(v))
		case uint16:
			b = binary.LittleEndian.AppendUint16(b, v)
		case uint32:
			b = binary.LittleEndian.AppendUint32(b, v)
		case float32:
			b = binary.LittleEndian.AppendUint32(b, math.Float32bits(v))
		}
	}
	return b
}

// formatCase is one texel of a format and the colour a textured quad of
// it shows over white with AlphaBlend (absent channels sample as 1,
// Alpha8 as (0, 0, 0, A)).
type formatCase struct {
	f     graphics.SurfaceFormat
	texel []byte
	want  [3]uint8
}

var formatCases = []formatCase{
	{graphics.SurfaceFormatBgr565, le(uint16(31<<11 | 32<<5)), [3]uint8{255, 130, 0}},
	{graphics.SurfaceFormatBgra5551, le(uint16(1<<15 | 31<<5 | 16)), [3]uint8{0, 255, 132}},
	{graphics.SurfaceFormatBgra4444, le(uint16(0xff08)), [3]uint8{255, 0, 136}},
	{graphics.SurfaceFormatNormalizedByte2, le(int8(127), int8(-127)), [3]uint8{255, 0, 255}},
	{graphics.SurfaceFormatNormalizedByte4, le(int8(0), int8(-127), int8(127), int8(127)), [3]uint8{0, 0, 255}},
	{graphics.SurfaceFormatRgba1010102, le(uint32(1023 | 512<<20 | 3<<30)), [3]uint8{255, 0, 128}},
	{graphics.SurfaceFormatRg32, le(uint16(65535), uint16(0)), [3]uint8{255, 0, 255}},
	{graphics.SurfaceFormatRgba64, le(uint16(0), uint16(65535), uint16(32896), uint16(65535)), [3]uint8{0, 255, 128}},
	{graphics.SurfaceFormatAlpha8, le(uint8(128)), [3]uint8{127, 127, 127}},
	{graphics.SurfaceFormatSingle, le(float32(0.5)), [3]uint8{128, 255, 255}},
	{graphics.SurfaceFormatVector2, le(float32(0.25), float32(0.75)), [3]uint8{64, 191, 255}},
	{graphics.SurfaceFormatVector4, le(float32(1), float32(0.5), float32(0), float32(1)), [3]uint8{255, 128, 0}},
	{graphics.SurfaceFormatHalfSingle, le(half.FromFloat32(0.75)), [3]uint8{191, 255, 255}},
	{graphics.SurfaceFormatHalfVector2, le(half.FromFloat32(0), half.FromFloat32(1)), [3]uint8{0, 255, 255}},
	{graphics.SurfaceFormatHalfVector4, le(half.FromFloat32(0.5), half.FromFloat32(0.25), half.FromFloat32(1), half.FromFloat32(1)), [3]uint8{128, 64, 255}},
	{graphics.SurfaceFormatHdrBlendable, le(half.FromFloat32(2), half.FromFloat32(0), half.FromFloat32(0.5), half.FromFloat32(1)), [3]uint8{255, 0, 128}},
}

// TestG17_EachFormatSamplesAsXNAs: a 2x2 texture of each uncompressed
// format, set with SetData in XNA's layout, reads back the same bytes
// and draws the colour XNA's sampling gives (the layouts and the view
// swizzles), within 1 of rounding. On lavapipe with validation.
func TestG17_EachFormatSamplesAsXNAs(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	back := map[graphics.SurfaceFormat][]byte{}
	var img *image.RGBA
	onContent(t, g, func(c *content) (err error) {
		texs := make([]*graphics.Texture2D, len(formatCases))
		for i, fc := range formatCases {
			if texs[i], err = graphics.NewTexture2DWithFormat(c.dev, 2, 2, false, fc.f); err != nil {
				return err
			}
			data := make([]byte, 0, 4*len(fc.texel))
			for range 4 {
				data = append(data, fc.texel...)
			}
			if err := texs[i].SetData(data); err != nil {
				return err
			}
			back[fc.f] = make([]byte, len(data))
			if err := texs[i].GetData(back[fc.f]); err != nil {
				return err
			}
		}
		img, err = c.frame(g, true, func() error {
			if err := c.dev.Clear(graphics.White); err != nil {
				return err
			}
			c.dev.SetBlendState(graphics.AlphaBlend)
			c.dev.SetSamplerState(graphics.PointClamp)
			for i, tex := range texs {
				if err := c.quad(float32(16*(i%4)), float32(16*(i/4)), 16, 16, graphics.White, tex); err != nil {
					return err
				}
			}
			return nil
		})
		return err
	})
	for i, fc := range formatCases {
		if want := bytes.Repeat(fc.texel, 4); !bytes.Equal(back[fc.f], want) {
			t.Errorf("%s: GetData % x, want % x", fc.f, back[fc.f], want)
		}
		px := img.RGBAAt(16*(i%4)+8, 16*(i/4)+8)
		for ch, got := range []uint8{px.R, px.G, px.B} {
			if d := int(got) - int(fc.want[ch]); d < -1 || d > 1 {
				t.Errorf("%s draws %v, want %v", fc.f, px, fc.want)
				break
			}
		}
	}
}

// TestG17_BasicEffectDrawsIntoAnHdrTarget: BasicEffect's own pipelines
// (not only an Effect's) are built for an HDR target's passes: a quad of
// vertex colour (255, 128, 0, 255) over half of a HalfVector4 target
// cleared to transparent black reads back as (1, 128/255, 0, 1) there;
// a steady frame of it allocates nothing.
func TestG17_BasicEffectDrawsIntoAnHdrTarget(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	var px [16][4]float32
	var allocs float64
	onContent(t, g, func(c *content) error {
		rt, err := graphics.NewRenderTarget2D(c.dev, 4, 4, graphics.RenderTargetOptions{Format: graphics.SurfaceFormatHalfVector4})
		if err != nil {
			return err
		}
		draw := func() error {
			c.dev.SetRenderTarget(rt)
			if err := c.dev.Clear(graphics.Color{}); err != nil {
				return err
			}
			c.dev.SetBlendState(graphics.AlphaBlend)
			if err := c.quad(0, 0, 2, 4, graphics.Color{R: 255, G: 128, A: 255}, nil); err != nil {
				return err
			}
			c.dev.SetRenderTarget(nil)
			return c.dev.Clear(background)
		}
		if _, err := c.frame(g, false, draw); err != nil {
			return err
		}
		if px, err = readTexels(rt); err != nil {
			return err
		}
		allocs, err = c.steadyAllocs(g, 50, draw)
		return err
	})
	if allocs != 0 {
		t.Errorf("a steady frame into an HDR target allocates %v times, want 0", allocs)
	}
	for i, p := range px {
		want := [4]float32{1, 128.0 / 255, 0, 1}
		if i%4 >= 2 {
			want = [4]float32{}
		}
		for ch := range 4 {
			if math.Abs(float64(p[ch]-want[ch])) > 1e-3 {
				t.Errorf("texel %d,%d: %v, want %v", i%4, i/4, p, want)
				break
			}
		}
	}
}
