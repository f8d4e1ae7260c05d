package vulkan

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/internal/dxt"
)

// dxt1Image is an 8x8 DXT1 image of four blocks with known colours:
// solid red; green to blue in 4 steps per row (4-colour mode); blue,
// white, their mean and transparent black (3-colour mode); solid yellow.
var dxt1Image = []byte{
	0x00, 0xf8, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // red, indices 0
	0xe0, 0x07, 0x1f, 0x00, 0xe4, 0xe4, 0xe4, 0xe4, // green > blue: indices 0 1 2 3 per row
	0x1f, 0x00, 0xff, 0xff, 0xe4, 0xe4, 0xe4, 0xe4, // blue < white: blue, white, mean, transparent
	0xe0, 0xff, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, // yellow, indices 0
}

// drawDXT1 draws dxt1Image scaled 8 times (point sampling) over the
// background with AlphaBlend into a 64x64 frame, and returns the frame,
// the blocks GetData read back and the renderer's DXT report.
func drawDXT1(t *testing.T) (img *image.RGBA, blocks []byte, report string) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	blocks = make([]byte, len(dxt1Image))
	onContent(t, g, func(c *content) (err error) {
		tex, err := graphics.NewTexture2DWithFormat(c.dev, 8, 8, false, graphics.SurfaceFormatDxt1)
		if err != nil {
			return err
		}
		if err := tex.SetData(dxt1Image); err != nil {
			return err
		}
		img, err = c.frame(g, true, func() error {
			if err := c.dev.Clear(background); err != nil {
				return err
			}
			c.dev.SetBlendState(graphics.AlphaBlend)
			c.dev.SetSamplerState(graphics.PointClamp)
			return c.quad(0, 0, 64, 64, graphics.White, tex)
		})
		if err != nil {
			return err
		}
		return tex.GetData(blocks)
	})
	return img, blocks, g.r.Status().DXT
}

// checkDXT1Frame compares a drawDXT1 frame with the CPU decoder's image
// of dxt1Image (transparent texels showing the background), within 3 per
// channel (a device's BC1 palette may round its thirds differently).
func checkDXT1Frame(t *testing.T, img *image.RGBA) {
	t.Helper()
	ref := make([]byte, 4*8*8)
	dxt.Decode(dxt.DXT1, 8, 8, dxt1Image, ref)
	for y := range 8 {
		for x := range 8 {
			p := ref[4*(8*y+x):]
			want := [3]uint8{p[0], p[1], p[2]}
			if p[3] == 0 {
				want = [3]uint8{background.R, background.G, background.B}
			}
			got := img.RGBAAt(8*x+4, 8*y+4)
			for ch, v := range []uint8{got.R, got.G, got.B} {
				if d := int(v) - int(want[ch]); d < -3 || d > 3 {
					t.Errorf("texel %d,%d draws %v, the decoded reference is %v", x, y, got, want)
					break
				}
			}
		}
	}
}

// TestG17_GoldenDxt1: a DXT1 texture of known colours drawn as the device
// samples it (BC1 where it can, else decoded on the CPU) matches the CPU
// decoder's reference texel by texel and the golden; GetData returns the
// compressed blocks as set; Status says how DXT is handled, in one line.
// On lavapipe with validation.
func TestG17_GoldenDxt1(t *testing.T) {
	img, blocks, report := drawDXT1(t)
	checkDXT1Frame(t, img)
	checkGolden(t, "g17_dxt1.png", img)
	if !bytes.Equal(blocks, dxt1Image) {
		t.Errorf("GetData returned % x, want the blocks set", blocks)
	}
	if report == "" || strings.Contains(report, "\n") {
		t.Errorf("Status.DXT %q, want one line", report)
	}
	t.Logf("Status.DXT: %s", report)
}

// TestG17_Dxt1DecodedOnTheCPU: the same DXT1 texture on a renderer that
// decodes DXT on the CPU (as on a device without BC sampling) draws the
// same image, GetData still returns the blocks, and Status says so.
func TestG17_Dxt1DecodedOnTheCPU(t *testing.T) {
	forceDXTDecode = true
	defer func() { forceDXTDecode = false }()
	img, blocks, report := drawDXT1(t)
	checkDXT1Frame(t, img)
	checkGolden(t, "g17_dxt1.png", img)
	if !bytes.Equal(blocks, dxt1Image) {
		t.Errorf("GetData returned % x, want the blocks set", blocks)
	}
	if !strings.Contains(report, "decoded to RGBA8 on the CPU") {
		t.Errorf("Status.DXT %q, want it to say DXT is decoded on the CPU", report)
	}
}

// TestG17_BigDxt5IsStreamedInWholeBlockRows: a DXT5 texture above the
// streaming threshold (4096x4160, 17 MB) goes up in chunks of whole
// block rows, as BC3 and decoded on the CPU: each block row's colour
// (its index in 5:6:5) shows where it belongs.
func TestG17_BigDxt5IsStreamedInWholeBlockRows(t *testing.T) {
	const w, h = 4096, 4160
	data := make([]byte, graphics.SurfaceFormatDxt5.DataSize(w, h))
	if len(data) <= streamMin {
		t.Fatalf("%d bytes do not stream", len(data))
	}
	rgb565 := func(by int) uint16 { return uint16(by%32)<<11 | uint16(by/32%64)<<5 | uint16(31-by%32) }
	for by := range h / 4 {
		for bx := range w / 4 {
			b := data[16*(by*(w/4)+bx):]
			b[0], b[1] = 255, 255 // alpha 255, indices 0
			b[8], b[9] = byte(rgb565(by)), byte(rgb565(by)>>8)
		}
	}
	for _, decode := range []bool{false, true} {
		forceDXTDecode = decode
		g := openGPU(t, 64, 64, Options{SwapInterval: 0})
		var img *image.RGBA
		onContent(t, g, func(c *content) (err error) {
			tex, err := graphics.NewTexture2DWithFormat(c.dev, w, h, false, graphics.SurfaceFormatDxt5)
			if err != nil {
				return err
			}
			if err := tex.SetData(data); err != nil {
				return err
			}
			img, err = c.frame(g, true, func() error {
				c.dev.SetBlendState(graphics.Opaque)
				c.dev.SetSamplerState(graphics.PointClamp)
				return c.quad(0, 0, 64, 64, graphics.White, tex)
			})
			return err
		})
		forceDXTDecode = false
		ref := make([]byte, 4*4*4)
		for py := range 64 {
			by := (65*py + 32) / 4 // the texel row sampled, 65 per pixel: its block row
			dxt.Decode(dxt.DXT5, 4, 4, data[16*(by*(w/4)):], ref)
			got := img.RGBAAt(10, py) // within 2: a device expands 5 bits by replication, the decoder rounds
			if !near(got, color.RGBA{ref[0], ref[1], ref[2], 255}, 2) {
				t.Errorf("decode %v: row %d (block row %d) draws %v, want %v", decode, py, by, got, ref[:3])
				break
			}
		}
	}
}
