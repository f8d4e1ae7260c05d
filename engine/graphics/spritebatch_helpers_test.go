package graphics_test

import (
	"math"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// spriteRig is a device on the fake backend in a 640x480 frame with a
// sprite batch and a few textures, created in order (IDs ascending).
type spriteRig struct {
	t    testing.TB
	fb   *graphicstest.Backend
	dev  *graphics.Device
	sb   *graphics.SpriteBatch
	texs []*graphics.Texture2D
}

// newSpriteRig makes the rig with textures of the given sizes and begins
// a frame.
func newSpriteRig(t testing.TB, sizes ...[2]int) *spriteRig {
	t.Helper()
	fb := graphicstest.New()
	dev, err := graphics.NewDevice(fb)
	must(t, err)
	sb, err := graphics.NewSpriteBatch(dev)
	must(t, err)
	r := &spriteRig{t: t, fb: fb, dev: dev, sb: sb}
	for _, s := range sizes {
		tex, err := graphics.NewTexture2D(dev, s[0], s[1])
		must(t, err)
		must(t, tex.SetData(make([]byte, 4*s[0]*s[1])))
		r.texs = append(r.texs, tex)
	}
	must(t, dev.BeginFrame(640, 480))
	return r
}

// end ends the frame, checks the record on the fake and returns it.
func (r *spriteRig) end() *graphics.Frame {
	r.t.Helper()
	f, err := r.dev.EndFrame()
	must(r.t, err)
	must(r.t, r.fb.Execute(f))
	return f
}

// spriteVerts returns the sprite vertices a draw reads, in draw order:
// 4 per sprite (top-left, top-right, bottom-left, bottom-right).
func spriteVerts(t testing.TB, f *graphics.Frame, d graphics.Draw) []graphics.VertexPositionColorTexture {
	t.Helper()
	const stride = int(unsafe.Sizeof(graphics.VertexPositionColorTexture{}))
	if !d.Indexed || d.VertexBuffer != 0 || d.Pipeline.Vertex.Stride != stride || d.Count%6 != 0 {
		t.Fatalf("not a sprite draw: %+v", d)
	}
	n := 4 * d.Count / 6
	at := d.VertexOffset + d.BaseVertex*stride
	if at+n*stride > len(f.Vertices) {
		t.Fatalf("draw reads vertices %d..%d of an arena of %d bytes", at, at+n*stride, len(f.Vertices))
	}
	return unsafe.Slice((*graphics.VertexPositionColorTexture)(unsafe.Pointer(&f.Vertices[at])), n)
}

// allSprites returns the vertices of every draw of f in order, with the
// texture of each sprite.
func allSprites(t testing.TB, f *graphics.Frame) ([]graphics.VertexPositionColorTexture, []graphics.TextureID) {
	t.Helper()
	var vs []graphics.VertexPositionColorTexture
	var ts []graphics.TextureID
	for _, d := range f.Draws {
		v := spriteVerts(t, f, d)
		vs = append(vs, v...)
		for range len(v) / 4 {
			ts = append(ts, d.Texture)
		}
	}
	return vs, ts
}

// nearAll reports whether a and b agree to within 1e-4 per component.
func nearAll(a, b []float32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > 1e-4 {
			return false
		}
	}
	return true
}

// corners returns a quad's positions as x0,y0, x1,y1, ... (TL, TR, BL, BR).
func corners(q []graphics.VertexPositionColorTexture) []float32 {
	var out []float32
	for _, v := range q[:4] {
		out = append(out, v.Position[0], v.Position[1])
	}
	return out
}

// uvs returns a quad's texture coordinates in corner order.
func uvs(q []graphics.VertexPositionColorTexture) []float32 {
	var out []float32
	for _, v := range q[:4] {
		out = append(out, v.TextureCoordinate[0], v.TextureCoordinate[1])
	}
	return out
}

// spriteClip maps a sprite vertex through a draw's uniform block.
func spriteClip(f *graphics.Frame, d graphics.Draw, p mgl32.Vec3) mgl32.Vec4 {
	return f.Uniforms[d.Uniforms].WorldViewProjection.Mul4x1(p.Vec4(1))
}
