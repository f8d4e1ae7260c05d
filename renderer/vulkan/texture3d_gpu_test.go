package vulkan

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// volumeSlices are the colours of the test volume's four slices.
var volumeSlices = [4][4]byte{{230, 20, 20, 255}, {20, 220, 30, 255}, {25, 30, 210, 255}, {200, 190, 15, 255}}

// newTestVolume makes a 4x4x4 Texture3D whose slice z is volumeSlices[z]
// throughout.
func newTestVolume(dev *graphics.Device) (*graphics.Texture3D, []byte, error) {
	v, err := graphics.NewTexture3D(dev, 4, 4, 4, false, graphics.SurfaceFormatColor)
	if err != nil {
		return nil, nil, err
	}
	var data []byte
	for z := range 4 {
		data = append(data, bytes.Repeat(volumeSlices[z][:], 16)...)
	}
	return v, data, v.SetData(data)
}

// volumeColumns are four quads side by side across clip space, quad i's
// position z (the shader's r) (i+0.5)/4: the middle of slice i.
func volumeColumns() []graphics.VertexPositionColor {
	var v []graphics.VertexPositionColor
	for i := range 4 {
		x0, x1, r := -1+0.5*float32(i), -1+0.5*float32(i+1), (float32(i)+0.5)/4
		for _, p := range [6][2]float32{{x0, -1}, {x1, -1}, {x1, 1}, {x0, -1}, {x1, 1}, {x0, 1}} {
			v = append(v, graphics.VertexPositionColor{Position: mgl32.Vec3{p[0], p[1], r}, Color: graphics.White})
		}
	}
	return v
}

// TestG17_Texture3DSlicesSampledAndRead: a 4x4x4 Texture3D whose four
// slices have distinct colours is sampled by a custom effect's sampler3D
// at r = (i+0.5)/4 (point sampling) into column i of an 8x2 render
// target; read back, each column is slice i's colour exactly, so slices
// uploaded to the wrong depth, swapped, or a depth ignored (every sample
// reading one slice) fail it. GetData / GetDataRegion read the volume
// back as SetData wrote it (a box in slices 1-2 replaced), and steady
// frames drawing with it allocate nothing. On lavapipe with validation on.
func TestG17_Texture3DSlicesSampledAndRead(t *testing.T) {
	g := openGPU(t, 64, 48, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) error {
		fx, err := graphics.NewEffect(c.dev, effectSPIRV(t, "volume.vert"), effectSPIRV(t, "volume.frag"))
		if err != nil {
			return err
		}
		vol, data, err := newTestVolume(c.dev)
		if err != nil {
			return err
		}
		rt, err := graphics.NewRenderTarget2D(c.dev, 8, 2, graphics.RenderTargetOptions{})
		if err != nil {
			return err
		}
		fx.Parameters["Volume"].SetValue(vol)
		fx.Parameters["ViewProjection"].SetMatrix(mgl32.Ident4())
		cols := volumeColumns()
		draw := func() error {
			c.dev.SetRenderTarget(rt)
			if err := c.dev.Clear(graphics.Color{R: 1, G: 2, B: 3, A: 4}); err != nil {
				return err
			}
			c.dev.SetRasterizerState(graphics.CullNone)
			c.dev.SetDepthStencilState(graphics.DepthNone)
			c.dev.SetBlendState(graphics.Opaque)
			c.dev.SetSamplerState(graphics.PointClamp)
			fx.Apply()
			if err := graphics.DrawUserPrimitives(c.dev, graphics.TriangleList, cols, 0, len(cols)/3); err != nil {
				return err
			}
			c.dev.SetRenderTarget(nil)
			return nil
		}
		if _, err := c.frame(g, false, draw); err != nil {
			return err
		}
		px := make([]byte, 4*8*2)
		if err := rt.GetData(px); err != nil {
			return err
		}
		for y := range 2 {
			for x := range 8 {
				got, want := px[4*(y*8+x):4*(y*8+x)+4], volumeSlices[x/2]
				if !bytes.Equal(got, want[:]) {
					t.Errorf("pixel %d,%d (column %d, r = %.3f): %v, want slice %d's %v", x, y, x/2, (float32(x/2)+0.5)/4, got, x/2, want)
				}
			}
		}
		back := make([]byte, len(data))
		if err := vol.GetData(back); err != nil {
			return err
		}
		if !bytes.Equal(back, data) {
			t.Errorf("GetData differs from SetData: first texels of each slice %v %v %v %v", back[0:4], back[64:68], back[128:132], back[192:196])
		}
		box := bytes.Repeat([]byte{9, 8, 7, 6}, 2*3*2)
		if err := vol.SetDataRegion(0, 1, 0, 3, 3, 1, 3, box); err != nil {
			return err
		}
		part := make([]byte, len(box))
		if err := vol.GetDataRegion(0, 1, 0, 3, 3, 1, 3, part); err != nil {
			return err
		}
		if !bytes.Equal(part, box) {
			t.Errorf("GetDataRegion of the box: %v, want %v", part, box)
		}
		if err := vol.GetData(back); err != nil {
			return err
		}
		for z := range 4 {
			for y := range 4 {
				for x := range 4 {
					at := 4 * ((z*4+y)*4 + x)
					want := volumeSlices[z][:]
					if x >= 1 && x < 3 && y < 3 && z >= 1 && z < 3 {
						want = box[:4]
					}
					if !bytes.Equal(back[at:at+4], want) {
						t.Errorf("texel %d,%d,%d after the box: %v, want %v", x, y, z, back[at:at+4], want)
					}
				}
			}
		}
		if err := vol.SetData(data); err != nil {
			return err
		}
		allocs, err := c.steadyAllocs(g, 20, draw)
		if err != nil {
			return err
		}
		t.Logf("%.1f allocations per steady frame drawing with the Texture3D", allocs)
		if allocs != 0 {
			return fmt.Errorf("%.1f allocations per steady frame, want 0", allocs)
		}
		return nil
	})
}

// TestG17_BigTexture3DIsStreamedSliceBySlice: a Texture3D's SetData of
// more than streamMin bytes goes through the streamed upload, slice by
// slice, and GetData reads every slice back as written.
func TestG17_BigTexture3DIsStreamedSliceBySlice(t *testing.T) {
	g := openGPU(t, 64, 48, Options{SwapInterval: 0})
	onContent(t, g, func(c *content) error {
		const w, h, d = 256, 256, 66
		if 4*w*h*d <= streamMin {
			return fmt.Errorf("%d bytes do not reach the streamed upload's %d", 4*w*h*d, streamMin)
		}
		v, err := graphics.NewTexture3D(c.dev, w, h, d, false, graphics.SurfaceFormatColor)
		if err != nil {
			return err
		}
		data := make([]byte, 4*w*h*d)
		for i := range data {
			texel := i / 4
			data[i] = byte(texel/(w*h)*3 + texel%w + i%4*61) // slice, column and channel each change it
		}
		if err := v.SetData(data); err != nil {
			return err
		}
		back := make([]byte, len(data))
		if err := v.GetData(back); err != nil {
			return err
		}
		for z := range d {
			s := data[z*4*w*h : (z+1)*4*w*h]
			if got := back[z*4*w*h : (z+1)*4*w*h]; !bytes.Equal(got, s) {
				t.Errorf("slice %d read back differs: %v..., want %v...", z, got[:8], s[:8])
			}
		}
		return nil
	})
}

// TestG2_BackendRefusesBadSliceUploads: a hand-built record's upload to
// slices outside a 3D texture (or of the wrong size, or with slices for a
// 2D texture), and reads of slices outside it, are errors wrapping
// ErrOutOfRange, with no panic and validation silent.
func TestG2_BackendRefusesBadSliceUploads(t *testing.T) {
	g := openGPU(t, 64, 64, Options{SwapInterval: 0})
	onMain(t, func() error {
		const vol, flat = graphics.TextureID(9101), graphics.TextureID(9102)
		if err := g.r.CreateTexture(vol, graphics.TextureDesc{Width: 4, Height: 4, Depth3D: 4}); err != nil {
			return err
		}
		if err := g.r.CreateTexture(flat, graphics.TextureDesc{Width: 4, Height: 4}); err != nil {
			return err
		}
		if err := g.r.CreateTexture(9103, graphics.TextureDesc{Width: 4, Height: 4, Depth3D: g.r.gpu.maxVolume + 1}); !errors.Is(err, graphics.ErrTooLarge) {
			return fmt.Errorf("a volume deeper than maxImageDimension3D: %v, want ErrTooLarge", err)
		}
		rc := graphics.Rectangle{Width: 2, Height: 1}
		for _, s := range [][2]int{{-1, 1}, {3, 5}, {4, 5}, {math.MaxInt - 1, math.MaxInt}} {
			if err := g.r.ReadTextureVolume(vol, rc, s[0], s[1], make([]byte, 8*max(s[1]-s[0], 0))); !errors.Is(err, graphics.ErrOutOfRange) {
				return fmt.Errorf("ReadTextureVolume slices %v: %v, want ErrOutOfRange", s, err)
			}
		}
		if err := g.r.ReadTexture(vol, rc, make([]byte, 8)); !errors.Is(err, graphics.ErrInvalid) {
			return fmt.Errorf("ReadTexture of a 3D texture: %v, want ErrInvalid", err)
		}
		bad := []graphics.Upload{
			{Texture: vol, Region: rc, Front: 4, Size: 8},
			{Texture: vol, Region: rc, Front: -1, Size: 8},
			{Texture: vol, Region: rc, Front: 3, Slices: 2, Size: 16},
			{Texture: vol, Region: rc, Front: math.MaxInt, Size: 8},
			{Texture: vol, Region: rc, Slices: math.MaxInt, Size: 8},
			{Texture: vol, Region: rc, Slices: 2, Size: 8},
			{Texture: flat, Region: rc, Slices: 2, Size: 16},
			{Texture: flat, Region: rc, Front: 1, Size: 8},
		}
		for i, up := range bad {
			ok, err := g.r.BeginFrame()
			if err != nil || !ok {
				return fmt.Errorf("begin frame: %v %v", ok, err)
			}
			f := cubeFrame(0, 64, 64)
			f.UploadData = append(f.UploadData, make([]byte, 16)...)
			f.Uploads = append(f.Uploads, up)
			execErr := g.r.Execute(f)
			if _, err := g.r.DrawFrame(0); err != nil {
				return err
			}
			if !errors.Is(execErr, graphics.ErrOutOfRange) {
				return fmt.Errorf("upload %d %+v: Execute gave %v, want ErrOutOfRange", i, up, execErr)
			}
		}
		return nil
	})
}
