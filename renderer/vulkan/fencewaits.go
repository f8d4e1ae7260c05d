package vulkan

// fenceWaits counts the CPU's waits on fences, by kind, for the tests of
// rule G19 (a dynamic buffer's rewrite never waits for the GPU).
type fenceWaits struct {
	// paced counts the frame loop's waits for the fence of the frame
	// slot it reuses (one per acquire: the frames-in-flight pacing every
	// frame has).
	paced int
	// stalls counts the waits for every frame in flight or for one-shot
	// work (Flush, read-back, capture, half rate): the GPU drained.
	stalls int
}

// fenceWaitCounts returns the waits counted since the renderer started.
func (r *Renderer) fenceWaitCounts() fenceWaits { return r.gpu.loop.waits }
