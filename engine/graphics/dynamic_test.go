package graphics_test

import (
	"bytes"
	"errors"
	"testing"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// dynQuad is six vertices of colour c, x shifted by dx.
func dynQuad(c graphics.Color, dx float32) []graphics.VertexPositionColor {
	v := func(x, y float32) graphics.VertexPositionColor {
		return graphics.VertexPositionColor{Position: mgl32.Vec3{x + dx, y, 0}, Color: c}
	}
	return []graphics.VertexPositionColor{v(0, 0), v(1, 0), v(1, 1), v(0, 0), v(1, 1), v(0, 1)}
}

func vertexBytes(v []graphics.VertexPositionColor) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(&v[0])), len(v)*int(unsafe.Sizeof(v[0])))
}

// TestG19_SetDataOptionsInARecord pins what each option does to the draws
// of one record: a dynamic buffer's draws read a copy in the vertex
// arena; Discard and None start a new copy for the draws that follow and
// leave the earlier draws' copy as it was; NoOverwrite writes into the
// copy the earlier draws share; the next record copies afresh. A static
// buffer still refuses SetData after a draw in the same record.
func TestG19_SetDataOptionsInARecord(t *testing.T) {
	r := newRig(t)
	decl := graphics.VertexPositionColor{}.VertexDeclaration()
	vb, err := graphics.NewDynamicVertexBuffer(r.dev, decl, 6, graphics.BufferUsageNone)
	must(t, err)
	ib, err := graphics.NewDynamicIndexBuffer(r.dev, graphics.SixteenBits, 6, graphics.BufferUsageNone)
	must(t, err)
	fx := graphics.NewBasicEffect(r.dev)
	fx.VertexColorEnabled = true
	a, b, c := dynQuad(graphics.Red, 0), dynQuad(graphics.Green, 10), dynQuad(graphics.Blue, 20)

	must(t, r.dev.BeginFrame(8, 8))
	fx.Apply()
	r.dev.SetVertexBuffer(vb.VertexBuffer)
	r.dev.SetIndices(ib.IndexBuffer)
	must(t, graphics.SetDynamicVertexData(vb, 0, a, graphics.SetDataDiscard))
	must(t, graphics.SetDynamicIndexData(ib, 0, []uint16{0, 1, 2, 3, 4, 5}, graphics.SetDataDiscard))
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 2)) // draw 0: a
	must(t, graphics.SetDynamicVertexData(vb, 3, b[3:], graphics.SetDataNoOverwrite))
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 3, 1)) // draw 1: same copy, b's second triangle
	must(t, graphics.SetDynamicVertexData(vb, 0, c, graphics.SetDataDiscard))
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 2)) // draw 2: c, indices from the arena
	must(t, graphics.SetDynamicIndexData(ib, 0, []uint16{5, 4, 3}, graphics.SetDataNone))
	must(t, vb.SetData(0, vertexBytes(a), graphics.SetDataNone))
	must(t, r.dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 1)) // draw 3: a, indices 5 4 3
	f := r.present()

	if len(f.Draws) != 4 {
		t.Fatalf("%d draws, want 4", len(f.Draws))
	}
	stride := decl.Stride
	at := func(i, vertex, n int) []byte {
		d := f.Draws[i]
		if d.VertexBuffer != 0 {
			t.Fatalf("draw %d reads vertex buffer %d, want the arena (0)", i, d.VertexBuffer)
		}
		o := d.VertexOffset + vertex*stride
		return f.Vertices[o : o+n*stride]
	}
	want := append(append([]graphics.VertexPositionColor{}, a[:3]...), b[3:]...)
	if !bytes.Equal(at(0, 0, 6), vertexBytes(want)) {
		t.Error("draw 0 does not read a's first triangle and NoOverwrite's b")
	}
	if f.Draws[1].VertexOffset != f.Draws[0].VertexOffset+3*stride {
		t.Errorf("NoOverwrite took a new copy: draw 1 at %d, draw 0 at %d", f.Draws[1].VertexOffset, f.Draws[0].VertexOffset)
	}
	if !bytes.Equal(at(2, 0, 6), vertexBytes(c)) || f.Draws[2].VertexOffset == f.Draws[0].VertexOffset {
		t.Error("draw 2 after Discard does not read its own copy of c")
	}
	if !bytes.Equal(at(3, 0, 6), vertexBytes(a)) || f.Draws[3].VertexOffset == f.Draws[2].VertexOffset {
		t.Error("draw 3 after None does not read its own copy of a")
	}
	idx := func(i, n int) []uint16 {
		d := f.Draws[i]
		if !d.Indexed || d.IndexBuffer != 0 {
			t.Fatalf("draw %d: indexed %v from buffer %d, want the arena", i, d.Indexed, d.IndexBuffer)
		}
		return unsafe.Slice((*uint16)(unsafe.Pointer(&f.Vertices[d.IndexOffset])), n)
	}
	if got := idx(2, 6); got[0] != 0 || got[5] != 5 {
		t.Errorf("draw 2 indices %v, want 0..5", got)
	}
	if got := idx(3, 3); got[0] != 5 || got[2] != 3 {
		t.Errorf("draw 3 indices %v, want 5 4 3", got)
	}

	// A new record copies the buffer again (memory of that frame).
	must(t, r.dev.BeginFrame(8, 8))
	fx.Apply()
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 2))
	f = r.present()
	if !bytes.Equal(at(0, 0, 6), vertexBytes(a)) {
		t.Error("the next frame's draw does not read the buffer's contents")
	}

	// A static buffer keeps its rule: no SetData after a draw in the record.
	must(t, r.dev.BeginFrame(8, 8))
	r.bind()
	must(t, r.dev.DrawPrimitives(graphics.TriangleList, 0, 1))
	verts, _ := graphics.Cube()
	if err := graphics.SetVertexData(r.vb, 0, verts); !errors.Is(err, graphics.ErrInUse) {
		t.Errorf("static SetData after its draw: %v, want ErrInUse", err)
	}
	r.present()
}

// TestG19_DynamicBufferErrors: bad options, ranges, element sizes,
// disposed buffers, GetData on a write-only buffer and a dynamic instance
// stream are errors naming what to change.
func TestG19_DynamicBufferErrors(t *testing.T) {
	r := newRig(t)
	decl := graphics.VertexPositionColor{}.VertexDeclaration()
	vb, err := graphics.NewDynamicVertexBuffer(r.dev, decl, 6, graphics.BufferUsageWriteOnly)
	must(t, err)
	ib, err := graphics.NewDynamicIndexBuffer(r.dev, graphics.ThirtyTwoBits, 6, graphics.BufferUsageNone)
	must(t, err)
	q := dynQuad(graphics.Red, 0)
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"option 3", graphics.SetDynamicVertexData(vb, 0, q, 3), graphics.ErrInvalid},
		{"7 vertices", graphics.SetDynamicVertexData(vb, 0, append(q, q[0]), graphics.SetDataDiscard), graphics.ErrOutOfRange},
		{"start -1", graphics.SetDynamicVertexData(vb, -1, q[:1], graphics.SetDataDiscard), graphics.ErrOutOfRange},
		{"bytes past the end", vb.SetData(90, make([]byte, 8), graphics.SetDataNone), graphics.ErrOutOfRange},
		{"16-bit into 32", graphics.SetDynamicIndexData(ib, 0, []uint16{1}, graphics.SetDataNone), graphics.ErrInvalid},
		{"index start 6", graphics.SetDynamicIndexData(ib, 6, []uint32{1}, graphics.SetDataNone), graphics.ErrOutOfRange},
		{"usage 2", func() error { _, err := graphics.NewDynamicVertexBuffer(r.dev, decl, 6, 2); return err }(), graphics.ErrInvalid},
		{"get data write-only", func() error { _, err := vb.GetData(0, make([]byte, 4)); return err }(), graphics.ErrInvalid},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: %v, want %v", c.name, c.err, c.want)
		}
	}
	must(t, graphics.SetDynamicIndexData(ib, 0, []uint32{7, 8}, graphics.SetDataNone))
	got := make([]uint32, 2)
	if n, err := graphics.GetIndexData(ib.IndexBuffer, 0, got); err != nil || n != 2 || got[0] != 7 || got[1] != 8 {
		t.Errorf("GetIndexData of a BufferUsageNone buffer: %v %d %v", err, n, got)
	}
	if vb.BufferUsage() != graphics.BufferUsageWriteOnly || ib.BufferUsage() != graphics.BufferUsageNone || vb.IsContentLost() {
		t.Error("usage or content-lost reported wrongly")
	}
	// A dynamic buffer as the instance stream.
	inst, err := graphics.NewDynamicVertexBuffer(r.dev, decl, 4, graphics.BufferUsageNone)
	must(t, err)
	must(t, r.dev.BeginFrame(8, 8))
	r.dev.SetVertexBuffers(graphics.VertexBufferBinding{VertexBuffer: r.vb},
		graphics.VertexBufferBinding{VertexBuffer: inst.VertexBuffer, InstanceFrequency: 1})
	r.dev.SetIndices(r.ib)
	if err := r.dev.DrawInstancedPrimitives(graphics.TriangleList, 0, 0, 1, 2); !errors.Is(err, graphics.ErrInvalid) {
		t.Errorf("dynamic instance stream: %v, want ErrInvalid", err)
	}
	r.present()
	vb.Dispose()
	if err := graphics.SetDynamicVertexData(vb, 0, q, graphics.SetDataDiscard); !errors.Is(err, graphics.ErrDisposed) {
		t.Errorf("disposed: %v, want ErrDisposed", err)
	}
}

// TestG19_DynamicRewriteAllocatesNothing: recording a frame that rewrites
// a 10,000-vertex dynamic buffer with Discard and draws it allocates
// nothing once warm (on the fake backend; the Vulkan test pins the same
// with the renderer).
func TestG19_DynamicRewriteAllocatesNothing(t *testing.T) {
	fb := graphicstest.New()
	dev, err := graphics.NewDevice(fb)
	must(t, err)
	decl := graphics.VertexPositionColor{}.VertexDeclaration()
	vb, err := graphics.NewDynamicVertexBuffer(dev, decl, 10000, graphics.BufferUsageWriteOnly)
	must(t, err)
	fx := graphics.NewBasicEffect(dev)
	fx.VertexColorEnabled = true
	verts := make([]graphics.VertexPositionColor, 10000)
	n := 0
	frame := func() {
		n++
		for i := range verts {
			verts[i].Position[0] = float32(i + n)
		}
		must(t, dev.BeginFrame(8, 8))
		fx.Apply()
		dev.SetVertexBuffer(vb.VertexBuffer)
		must(t, graphics.SetDynamicVertexData(vb, 0, verts, graphics.SetDataDiscard))
		must(t, dev.DrawPrimitives(graphics.TriangleList, 0, 3333))
		must(t, graphics.SetDynamicVertexData(vb, 0, verts[:6], graphics.SetDataNoOverwrite))
		must(t, dev.DrawPrimitives(graphics.TriangleList, 0, 2))
		f, err := dev.EndFrame()
		must(t, err)
		must(t, fb.Execute(f))
	}
	for range 5 {
		frame()
	}
	if a := testing.AllocsPerRun(100, frame); a != 0 {
		t.Errorf("%.2f allocations per frame, want 0", a)
	}
}
