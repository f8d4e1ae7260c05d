package graphics

import (
	"encoding/binary"
	"fmt"
	"unsafe"
)

// VertexBuffer holds vertices on the GPU (XNA's VertexBuffer): a fixed
// count of vertices laid out by a declaration. Contents are undefined until
// SetData. The device keeps a CPU copy for GetData and validation.
type VertexBuffer struct {
	resource
	id    BufferID
	decl  VertexDeclaration
	count int
	data  []byte
	dyn   dynamicState // for a DynamicVertexBuffer's
}

// NewVertexBuffer creates a buffer of count vertices laid out by decl.
func NewVertexBuffer(dev *Device, decl VertexDeclaration, count int) (*VertexBuffer, error) {
	return newVertexBuffer(dev, decl, count, false)
}

// newVertexBuffer creates a vertex buffer; a dynamic one's draws read the
// frame's vertex arena, so its backend buffer is a 4-byte placeholder.
func newVertexBuffer(dev *Device, decl VertexDeclaration, count int, dynamic bool) (*VertexBuffer, error) {
	if dev == nil {
		return nil, fmt.Errorf("graphics: new vertex buffer: the device is nil: %w", ErrInvalid)
	}
	if decl.Stride < 1 || decl.Count < 1 {
		return nil, fmt.Errorf("graphics: new vertex buffer: empty vertex declaration (use a vertex type's VertexDeclaration or NewVertexDeclaration): %w", ErrInvalid)
	}
	size, err := dev.bufferSize("new vertex buffer", count, decl.Stride)
	if err != nil {
		return nil, err
	}
	id := dev.nextBuffer + 1
	if err := dev.backend.CreateBuffer(id, BufferDesc{Kind: VertexBufferKind, Size: backendSize(size, dynamic)}); err != nil {
		return nil, fmt.Errorf("graphics: new vertex buffer of %d bytes: %w", size, err)
	}
	dev.nextBuffer = id
	return &VertexBuffer{resource: resource{dev: dev, rid: uint32(id), isBuffer: true},
		id: id, decl: decl, count: count, data: make([]byte, size)}, nil
}

// bufferSize validates count elements of size bytes against the limits.
func (d *Device) bufferSize(op string, count, size int) (int, error) {
	if count < 1 {
		return 0, fmt.Errorf("graphics: %s: count %d, want at least 1: %w", op, count, ErrInvalid)
	}
	max := d.limits.MaxBufferSize
	if max <= 0 {
		max = 1<<31 - 1
	}
	if count > max/size {
		return 0, fmt.Errorf("graphics: %s: %d x %d bytes is above the device limit of %d bytes: %w", op, count, size, max, ErrTooLarge)
	}
	return count * size, nil
}

// ID returns the buffer's backend ID.
func (vb *VertexBuffer) ID() BufferID { return vb.id }

// VertexCount returns how many vertices the buffer holds.
func (vb *VertexBuffer) VertexCount() int { return vb.count }

// VertexDeclaration returns the buffer's vertex layout.
func (vb *VertexBuffer) VertexDeclaration() VertexDeclaration { return vb.decl }

// IsDisposed reports whether Dispose was called.
func (vb *VertexBuffer) IsDisposed() bool { return vb.disposed }

// Dispose releases the buffer once the frames using it have run; a second
// call does nothing.
func (vb *VertexBuffer) Dispose() { vb.dispose() }

// SetData writes data, raw vertex bytes laid out by the buffer's
// declaration, starting offset bytes in. The upload runs with the next
// executed record, before its draws (rule G11).
func (vb *VertexBuffer) SetData(offset int, data []byte) error {
	if vb.dyn.on {
		return vb.setDynamic(offset, data, SetDataNone)
	}
	if err := vb.checkWrite("vertex buffer set data"); err != nil {
		return err
	}
	if offset < 0 || len(data) > len(vb.data)-offset {
		return fmt.Errorf("graphics: vertex buffer set data: %d bytes at offset %d do not fit in %d bytes: %w", len(data), offset, len(vb.data), ErrOutOfRange)
	}
	if len(data) == 0 {
		return nil
	}
	copy(vb.data[offset:], data)
	vb.upload(Upload{Buffer: vb.id, Offset: offset}, data)
	return nil
}

// GetData copies the buffer's bytes from offset into dst and returns how
// many it copied (from the CPU copy; no GPU read).
func (vb *VertexBuffer) GetData(offset int, dst []byte) (int, error) {
	if vb.disposed {
		return 0, fmt.Errorf("graphics: vertex buffer get data: buffer %d is disposed: %w", vb.id, ErrDisposed)
	}
	if err := vb.dyn.checkReadable("vertex buffer get data"); err != nil {
		return 0, err
	}
	if offset < 0 || offset > len(vb.data) {
		return 0, fmt.Errorf("graphics: vertex buffer get data: offset %d outside %d bytes: %w", offset, len(vb.data), ErrOutOfRange)
	}
	return copy(dst, vb.data[offset:]), nil
}

// SetVertexData writes vertices into vb from vertex start on. T's
// declaration must equal the buffer's.
func SetVertexData[T Vertex](vb *VertexBuffer, start int, vertices []T) error {
	var z T
	if z.VertexDeclaration() != vb.decl {
		return fmt.Errorf("graphics: set vertex data: the vertex type's layout differs from the buffer's declaration: %w", ErrInvalid)
	}
	if start < 0 || len(vertices) > vb.count-start || start > vb.count {
		return fmt.Errorf("graphics: set vertex data: %d vertices at %d do not fit in %d: %w", len(vertices), start, vb.count, ErrOutOfRange)
	}
	return vb.SetData(start*vb.decl.Stride, bytesOf(vertices))
}

// IndexBuffer holds 16- or 32-bit vertex indices on the GPU (XNA's
// IndexBuffer). Contents are zero until SetData. The device keeps a CPU
// copy for GetData and to check that draws index existing vertices.
type IndexBuffer struct {
	resource
	id    BufferID
	size  IndexElementSize
	count int
	data  []byte
	max   uint32       // largest index in data
	dyn   dynamicState // for a DynamicIndexBuffer's
}

// NewIndexBuffer creates a buffer of count indices of the given size.
func NewIndexBuffer(dev *Device, size IndexElementSize, count int) (*IndexBuffer, error) {
	return newIndexBuffer(dev, size, count, false)
}

// newIndexBuffer creates an index buffer, dynamic as newVertexBuffer.
func newIndexBuffer(dev *Device, size IndexElementSize, count int, dynamic bool) (*IndexBuffer, error) {
	if dev == nil {
		return nil, fmt.Errorf("graphics: new index buffer: the device is nil: %w", ErrInvalid)
	}
	if size != SixteenBits && size != ThirtyTwoBits {
		return nil, fmt.Errorf("graphics: new index buffer: element size %d, want SixteenBits or ThirtyTwoBits: %w", size, ErrInvalid)
	}
	n, err := dev.bufferSize("new index buffer", count, size.Bytes())
	if err != nil {
		return nil, err
	}
	id := dev.nextBuffer + 1
	if err := dev.backend.CreateBuffer(id, BufferDesc{Kind: IndexBufferKind, Size: backendSize(n, dynamic)}); err != nil {
		return nil, fmt.Errorf("graphics: new index buffer of %d bytes: %w", n, err)
	}
	dev.nextBuffer = id
	return &IndexBuffer{resource: resource{dev: dev, rid: uint32(id), isBuffer: true},
		id: id, size: size, count: count, data: make([]byte, n)}, nil
}

// ID returns the buffer's backend ID.
func (ib *IndexBuffer) ID() BufferID { return ib.id }

// IndexCount returns how many indices the buffer holds.
func (ib *IndexBuffer) IndexCount() int { return ib.count }

// IndexElementSize returns the width of its indices.
func (ib *IndexBuffer) IndexElementSize() IndexElementSize { return ib.size }

// IsDisposed reports whether Dispose was called.
func (ib *IndexBuffer) IsDisposed() bool { return ib.disposed }

// Dispose releases the buffer once the frames using it have run; a second
// call does nothing.
func (ib *IndexBuffer) Dispose() { ib.dispose() }

// SetIndexData writes indices into ib from index start on. T must match
// the buffer's element size (uint16 for SixteenBits, uint32 for
// ThirtyTwoBits).
func SetIndexData[T uint16 | uint32](ib *IndexBuffer, start int, indices []T) error {
	var z T
	if ib.size.Bytes() != int(unsafe.Sizeof(z)) {
		return fmt.Errorf("graphics: set index data: %d-byte indices into a buffer of %d-byte indices: %w", int(unsafe.Sizeof(z)), ib.size.Bytes(), ErrInvalid)
	}
	if ib.dyn.on {
		return setDynamicIndices(ib, start, indices, SetDataNone)
	}
	if err := ib.checkWrite("index buffer set data"); err != nil {
		return err
	}
	if start < 0 || len(indices) > ib.count-start {
		return fmt.Errorf("graphics: set index data: %d indices at %d do not fit in %d: %w", len(indices), start, ib.count, ErrOutOfRange)
	}
	if len(indices) == 0 {
		return nil
	}
	b := bytesOf(indices)
	copy(ib.data[start*len(b)/len(indices):], b)
	ib.max = ib.maxIndex(0, ib.count)
	ib.upload(Upload{Buffer: ib.id, Offset: start * ib.size.Bytes()}, b)
	return nil
}

// GetIndexData copies indices from index start into dst and returns how
// many it copied (from the CPU copy).
func GetIndexData[T uint16 | uint32](ib *IndexBuffer, start int, dst []T) (int, error) {
	var z T
	if ib.size.Bytes() != int(unsafe.Sizeof(z)) {
		return 0, fmt.Errorf("graphics: get index data: %d-byte indices from a buffer of %d-byte indices: %w", int(unsafe.Sizeof(z)), ib.size.Bytes(), ErrInvalid)
	}
	if err := ib.dyn.checkReadable("get index data"); err != nil {
		return 0, err
	}
	if start < 0 || start > ib.count {
		return 0, fmt.Errorf("graphics: get index data: start %d outside %d indices: %w", start, ib.count, ErrOutOfRange)
	}
	n := min(len(dst), ib.count-start)
	for i := range n {
		dst[i] = T(ib.index(start + i))
	}
	return n, nil
}

// index returns index i of the CPU copy.
func (ib *IndexBuffer) index(i int) uint32 {
	if ib.size == ThirtyTwoBits {
		return binary.LittleEndian.Uint32(ib.data[4*i:])
	}
	return uint32(binary.LittleEndian.Uint16(ib.data[2*i:]))
}

// maxIndex returns the largest of count indices from start.
func (ib *IndexBuffer) maxIndex(start, count int) uint32 {
	var m uint32
	for i := start; i < start+count; i++ {
		m = max(m, ib.index(i))
	}
	return m
}
