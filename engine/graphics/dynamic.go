package graphics

import (
	"fmt"
	"unsafe"
)

// SetDataOptions says what a dynamic buffer's SetData may assume about
// the draws that already read the buffer in the frame being recorded or
// in frames the GPU still runs (XNA's SetDataOptions).
//
// A dynamic buffer's draws read a copy of its contents that the device
// puts into the frame's vertex arena (memory of the frame in flight, rule
// G9) at the buffer's first draw in a record, so no write ever waits for
// the GPU and every draw already recorded keeps the contents it was
// recorded with. None and Discard both start a fresh copy for the draws
// that follow; NoOverwrite writes into the current copy as well, so the
// draws that follow share it (the cheap path for appending, as particles
// do).
type SetDataOptions uint8

// Set-data options.
const (
	// SetDataNone makes no promise: the draws already recorded keep the
	// old contents, those that follow see the new.
	SetDataNone SetDataOptions = iota
	// SetDataDiscard gives the buffer fresh memory without waiting for
	// the GPU; XNA leaves the bytes not written undefined, this engine
	// keeps them.
	SetDataDiscard
	// SetDataNoOverwrite promises that the bytes written are read by no
	// draw already recorded in this frame: the write lands in the copy
	// those draws share. Breaking the promise makes what they draw
	// undefined (never a crash).
	SetDataNoOverwrite
)

// String names the option as XNA does.
func (o SetDataOptions) String() string {
	switch o {
	case SetDataNone:
		return "None"
	case SetDataDiscard:
		return "Discard"
	case SetDataNoOverwrite:
		return "NoOverwrite"
	}
	return fmt.Sprintf("SetDataOptions(%d)", uint8(o))
}

// BufferUsage says how the game uses a buffer (XNA's BufferUsage).
type BufferUsage uint8

// Buffer usages.
const (
	// BufferUsageNone allows GetData.
	BufferUsageNone BufferUsage = iota
	// BufferUsageWriteOnly promises the buffer is never read back:
	// GetData returns an error, as XNA's throws.
	BufferUsageWriteOnly
)

// dynamicState is what a dynamic vertex or index buffer adds: where the
// record being built holds its copy.
type dynamicState struct {
	on    bool
	usage BufferUsage
	seq   uint64 // record whose vertex arena holds the copy; 0 none
	at    int    // the copy's byte offset in Frame.Vertices
	stale bool   // written (None, Discard) since the copy was taken
}

// backendSize is the size of the backend buffer of a buffer of size
// bytes: a 4-byte placeholder for a dynamic one, which no draw reads.
func backendSize(size int, dynamic bool) int {
	if dynamic {
		return 4
	}
	return size
}

// arenaCopy returns the offset in the record's vertex arena of the copy
// of data that st's buffer's draws in this record read, taking the copy
// when there is none yet or the buffer was written since.
func (d *Device) arenaCopy(st *dynamicState, data []byte) int {
	seq := d.seq()
	if st.seq != seq || st.stale {
		st.at = d.arena(data)
		st.seq, st.stale = seq, false
	}
	return st.at
}

// writeDynamic copies data into cpu at offset and applies opt to the
// record's copy of the buffer.
func (d *Device) writeDynamic(op string, r *resource, st *dynamicState, cpu []byte, offset int, data []byte, opt SetDataOptions) error {
	if r.disposed {
		return fmt.Errorf("graphics: %s: buffer %d is disposed: %w", op, r.rid, ErrDisposed)
	}
	if opt > SetDataNoOverwrite {
		return fmt.Errorf("graphics: %s: unknown SetDataOptions %d, want SetDataNone, SetDataDiscard or SetDataNoOverwrite: %w", op, opt, ErrInvalid)
	}
	if offset < 0 || len(data) > len(cpu)-offset {
		return fmt.Errorf("graphics: %s: %d bytes at offset %d do not fit in %d: %w", op, len(data), offset, len(cpu), ErrOutOfRange)
	}
	if len(data) == 0 {
		return nil
	}
	copy(cpu[offset:], data)
	if st.seq == d.seq() && !st.stale {
		if opt == SetDataNoOverwrite {
			copy(d.frame.Vertices[st.at+offset:], data)
		} else {
			st.stale = true
		}
	}
	return nil
}

// DynamicVertexBuffer is a vertex buffer meant to be rewritten every
// frame (XNA's DynamicVertexBuffer): SetData never waits for the GPU and
// allocates nothing (see SetDataOptions). Set it on the device with
// SetVertexBuffer(b.VertexBuffer). It cannot yet be the instance stream
// of DrawInstancedPrimitives.
type DynamicVertexBuffer struct {
	*VertexBuffer
}

// NewDynamicVertexBuffer creates a dynamic buffer of count vertices laid
// out by decl.
func NewDynamicVertexBuffer(dev *Device, decl VertexDeclaration, count int, usage BufferUsage) (*DynamicVertexBuffer, error) {
	if usage > BufferUsageWriteOnly {
		return nil, fmt.Errorf("graphics: new dynamic vertex buffer: unknown BufferUsage %d: %w", usage, ErrInvalid)
	}
	vb, err := newVertexBuffer(dev, decl, count, true)
	if err != nil {
		return nil, fmt.Errorf("graphics: new dynamic vertex buffer: %w", err)
	}
	vb.dyn = dynamicState{on: true, usage: usage}
	return &DynamicVertexBuffer{vb}, nil
}

// SetData writes data, raw vertex bytes, starting offset bytes in, as
// options says (also between draws of the same frame).
func (b *DynamicVertexBuffer) SetData(offset int, data []byte, options SetDataOptions) error {
	return b.setDynamic(offset, data, options)
}

// setDynamic is SetData of a dynamic vertex buffer.
func (vb *VertexBuffer) setDynamic(offset int, data []byte, opt SetDataOptions) error {
	return vb.dev.writeDynamic("dynamic vertex buffer set data", &vb.resource, &vb.dyn, vb.data, offset, data, opt)
}

// SetDynamicVertexData writes vertices into b from vertex start on, as
// options says. T's declaration must equal the buffer's.
func SetDynamicVertexData[T Vertex](b *DynamicVertexBuffer, start int, vertices []T, options SetDataOptions) error {
	var z T
	if z.VertexDeclaration() != b.decl {
		return fmt.Errorf("graphics: set dynamic vertex data: the vertex type's layout differs from the buffer's declaration: %w", ErrInvalid)
	}
	if start < 0 || start > b.count || len(vertices) > b.count-start {
		return fmt.Errorf("graphics: set dynamic vertex data: %d vertices at %d do not fit in %d: %w", len(vertices), start, b.count, ErrOutOfRange)
	}
	return b.setDynamic(start*b.decl.Stride, bytesOf(vertices), options)
}

// BufferUsage returns the usage the buffer was created with.
func (b *DynamicVertexBuffer) BufferUsage() BufferUsage { return b.dyn.usage }

// IsContentLost reports whether the contents were lost with the device
// (XNA's, for Direct3D 9's lost devices): never here, the engine keeps
// them.
func (b *DynamicVertexBuffer) IsContentLost() bool { return false }

// DynamicIndexBuffer is an index buffer meant to be rewritten every frame
// (XNA's DynamicIndexBuffer), written like a DynamicVertexBuffer. Set it
// on the device with SetIndices(b.IndexBuffer).
type DynamicIndexBuffer struct {
	*IndexBuffer
}

// NewDynamicIndexBuffer creates a dynamic buffer of count indices of the
// given size.
func NewDynamicIndexBuffer(dev *Device, size IndexElementSize, count int, usage BufferUsage) (*DynamicIndexBuffer, error) {
	if usage > BufferUsageWriteOnly {
		return nil, fmt.Errorf("graphics: new dynamic index buffer: unknown BufferUsage %d: %w", usage, ErrInvalid)
	}
	ib, err := newIndexBuffer(dev, size, count, true)
	if err != nil {
		return nil, fmt.Errorf("graphics: new dynamic index buffer: %w", err)
	}
	ib.dyn = dynamicState{on: true, usage: usage}
	return &DynamicIndexBuffer{ib}, nil
}

// SetDynamicIndexData writes indices into b from index start on, as
// options says. T must match the buffer's element size.
func SetDynamicIndexData[T uint16 | uint32](b *DynamicIndexBuffer, start int, indices []T, options SetDataOptions) error {
	var z T
	if b.size.Bytes() != int(unsafe.Sizeof(z)) {
		return fmt.Errorf("graphics: set dynamic index data: %d-byte indices into a buffer of %d-byte indices: %w", int(unsafe.Sizeof(z)), b.size.Bytes(), ErrInvalid)
	}
	return setDynamicIndices(b.IndexBuffer, start, indices, options)
}

// setDynamicIndices writes indices into a dynamic index buffer.
func setDynamicIndices[T uint16 | uint32](ib *IndexBuffer, start int, indices []T, opt SetDataOptions) error {
	if start < 0 || start > ib.count || len(indices) > ib.count-start {
		return fmt.Errorf("graphics: set dynamic index data: %d indices at %d do not fit in %d: %w", len(indices), start, ib.count, ErrOutOfRange)
	}
	if err := ib.dev.writeDynamic("dynamic index buffer set data", &ib.resource, &ib.dyn, ib.data, start*ib.size.Bytes(), bytesOf(indices), opt); err != nil {
		return err
	}
	for _, v := range indices { // the largest index only grows: a bound, as draws check it
		ib.max = max(ib.max, uint32(v))
	}
	return nil
}

// BufferUsage returns the usage the buffer was created with.
func (b *DynamicIndexBuffer) BufferUsage() BufferUsage { return b.dyn.usage }

// IsContentLost reports whether the contents were lost with the device:
// never here.
func (b *DynamicIndexBuffer) IsContentLost() bool { return false }

// checkReadable refuses GetData on a write-only dynamic buffer.
func (st *dynamicState) checkReadable(op string) error {
	if st.usage == BufferUsageWriteOnly {
		return fmt.Errorf("graphics: %s: the buffer was created with BufferUsageWriteOnly: create it with BufferUsageNone to read it back: %w", op, ErrInvalid)
	}
	return nil
}
