package vulkan

import (
	"errors"
	"fmt"
	"slices"
	"sync"
	"unsafe"

	vk "github.com/vulkan-go/vulkan"
)

// Device memory is sub-allocated (rule W12): images and buffers take
// ranges of a few large VkDeviceMemory blocks instead of one allocation
// each. Drivers cap the number of live allocations
// (maxMemoryAllocationCount, 4,096 on common Windows drivers), and many
// small allocations are slow; the validation layer's best-practices checks
// warn about each. No maintained Go allocator fits vulkan-go's bindings
// (the Vulkan Memory Allocator is C++), so this is a small one of our own:
// next fit over a sorted, coalesced free list per block: the search starts
// in the block, and at the span, where the last one succeeded, so a run of
// allocations (a model's 200,000 small buffers) looks at one block and one
// span each, however many blocks and holes earlier resources left. A range
// keeps the padding its alignment skipped (it is given back with it), so
// such a run leaves no slivers in the free list either: with slivers, each
// buffer scanned all those before it.

// memBlockSize is the size of a block; a request of more than half of it
// gets a block of its own (a dedicated allocation, of a size the
// best-practices checks do not call small).
const memBlockSize = 16 << 20

// memAllocationLimit, when above 0, replaces the device's
// maxMemoryAllocationCount (tests force a low limit with it).
var memAllocationLimit = 0

// errTooManyAllocations is wrapped by the error of an allocation that
// would pass the driver's limit on live device memory allocations.
var errTooManyAllocations = errors.New("too many device memory allocations")

// memAllocator hands out ranges of device memory blocks. Safe for
// concurrent use (the start's goroutine makes the warm-up's objects).
type memAllocator struct {
	mu     sync.Mutex
	dev    vk.Device
	props  *vk.PhysicalDeviceMemoryProperties
	limit  int // live VkDeviceMemory objects allowed
	count  int // live VkDeviceMemory objects
	blocks map[memPoolKey][]*memBlock
	next   map[memPoolKey]int // the block of each pool to try first
	// scanned counts the free spans and blocks alloc has looked at, for
	// the tests that pin that allocating stays linear.
	scanned int
}

// memPoolKey separates blocks by memory type, linear resources (buffers)
// from optimal-tiling images, so that no block holds both and
// bufferImageGranularity never applies, and mapped blocks from unmapped
// ones: where one memory type is both device-local and host-visible
// (lavapipe, integrated GPUs), a device-local buffer's block is not mapped,
// and a host-visible buffer placed in it would have no address.
type memPoolKey struct {
	typ    uint32
	linear bool
	mapped bool
}

// memBlock is one VkDeviceMemory: its free ranges (sorted by offset,
// adjacent ones merged) and, for host-visible memory, its mapping.
type memBlock struct {
	key       memPoolKey
	memory    vk.DeviceMemory
	size      vk.DeviceSize
	mapped    unsafe.Pointer // whole block, when host-visible
	free      []memSpan
	rover     int  // the span of free to try first
	live      int  // ranges handed out
	dedicated bool // one resource's own block
}

// memSpan is a range of a block.
type memSpan struct{ off, size vk.DeviceSize }

// memRange is a range handed out by the allocator; the zero value is none.
// start is where its reservation begins: offset less the padding its
// alignment skipped, given back with it.
type memRange struct {
	block  *memBlock
	start  vk.DeviceSize
	offset vk.DeviceSize
	size   vk.DeviceSize
}

// memory is the VkDeviceMemory the range lies in (nil for none).
func (m memRange) memory() vk.DeviceMemory {
	if m.block == nil {
		return nil
	}
	return m.block.memory
}

// mapped is the range's host address (nil unless host-visible).
func (m memRange) mapped() unsafe.Pointer {
	if m.block == nil || m.block.mapped == nil {
		return nil
	}
	return unsafe.Add(m.block.mapped, m.offset)
}

// newMemAllocator makes the allocator of a device with the given memory
// properties and maxMemoryAllocationCount.
func newMemAllocator(dev vk.Device, props *vk.PhysicalDeviceMemoryProperties, maxAllocations uint32) *memAllocator {
	limit := int(maxAllocations)
	if memAllocationLimit > 0 {
		limit = memAllocationLimit
	}
	if limit <= 0 {
		limit = 4096 // the smallest value the specification allows
	}
	return &memAllocator{dev: dev, props: props, limit: limit, blocks: map[memPoolKey][]*memBlock{}, next: map[memPoolKey]int{}}
}

// alloc returns a range meeting req in memory with the wanted properties;
// linear is true for buffers.
func (a *memAllocator) alloc(req vk.MemoryRequirements, want vk.MemoryPropertyFlagBits, linear bool, op string) (memRange, error) {
	idx := memoryType(a.props, req.MemoryTypeBits, want)
	if idx < 0 {
		return memRange{}, fmt.Errorf("%s: no memory type with properties %#x among %#b", op, want, req.MemoryTypeBits)
	}
	key := memPoolKey{typ: uint32(idx), linear: linear, mapped: want&vk.MemoryPropertyHostVisibleBit != 0}
	align := max(req.Alignment, 1)
	a.mu.Lock()
	defer a.mu.Unlock()
	if req.Size > memBlockSize/2 {
		b, err := a.newBlock(key, req.Size, want, true, op)
		if err != nil {
			return memRange{}, err
		}
		b.free, b.live = nil, 1
		return memRange{block: b, size: req.Size}, nil
	}
	pool := a.blocks[key]
	first := a.next[key]
	for k := range pool {
		i := (first + k) % len(pool)
		a.scanned++
		start, off, ok, n := pool[i].take(req.Size, align)
		a.scanned += n
		if ok {
			a.next[key] = i
			return memRange{block: pool[i], start: start, offset: off, size: req.Size}, nil
		}
	}
	b, err := a.newBlock(key, memBlockSize, want, false, op)
	if err != nil {
		return memRange{}, err
	}
	a.blocks[key] = append(a.blocks[key], b)
	a.next[key] = len(a.blocks[key]) - 1
	start, off, _, _ := b.take(req.Size, align)
	return memRange{block: b, start: start, offset: off, size: req.Size}, nil
}

// newBlock allocates (and maps, when host-visible) a block of size bytes.
func (a *memAllocator) newBlock(key memPoolKey, size vk.DeviceSize, want vk.MemoryPropertyFlagBits, dedicated bool, op string) (*memBlock, error) {
	if a.count >= a.limit {
		return nil, fmt.Errorf("%s: %w: the driver allows %d at once (maxMemoryAllocationCount); free textures or buffers",
			op, errTooManyAllocations, a.limit)
	}
	ai := vk.MemoryAllocateInfo{
		SType:           vk.StructureTypeMemoryAllocateInfo,
		AllocationSize:  size,
		MemoryTypeIndex: key.typ,
	}
	defer ai.Free()
	var mem vk.DeviceMemory
	if err := callErr(op, "vkAllocateMemory", vk.AllocateMemory(a.dev, &ai, nil, &mem)); err != nil {
		return nil, err
	}
	a.count++
	b := &memBlock{key: key, memory: mem, size: size, free: []memSpan{{0, size}}, dedicated: dedicated}
	if want&vk.MemoryPropertyHostVisibleBit != 0 {
		var p unsafe.Pointer // a local: cgo refuses a pointer into b, which holds Go pointers
		if err := callErr(op, "vkMapMemory", vk.MapMemory(a.dev, mem, 0, size, 0, &p)); err != nil {
			a.release(b)
			return nil, err
		}
		b.mapped = p
	}
	return b, nil
}

// release unmaps and frees a block.
func (a *memAllocator) release(b *memBlock) {
	if b.mapped != nil {
		vk.UnmapMemory(a.dev, b.memory)
	}
	vk.FreeMemory(a.dev, b.memory, nil)
	a.count--
	*b = memBlock{}
}

// take reserves size bytes aligned to align (next fit: from the rover,
// round the free list): it returns where the reservation starts (the
// span's start: the padding up to the aligned offset is part of it), the
// aligned offset, and the number of free spans it looked at.
func (b *memBlock) take(size, align vk.DeviceSize) (start, off vk.DeviceSize, ok bool, scanned int) {
	n := len(b.free)
	for k := range n {
		i := (b.rover + k) % n
		s := b.free[i]
		off := (s.off + align - 1) / align * align
		end := s.off + s.size
		if off+size > end {
			continue
		}
		if off+size < end {
			b.free[i] = memSpan{off + size, end - off - size}
		} else {
			b.free = slices.Delete(b.free, i, i+1)
		}
		b.rover = i
		b.live++
		return s.off, off, true, k + 1
	}
	return 0, 0, false, n
}

// give returns a range to the block's free list, merged with neighbours.
func (b *memBlock) give(off, size vk.DeviceSize) {
	i, _ := slices.BinarySearchFunc(b.free, off, func(s memSpan, o vk.DeviceSize) int {
		switch {
		case s.off < o:
			return -1
		case s.off > o:
			return 1
		}
		return 0
	})
	b.free = slices.Insert(b.free, i, memSpan{off, size})
	if i <= b.rover { // the rover keeps naming the same span
		b.rover++
	}
	if i+1 < len(b.free) && b.free[i].off+b.free[i].size == b.free[i+1].off {
		b.free[i].size += b.free[i+1].size
		b.free = slices.Delete(b.free, i+1, i+2)
		if b.rover > i {
			b.rover--
		}
	}
	if i > 0 && b.free[i-1].off+b.free[i-1].size == b.free[i].off {
		b.free[i-1].size += b.free[i].size
		b.free = slices.Delete(b.free, i, i+1)
		if b.rover >= i {
			b.rover--
		}
	}
	b.live--
}

// free returns a range (the zero range: nothing). A block left empty is
// freed, unless it is the last block of its pool (kept for the next
// resource of that kind).
func (a *memAllocator) free(m memRange) {
	b := m.block
	if b == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	if b.dedicated {
		a.release(b)
		return
	}
	b.give(m.start, m.offset+m.size-m.start)
	if b.live > 0 {
		return
	}
	pool := a.blocks[b.key]
	if len(pool) <= 1 {
		return
	}
	a.blocks[b.key] = slices.DeleteFunc(pool, func(x *memBlock) bool { return x == b })
	a.release(b)
}

// allocations is the number of live VkDeviceMemory objects.
func (a *memAllocator) allocations() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.count
}

// destroy frees every block; the resources in them are destroyed. Safe
// twice and on nil.
func (a *memAllocator) destroy() {
	if a == nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for k, pool := range a.blocks {
		for _, b := range pool {
			a.release(b)
		}
		delete(a.blocks, k)
	}
}

// bindBuffer allocates memory for buffer h and binds it.
func (a *memAllocator) bindBuffer(h vk.Buffer, want vk.MemoryPropertyFlagBits, op string) (memRange, error) {
	var req vk.MemoryRequirements
	vk.GetBufferMemoryRequirements(a.dev, h, &req)
	req.Deref()
	req.Free() // the C copy vulkan-go made for the out-parameter
	m, err := a.alloc(req, want, true, op)
	if err != nil {
		return memRange{}, err
	}
	if err := callErr(op, "vkBindBufferMemory", vk.BindBufferMemory(a.dev, h, m.memory(), m.offset)); err != nil {
		a.free(m)
		return memRange{}, err
	}
	return m, nil
}

// bindImage allocates memory for optimal-tiling image img and binds it.
func (a *memAllocator) bindImage(img vk.Image, want vk.MemoryPropertyFlagBits, op string) (memRange, error) {
	var req vk.MemoryRequirements
	vk.GetImageMemoryRequirements(a.dev, img, &req)
	req.Deref()
	req.Free()
	m, err := a.alloc(req, want, false, op)
	if err != nil {
		return memRange{}, err
	}
	if err := callErr(op, "vkBindImageMemory", vk.BindImageMemory(a.dev, img, m.memory(), m.offset)); err != nil {
		a.free(m)
		return memRange{}, err
	}
	return m, nil
}
