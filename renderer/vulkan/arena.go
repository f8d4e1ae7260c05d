package vulkan

import (
	"fmt"

	vk "github.com/vulkan-go/vulkan"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// descriptorPools hands out descriptor sets from a growing list of pools
// (a new pool when the last is full); sets can be freed one by one.
type descriptorPools struct {
	dev   vk.Device
	pools []vk.DescriptorPool
	owner map[vk.DescriptorSet]vk.DescriptorPool
	room  map[vk.DescriptorPool]int // sets each pool can still give
}

// setsPerPool is how many sets (and descriptors of each type) a pool holds.
const setsPerPool = 128

// alloc allocates a set of layout, from a pool that has room (asking a
// full pool is what the best-practices checks call an empty pool).
func (p *descriptorPools) alloc(layout vk.DescriptorSetLayout) (vk.DescriptorSet, error) {
	if p.owner == nil {
		p.owner = map[vk.DescriptorSet]vk.DescriptorPool{}
		p.room = map[vk.DescriptorPool]int{}
	}
	for i := len(p.pools) - 1; i >= 0; i-- {
		pool := p.pools[i]
		if p.room[pool] == 0 {
			continue
		}
		if s, res := allocSet(p.dev, pool, layout); res == vk.Success {
			p.owner[s] = pool
			p.room[pool]--
			return s, nil
		}
	}
	pool, err := newDescriptorPool(p.dev)
	if err != nil {
		return nil, err
	}
	p.pools = append(p.pools, pool)
	p.room[pool] = setsPerPool
	s, res := allocSet(p.dev, pool, layout)
	if err := callErr("allocate descriptor set", "vkAllocateDescriptorSets", res); err != nil {
		return nil, err
	}
	p.owner[s] = pool
	p.room[pool]--
	return s, nil
}

// free returns a set to its pool.
func (p *descriptorPools) free(s vk.DescriptorSet) {
	if pool, ok := p.owner[s]; ok {
		vk.FreeDescriptorSets(p.dev, pool, 1, &s)
		delete(p.owner, s)
		p.room[pool]++
	}
}

// destroy destroys every pool (and so every set); safe twice.
func (p *descriptorPools) destroy() {
	for _, pool := range p.pools {
		vk.DestroyDescriptorPool(p.dev, pool, nil)
	}
	p.pools, p.owner, p.room = nil, nil, nil
}

func newDescriptorPool(dev vk.Device) (vk.DescriptorPool, error) {
	ci := vk.DescriptorPoolCreateInfo{
		SType:         vk.StructureTypeDescriptorPoolCreateInfo,
		Flags:         vk.DescriptorPoolCreateFlags(vk.DescriptorPoolCreateFreeDescriptorSetBit),
		MaxSets:       setsPerPool,
		PoolSizeCount: 2,
		PPoolSizes: []vk.DescriptorPoolSize{
			{Type: vk.DescriptorTypeUniformBufferDynamic, DescriptorCount: setsPerPool},
			{Type: vk.DescriptorTypeCombinedImageSampler, DescriptorCount: setsPerPool},
		},
	}
	defer ci.Free()
	var pool vk.DescriptorPool
	err := callErr("create descriptor pool", "vkCreateDescriptorPool", vk.CreateDescriptorPool(dev, &ci, nil, &pool))
	return pool, err
}

func allocSet(dev vk.Device, pool vk.DescriptorPool, layout vk.DescriptorSetLayout) (vk.DescriptorSet, vk.Result) {
	ai := vk.DescriptorSetAllocateInfo{
		SType:              vk.StructureTypeDescriptorSetAllocateInfo,
		DescriptorPool:     pool,
		DescriptorSetCount: 1,
		PSetLayouts:        []vk.DescriptorSetLayout{layout},
	}
	defer ai.Free()
	var set vk.DescriptorSet
	res := vk.AllocateDescriptorSets(dev, &ai, &set)
	return set, res
}

// writeUniformSet points set (dynamic uniform buffer) at size bytes of b.
func writeUniformSet(dev vk.Device, set vk.DescriptorSet, b vk.Buffer, size int) {
	updateDescriptorSet(dev, &vk.WriteDescriptorSet{
		SType:           vk.StructureTypeWriteDescriptorSet,
		DstSet:          set,
		DescriptorCount: 1,
		DescriptorType:  vk.DescriptorTypeUniformBufferDynamic,
		PBufferInfo:     []vk.DescriptorBufferInfo{{Buffer: b, Range: vk.DeviceSize(size)}},
	})
}

// drawGroup is how many BasicEffect blocks one binding covers (the
// shaders' array length): a draw names its block in the group by its
// first instance, and the set is bound again only for the next group
// (G16). drawGroupBytes is their size.
const (
	drawGroup      = 128
	drawGroupBytes = drawGroup * graphics.EffectUniformsSize
)

// writeTextureSet points set (combined image sampler) at view and smp.
func writeTextureSet(dev vk.Device, set vk.DescriptorSet, view vk.ImageView, smp vk.Sampler) {
	updateDescriptorSet(dev, &vk.WriteDescriptorSet{
		SType:           vk.StructureTypeWriteDescriptorSet,
		DstSet:          set,
		DescriptorCount: 1,
		DescriptorType:  vk.DescriptorTypeCombinedImageSampler,
		PImageInfo: []vk.DescriptorImageInfo{{
			Sampler: smp, ImageView: view, ImageLayout: vk.ImageLayoutShaderReadOnlyOptimal,
		}},
	})
}

// arenaChunkSize is the size of an arena chunk, unless one request needs more.
const arenaChunkSize = 4 << 20

// arenaChunk is host-visible memory the GPU reads during one frame in
// flight: user vertices and indices, effect uniforms (through set) and
// upload staging.
type arenaChunk struct {
	buf  *buffer
	set  vk.DescriptorSet // dynamic uniform buffer over buf
	data vk.DescriptorSet // dynamic uniform buffer over a group of BasicEffect's blocks (G16)
	used int
}

// arena is a frame-in-flight's GPU-visible memory: chunks filled from the
// start each time the frame slot comes round (its fence has been waited),
// grown by a chunk when a frame needs more than any before.
type arena struct {
	chunks []arenaChunk
	cur    int
	trim   arenaTrim // frees chunks a peak grew (trim.go)
}

// reset starts filling from the first chunk again.
func (a *arena) reset() {
	for i := range a.chunks {
		a.chunks[i].used = 0
	}
	a.cur = 0
}

// alloc reserves size bytes aligned to align (a power of two) and returns
// the chunk and the offset in it.
func (r *Renderer) arenaAlloc(a *arena, size, align int) (*arenaChunk, int, error) {
	for ; a.cur < len(a.chunks); a.cur++ {
		c := &a.chunks[a.cur]
		off := (c.used + align - 1) &^ (align - 1)
		if off+size <= c.buf.size {
			c.used = off + size
			return c, off, nil
		}
	}
	buf, err := newBuffer(r.gpu.dev, max(size, arenaChunkSize), vk.BufferUsageVertexBufferBit|vk.BufferUsageIndexBufferBit|
		vk.BufferUsageUniformBufferBit|vk.BufferUsageTransferSrcBit, "frame arena")
	if err != nil {
		return nil, 0, fmt.Errorf("grow frame arena: %w", err)
	}
	set, err := r.gpu.pools.alloc(r.gpu.uniformLayout)
	if err != nil {
		buf.destroy()
		return nil, 0, fmt.Errorf("grow frame arena: %w", err)
	}
	writeUniformSet(r.gpu.dev.handle, set, buf.handle, graphics.EffectUniformsSize)
	data, err := r.gpu.pools.alloc(r.gpu.uniformLayout)
	if err != nil {
		r.gpu.pools.free(set)
		buf.destroy()
		return nil, 0, fmt.Errorf("grow frame arena: %w", err)
	}
	writeUniformSet(r.gpu.dev.handle, data, buf.handle, drawGroupBytes)
	a.chunks = append(a.chunks, arenaChunk{buf: buf, set: set, data: data, used: size})
	a.cur = len(a.chunks) - 1
	return &a.chunks[a.cur], 0, nil
}

// destroy destroys the chunks' buffers (their sets go with the pools).
func (a *arena) destroy() {
	for _, c := range a.chunks {
		c.buf.destroy()
	}
	*a = arena{}
}
