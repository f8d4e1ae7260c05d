package vulkan

// #include <stdlib.h>
// #include "frameloop.h"
import "C"

import (
	"errors"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// opList is a growable array of recorded commands in C memory, which the
// fast path (frameloop.c) turns into Vulkan commands. It is reused from
// frame to frame, so a steady frame allocates nothing; it grows (realloc)
// only when a frame records more commands than any before.
type opList struct {
	c     *C.mtn_op
	n     int
	cap   int
	spare C.mtn_op // written instead when the list cannot grow
	full  bool     // the list could not grow: the record is incomplete
}

// reset empties the list, keeping its memory.
func (o *opList) reset() { o.n, o.full = 0, false }

// next returns a zeroed op at the end of the list, growing it when full.
// When C memory runs out it returns a spare op that is not recorded and
// marks the list full (err reports it), so recording never panics.
func (o *opList) next(kind C.uint32_t) *C.mtn_op {
	if o.n == o.cap && !o.grow() {
		o.full = true
		o.spare = C.mtn_op{kind: kind}
		return &o.spare
	}
	op := (*C.mtn_op)(unsafe.Add(unsafe.Pointer(o.c), o.n*C.sizeof_mtn_op))
	*op = C.mtn_op{kind: kind}
	o.n++
	return op
}

// err reports a record that did not fit in memory.
func (o *opList) err() error {
	if o.full {
		return errors.New("record frame: out of C memory for the command list")
	}
	return nil
}

// grow doubles the capacity (at least 256 ops); false when realloc fails.
func (o *opList) grow() bool {
	n := max(2*o.cap, 256)
	p := C.realloc(unsafe.Pointer(o.c), C.size_t(n*C.sizeof_mtn_op))
	if p == nil {
		return false
	}
	o.c, o.cap = (*C.mtn_op)(p), n
	return true
}

// free releases the C memory; safe twice.
func (o *opList) free() {
	if o.c != nil {
		C.free(unsafe.Pointer(o.c))
	}
	*o = opList{}
}

// handle turns a non-dispatchable Vulkan handle into the op's 64-bit field.
func handle(h unsafe.Pointer) C.uint64_t { return C.uint64_t(uintptr(h)) }

func (o *opList) beginPass(rp vk.RenderPass, fb vk.Framebuffer, w, h int) {
	op := o.next(C.MTN_OP_BEGIN_PASS)
	op.h[0], op.h[1] = handle(unsafe.Pointer(rp)), handle(unsafe.Pointer(fb))
	op.u[0], op.u[1] = C.uint32_t(w), C.uint32_t(h)
}

// beginClearPass begins a pass that clears colour and depth/stencil on load.
func (o *opList) beginClearPass(rp vk.RenderPass, fb vk.Framebuffer, w, h int, rgba [4]float32, depth float32, stencil uint32) {
	op := o.next(C.MTN_OP_BEGIN_PASS)
	op.h[0], op.h[1] = handle(unsafe.Pointer(rp)), handle(unsafe.Pointer(fb))
	op.u[0], op.u[1], op.u[2], op.u[3] = C.uint32_t(w), C.uint32_t(h), 1, C.uint32_t(stencil)
	for i := range 4 {
		op.f[i] = C.float(rgba[i])
	}
	op.f[4] = C.float(depth)
}

func (o *opList) endPass() { o.next(C.MTN_OP_END_PASS) }

// clear clears the aspects (1 colour, 2 depth, 4 stencil) of the pass's
// attachments in the rectangle.
func (o *opList) clear(aspects uint32, rgba [4]float32, depth float32, stencil uint32, x, y, w, h int) {
	op := o.next(C.MTN_OP_CLEAR)
	op.u[0], op.u[1] = C.uint32_t(aspects), C.uint32_t(stencil)
	for i := range 4 {
		op.f[i] = C.float(rgba[i])
	}
	op.f[4] = C.float(depth)
	op.u[2], op.u[3], op.u[4], op.u[5] = C.uint32_t(int32(x)), C.uint32_t(int32(y)), C.uint32_t(w), C.uint32_t(h)
}

func (o *opList) viewport(x, y, w, h, minDepth, maxDepth float32) {
	op := o.next(C.MTN_OP_VIEWPORT)
	op.f[0], op.f[1], op.f[2], op.f[3], op.f[4], op.f[5] = C.float(x), C.float(y), C.float(w), C.float(h), C.float(minDepth), C.float(maxDepth)
}

func (o *opList) scissor(x, y, w, h int) {
	op := o.next(C.MTN_OP_SCISSOR)
	op.u[0], op.u[1], op.u[2], op.u[3] = C.uint32_t(int32(x)), C.uint32_t(int32(y)), C.uint32_t(w), C.uint32_t(h)
}

func (o *opList) pipeline(p vk.Pipeline) { o.next(C.MTN_OP_PIPELINE).h[0] = handle(unsafe.Pointer(p)) }

func (o *opList) uniforms(layout vk.PipelineLayout, set vk.DescriptorSet, offset uint32) {
	op := o.next(C.MTN_OP_UNIFORMS)
	op.h[0], op.h[1], op.u[0] = handle(unsafe.Pointer(layout)), handle(unsafe.Pointer(set)), C.uint32_t(offset)
}

func (o *opList) texture(layout vk.PipelineLayout, set vk.DescriptorSet) { o.textureAt(layout, 0, set) }

// textureAt binds the texture set of texture slot slot (set 1 + slot).
func (o *opList) textureAt(layout vk.PipelineLayout, slot int, set vk.DescriptorSet) {
	op := o.next(C.MTN_OP_TEXTURE)
	op.h[0], op.h[1] = handle(unsafe.Pointer(layout)), handle(unsafe.Pointer(set))
	op.u[0] = C.uint32_t(slot)
}

func (o *opList) vertices(b vk.Buffer, offset int) {
	op := o.next(C.MTN_OP_VERTICES)
	op.h[0], op.h[1] = handle(unsafe.Pointer(b)), C.uint64_t(offset)
}

// verticesInstanced binds b at binding 0 and the instance stream inst at
// binding 1 (in place of the default attributes).
func (o *opList) verticesInstanced(b vk.Buffer, offset int, inst vk.Buffer, instOffset int) {
	op := o.next(C.MTN_OP_VERTICES)
	op.h[0], op.h[1] = handle(unsafe.Pointer(b)), C.uint64_t(offset)
	op.h[2], op.h[3] = handle(unsafe.Pointer(inst)), C.uint64_t(instOffset)
}

// mergeDraws turns on the joining of repeated BasicEffect draws
// (instances); a test turns it off to compare the pictures.
var mergeDraws = true

// instances sets the instance count and the first instance (BasicEffect:
// the index of its block, G16) of the draw op just recorded; n is 0 for a
// draw without instances. A draw without instances that repeats the one
// before it (same kind, vertices and indices, nothing bound between them)
// with the next block joins it as one more instance: BasicEffect's
// vertex shader reads each instance's block by its instance index, and a
// draw's instances are drawn in order, so the picture is that of the
// separate draws, at the cost of one draw in the driver. Draws of an
// Effect name block 0 each, so they never join.
func (o *opList) instances(n int, first uint32) {
	if o.n == 0 || o.full {
		return
	}
	op := o.at(o.n - 1)
	if n == 0 && o.n >= 2 && mergeDraws {
		prev := o.at(o.n - 2)
		count := max(prev.u[3], 1)
		if prev.kind == op.kind && prev.u[5] == 1 && prev.u[0] == op.u[0] && prev.u[1] == op.u[1] &&
			prev.u[2] == op.u[2] && prev.u[4]+count == C.uint32_t(first) {
			prev.u[3] = count + 1
			o.n--
			return
		}
	}
	op.u[3], op.u[4] = C.uint32_t(n), C.uint32_t(first)
	if n == 0 {
		op.u[5] = 1 // its instances are blocks: a repeat may join it
	}
}

// at returns op i of the list.
func (o *opList) at(i int) *C.mtn_op {
	return (*C.mtn_op)(unsafe.Add(unsafe.Pointer(o.c), i*C.sizeof_mtn_op))
}

// drawOps counts the recorded draws (after joining): tests (G16).
func (o *opList) drawOps() int {
	n := 0
	for i := range o.n {
		if k := o.at(i).kind; k == C.MTN_OP_DRAW || k == C.MTN_OP_DRAW_INDEXED {
			n++
		}
	}
	return n
}

func (o *opList) indices(b vk.Buffer, offset int, wide bool) {
	op := o.next(C.MTN_OP_INDICES)
	op.h[0], op.h[1] = handle(unsafe.Pointer(b)), C.uint64_t(offset)
	if wide {
		op.u[0] = 1
	}
}

func (o *opList) draw(count, first int) {
	op := o.next(C.MTN_OP_DRAW)
	op.u[0], op.u[1] = C.uint32_t(count), C.uint32_t(first)
}

func (o *opList) drawIndexed(count, firstIndex, vertexOffset int) {
	op := o.next(C.MTN_OP_DRAW_INDEXED)
	op.u[0], op.u[1], op.u[2] = C.uint32_t(count), C.uint32_t(firstIndex), C.uint32_t(int32(vertexOffset))
}

func (o *opList) copyBuffer(src, dst vk.Buffer, srcOff, dstOff, size int) {
	op := o.next(C.MTN_OP_COPY_BUFFER)
	op.h[0], op.h[1], op.h[2], op.h[3] = handle(unsafe.Pointer(src)), handle(unsafe.Pointer(dst)), C.uint64_t(srcOff), C.uint64_t(dstOff)
	op.u[0] = C.uint32_t(size)
}

// uploadLayer copies w x h texels at src+srcOff into mip level level of
// array layer layer (a cube's face; 0 for a 2D texture) of img at x, y.
func (o *opList) uploadLayer(src vk.Buffer, srcOff int, img vk.Image, level, layer, x, y, w, h int) {
	op := o.next(C.MTN_OP_UPLOAD_IMAGE)
	op.h[0], op.h[1], op.h[2] = handle(unsafe.Pointer(src)), C.uint64_t(srcOff), handle(unsafe.Pointer(img))
	op.u[0], op.u[1], op.u[2], op.u[3] = C.uint32_t(x), C.uint32_t(y), C.uint32_t(w), C.uint32_t(h)
	op.u[4], op.u[5] = C.uint32_t(level), C.uint32_t(layer)
}

// initLayers clears every one of a new image's levels, in each of its
// layers array layers (6 for a cube, else 1), to rgba and leaves them
// ready to sample.
func (o *opList) initLayers(img vk.Image, levels, layers int, rgba [4]float32) {
	op := o.next(C.MTN_OP_INIT_IMAGE)
	op.h[2] = handle(unsafe.Pointer(img))
	op.u[0], op.u[1] = C.uint32_t(levels), C.uint32_t(layers)
	for i := range 4 {
		op.f[i] = C.float(rgba[i])
	}
}

// readImage copies image img (nil: the acquired swapchain image, which
// is then in PRESENT_SRC; else a texture in SHADER_READ_ONLY) into dst.
func (o *opList) readImage(img vk.Image, dst vk.Buffer, w, h int) {
	o.readRegion(img, 0, dst, graphics.Rectangle{Width: w, Height: h})
}

// readRegion copies region rg of mip level level of texture img into dst,
// rows packed (4*rg.Width bytes each), rg non-empty.
func (o *opList) readRegion(img vk.Image, level int, dst vk.Buffer, rg graphics.Rectangle) {
	o.readLayer(img, 0, level, dst, rg)
}

// readLayer is readRegion of array layer layer (a cube's face).
func (o *opList) readLayer(img vk.Image, layer, level int, dst vk.Buffer, rg graphics.Rectangle) {
	op := o.next(C.MTN_OP_READ_IMAGE)
	op.h[2] = C.uint64_t(layer)
	op.h[0], op.h[1] = handle(unsafe.Pointer(img)), handle(unsafe.Pointer(dst))
	op.u[0], op.u[1], op.u[3] = C.uint32_t(rg.Width), C.uint32_t(rg.Height), C.uint32_t(level)
	op.u[4], op.u[5] = C.uint32_t(rg.X), C.uint32_t(rg.Y)
	if img == nil {
		op.u[2] = 1
	}
}

// genMips remakes levels 1 to levels-1 of img (level 0 w x h, in
// SHADER_READ_ONLY after a pass) by linear blits, each level from the one
// before, and leaves them all ready to sample.
func (o *opList) genMips(img vk.Image, w, h, levels int) {
	op := o.next(C.MTN_OP_GEN_MIPS)
	op.h[2] = handle(unsafe.Pointer(img))
	op.u[0], op.u[1], op.u[2] = C.uint32_t(w), C.uint32_t(h), C.uint32_t(levels)
}

// uniformBinds counts the recorded binds of a uniform block (set 0):
// tests (G16).
func (o *opList) uniformBinds() int {
	n := 0
	for i := range o.n {
		if (*C.mtn_op)(unsafe.Add(unsafe.Pointer(o.c), i*C.sizeof_mtn_op)).kind == C.MTN_OP_UNIFORMS {
			n++
		}
	}
	return n
}

// colorCount sets the number of colour attachments (more than one: a pass
// into several targets, mrt.go) of the begin-pass or clear op just
// recorded: each gets the op's clear colour.
func (o *opList) colorCount(n int) {
	if n <= 1 || o.n == 0 || o.full {
		return
	}
	op := (*C.mtn_op)(unsafe.Add(unsafe.Pointer(o.c), (o.n-1)*C.sizeof_mtn_op))
	switch op.kind {
	case C.MTN_OP_BEGIN_PASS:
		op.u[4] = C.uint32_t(n)
	case C.MTN_OP_CLEAR:
		op.h[0] = C.uint64_t(n)
	}
}
