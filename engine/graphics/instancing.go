package graphics

import "fmt"

// VertexBufferBinding is one vertex stream of SetVertexBuffers (XNA's
// VertexBufferBinding): a vertex buffer, the vertex it starts at, and how
// often it advances: 0 per vertex, 1 per instance (DrawInstancedPrimitives).
type VertexBufferBinding struct {
	VertexBuffer *VertexBuffer
	// VertexOffset is the first vertex of the stream.
	VertexOffset int
	// InstanceFrequency is 0 for per-vertex data and 1 for per-instance
	// data (one element per instance, as XNA 4.0 HiDef allows).
	InstanceFrequency int
}

// SetVertexBuffers sets the vertex streams (XNA's SetVertexBuffers): the
// first is per vertex, as SetVertexBuffer sets it; a second, with
// InstanceFrequency 1, is read once per instance by
// DrawInstancedPrimitives. An Effect's vertex inputs are fed from the
// elements of both declarations (their usages and indices must differ).
// Bindings it cannot take are an error the next draw returns (rule G20)
// and change nothing.
func (d *Device) SetVertexBuffers(bindings ...VertexBufferBinding) {
	if err := d.setVertexBuffers(bindings); err != nil {
		d.fail(err)
	}
}

func (d *Device) setVertexBuffers(bindings []VertexBufferBinding) error {
	const op = "SetVertexBuffers"
	switch {
	case len(bindings) == 0 || len(bindings) > 2:
		return fmt.Errorf("graphics: %s: %d bindings, want 1 (vertices) or 2 (vertices and instances): %w", op, len(bindings), ErrInvalid)
	case bindings[0].InstanceFrequency != 0:
		return fmt.Errorf("graphics: %s: the first binding has InstanceFrequency %d: it must be the per-vertex stream (0): %w", op, bindings[0].InstanceFrequency, ErrInvalid)
	case len(bindings) == 2 && bindings[1].InstanceFrequency != 1:
		return fmt.Errorf("graphics: %s: the second binding has InstanceFrequency %d, want 1 (one element per instance): %w", op, bindings[1].InstanceFrequency, ErrInvalid)
	}
	for i, b := range bindings {
		if b.VertexBuffer == nil {
			return fmt.Errorf("graphics: %s: binding %d has no vertex buffer: %w", op, i, ErrInvalid)
		}
		if err := d.own(&b.VertexBuffer.resource, op); err != nil {
			return err
		}
		if b.VertexOffset < 0 || b.VertexOffset >= b.VertexBuffer.count {
			return fmt.Errorf("graphics: %s: binding %d starts at vertex %d of %d: %w", op, i, b.VertexOffset, b.VertexBuffer.count, ErrOutOfRange)
		}
	}
	if bindings[0].VertexOffset != 0 {
		return fmt.Errorf("graphics: %s: the per-vertex binding starts at vertex %d: use baseVertex of the draw instead: %w", op, bindings[0].VertexOffset, ErrInvalid)
	}
	d.vb = bindings[0].VertexBuffer
	d.instVB, d.instOffset = nil, 0
	if len(bindings) == 2 {
		d.instVB, d.instOffset = bindings[1].VertexBuffer, bindings[1].VertexOffset
	}
	return nil
}

// DrawInstancedPrimitives draws primitiveCount indexed primitives
// instanceCount times (XNA 4.0's DrawInstancedPrimitives): the per-vertex
// stream and index buffer as DrawIndexedPrimitives reads them, the
// instance stream set by SetVertexBuffers advancing once per instance. It
// needs an applied Effect whose vertex shader reads the instance elements
// (BasicEffect draws no instances, as in XNA).
func (d *Device) DrawInstancedPrimitives(p PrimitiveType, baseVertex, startIndex, primitiveCount, instanceCount int) error {
	const op = "draw instanced primitives"
	iv := d.instVB
	switch {
	case iv == nil:
		return fmt.Errorf("graphics: %s: no instance stream: SetVertexBuffers with a second binding of InstanceFrequency 1: %w", op, ErrNoVertexBuffer)
	case iv.disposed:
		return fmt.Errorf("graphics: %s: the instance buffer %d is disposed: %w", op, iv.id, ErrDisposed)
	case iv.dyn.on:
		return fmt.Errorf("graphics: %s: the instance buffer %d is a DynamicVertexBuffer, which cannot be the instance stream yet: use a VertexBuffer: %w", op, iv.id, ErrInvalid)
	case d.effect == nil:
		return fmt.Errorf("graphics: %s: BasicEffect draws no instances: apply an Effect whose vertex shader reads the instance elements: %w", op, ErrEffect)
	case instanceCount < 1 || instanceCount > iv.count-d.instOffset:
		return fmt.Errorf("graphics: %s: %d instances from element %d, the instance buffer holds %d: %w", op, instanceCount, d.instOffset, iv.count, ErrOutOfRange)
	}
	d.instancing = true
	err := d.DrawIndexedPrimitives(p, baseVertex, startIndex, primitiveCount)
	d.instancing = false
	if err != nil {
		return err
	}
	dr := &d.frame.Draws[len(d.frame.Draws)-1]
	dr.Pipeline.Instance = iv.decl
	dr.InstanceBuffer, dr.InstanceOffset, dr.InstanceCount = iv.id, d.instOffset*iv.decl.Stride, instanceCount
	iv.used = d.seq()
	return nil
}
