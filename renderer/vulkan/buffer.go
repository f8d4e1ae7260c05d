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
	memory vk.DeviceMemory
	size   int
	mapped unsafe.Pointer // C memory: size bytes
}

// newBuffer creates a host-visible, coherent, persistently mapped buffer.
func newBuffer(d *device, size int, usage vk.BufferUsageFlagBits, what string) (*buffer, error) {
	op := "create " + what + " buffer"
	b := &buffer{dev: d.handle, size: size}
	err := newBoundBuffer(d, size, usage, hostVisible, op, &b.handle, &b.memory)
	if err == nil {
		err = callErr(op, "vkMapMemory", vk.MapMemory(d.handle, b.memory, 0, vk.DeviceSize(size), 0, &b.mapped))
	}
	if err != nil {
		b.destroy() // what was made, in reverse order
		return nil, err
	}
	return b, nil
}

// newBoundBuffer creates a buffer of size bytes for usage, allocates
// memory with the properties want for it and binds the two. It stores
// each object in *handle and *memory as soon as it exists, so that on
// error the caller's owner destroys what was made.
func newBoundBuffer(d *device, size int, usage vk.BufferUsageFlagBits, want vk.MemoryPropertyFlagBits, op string,
	handle *vk.Buffer, memory *vk.DeviceMemory) error {
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
	var req vk.MemoryRequirements
	vk.GetBufferMemoryRequirements(d.handle, h, &req)
	req.Deref()
	req.Free() // the C copy vulkan-go made for the out-parameter
	mem, err := allocate(d, req, want, op)
	if err != nil {
		return err
	}
	*memory = mem
	return callErr(op, "vkBindBufferMemory", vk.BindBufferMemory(d.handle, h, mem, 0))
}

// allocate allocates memory meeting req with the wanted properties.
func allocate(d *device, req vk.MemoryRequirements, want vk.MemoryPropertyFlagBits, op string) (vk.DeviceMemory, error) {
	idx := memoryType(&d.memory, req.MemoryTypeBits, want)
	if idx < 0 {
		return nil, fmt.Errorf("%s: no memory type with properties %#x among %#b", op, want, req.MemoryTypeBits)
	}
	ai := vk.MemoryAllocateInfo{
		SType:           vk.StructureTypeMemoryAllocateInfo,
		AllocationSize:  req.Size,
		MemoryTypeIndex: uint32(idx),
	}
	defer ai.Free()
	var mem vk.DeviceMemory
	if err := callErr(op, "vkAllocateMemory", vk.AllocateMemory(d.handle, &ai, nil, &mem)); err != nil {
		return nil, err
	}
	return mem, nil
}

// bytes returns the mapped memory as a slice (no copy).
func (b *buffer) bytes() []byte { return unsafe.Slice((*byte)(b.mapped), b.size) }

// destroy unmaps and frees; safe twice.
func (b *buffer) destroy() {
	if b == nil || b.dev == nil {
		return
	}
	if b.mapped != nil {
		vk.UnmapMemory(b.dev, b.memory)
	}
	if b.handle != nil {
		vk.DestroyBuffer(b.dev, b.handle, nil)
	}
	if b.memory != nil {
		vk.FreeMemory(b.dev, b.memory, nil)
	}
	*b = buffer{}
}

// at returns a pointer to byte off of the mapped memory.
func (b *buffer) at(off int) unsafe.Pointer { return unsafe.Add(b.mapped, off) }
