package vulkan

import (
	"fmt"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"
)

// hostVisible is the memory every buffer here lives in: mapped once for its
// whole life and coherent, so writes need no flush.
const hostVisible = vk.MemoryPropertyHostVisibleBit | vk.MemoryPropertyHostCoherentBit

// buffer owns a VkBuffer, its memory and the persistent mapping of it.
type buffer struct {
	dev    vk.Device
	handle vk.Buffer
	mem    memRange
	size   int
	mapped unsafe.Pointer // C memory: size bytes
	alloc  *memAllocator
}

// newBuffer creates a host-visible, coherent, persistently mapped buffer.
func newBuffer(d *device, size int, usage vk.BufferUsageFlagBits, what string) (*buffer, error) {
	op := "create " + what + " buffer"
	b := &buffer{dev: d.handle, size: size, alloc: d.alloc}
	if err := newBoundBuffer(d, size, usage, hostVisible, op, &b.handle, &b.mem); err != nil {
		b.destroy() // what was made, in reverse order
		return nil, err
	}
	b.mapped = b.mem.mapped()
	if b.mapped == nil { // never: the allocator maps every host-visible block; a nil address would panic at the first write
		b.destroy()
		return nil, fmt.Errorf("%s: its memory is not mapped", op)
	}
	return b, nil
}

// newBoundBuffer creates a buffer of size bytes for usage, takes memory
// with the properties want for it from the device's allocator (W12) and
// binds the two. It stores each as soon as it exists, so that on error
// the caller's owner destroys what was made.
func newBoundBuffer(d *device, size int, usage vk.BufferUsageFlagBits, want vk.MemoryPropertyFlagBits, op string,
	handle *vk.Buffer, memory *memRange) error {
	ci := vk.BufferCreateInfo{
		SType:       vk.StructureTypeBufferCreateInfo,
		Size:        vk.DeviceSize(size),
		Usage:       vk.BufferUsageFlags(usage),
		SharingMode: vk.SharingModeExclusive,
	}
	defer ci.Free()
	var h vk.Buffer
	if err := callErr(op, "vkCreateBuffer", vk.CreateBuffer(d.handle, &ci, nil, &h)); err != nil {
		return err
	}
	*handle = h
	m, err := d.alloc.bindBuffer(h, want, op)
	if err != nil {
		return err
	}
	*memory = m
	return nil
}

// bytes returns the mapped memory as a slice (no copy).
func (b *buffer) bytes() []byte { return unsafe.Slice((*byte)(b.mapped), b.size) }

// destroy destroys the buffer and gives its memory back; safe twice.
func (b *buffer) destroy() {
	if b == nil || b.dev == nil {
		return
	}
	if b.handle != nil {
		vk.DestroyBuffer(b.dev, b.handle, nil)
	}
	b.alloc.free(b.mem)
	*b = buffer{}
}

// at returns a pointer to byte off of the mapped memory.
func (b *buffer) at(off int) unsafe.Pointer { return unsafe.Add(b.mapped, off) }
