package vulkan

import (
	"image"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestG17_RenderTargetCubeDrawnFaceByFace renders the test sky into a
// RenderTargetCube, face by face (a clear to the face's colour, then its
// top-left and bottom-left quadrants drawn as quads in the face's pixels),
// and draws the sky with it: the picture must be the one the sky's
// SetData faces give (the same golden) and pass the same CPU cube lookup,
// so face order and row order of rendered faces are SetData's; each face
// read back with GetData holds SetData's texels.
func TestG17_RenderTargetCubeDrawnFaceByFace(t *testing.T) {
	g := openGPU(t, 160, 120, Options{SwapInterval: 0})
	var img *image.RGBA
	onContent(t, g, func(c *content) (err error) {
		fx, err := graphics.NewEffect(c.dev, effectSPIRV(t, "sky.vert"), effectSPIRV(t, "sky.frag"))
		if err != nil {
			return err
		}
		rt, err := graphics.NewRenderTargetCube(c.dev, skyFaceSize, graphics.RenderTargetOptions{Depth: graphics.Depth24Stencil8})
		if err != nil {
			return err
		}
		fx.Parameters["Sky"].SetValue(rt)
		const half = skyFaceSize / 2
		col := func(p [4]uint8) graphics.Color { return graphics.Color{R: p[0], G: p[1], B: p[2], A: p[3]} }
		img, err = c.frame(g, true, func() error {
			for f := range 6 {
				if err := c.dev.SetRenderTargetCube(rt, graphics.CubeMapFace(f)); err != nil {
					return err
				}
				if err := c.dev.Clear(col(skyTexel(f, half, half))); err != nil {
					return err
				}
				if err := c.quad(0, 0, half, half, col(skyTexel(f, 0, 0)), nil); err != nil {
					return err
				}
				if err := c.quad(0, half, half, half, col(skyTexel(f, 0, half)), nil); err != nil {
					return err
				}
			}
			c.dev.SetRenderTarget(nil)
			return drawSky(c, fx)
		})
		if err != nil {
			return err
		}
		// Each face read back: the texels SetData would have given.
		px := make([]byte, 4*skyFaceSize*skyFaceSize)
		for f := range 6 {
			if err := rt.GetData(graphics.CubeMapFace(f), px); err != nil {
				return err
			}
			for i := 0; i < len(px); i += 4 {
				x, y := i/4%skyFaceSize, i/4/skyFaceSize
				if want := skyTexel(f, x, y); [4]uint8(px[i:i+4]) != want {
					t.Errorf("face %d texel %d,%d read back %v, want %v", f, x, y, px[i:i+4], want)
					break
				}
			}
		}
		return nil
	})
	checkGolden(t, "g17_cube_sky.png", img)
	checkSkyPixels(t, img)
}
