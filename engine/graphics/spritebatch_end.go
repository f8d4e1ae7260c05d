package graphics

// flush records the batch's sprites at End: sets the device up, sorts
// (stably: the call index breaks ties) when the mode asks, copies the
// vertices into the frame's arena in draw order (a Deferred batch's are
// there already, see arenaQuad), and records one draw per run of sprites
// with one texture.
func (sb *SpriteBatch) flush() {
	d := sb.dev
	if err := d.checkTarget("sprite batch end"); err != nil {
		sb.fail(err)
		return
	}
	d.spriteSetup(&sb.st)
	if sb.inArena && d.stale {
		sb.leaveArena()
	}
	if sb.inArena { // Deferred: the vertices are in the arena already
		sb.runs(sb.arenaAt/spriteStride, d.spriteQuadsAt(sb.arenaAt, sb.arenaLen()))
		return
	}
	n := len(sb.quads)
	base, room := d.spriteArena(n)
	if sb.sorted() {
		sb.keys, sb.scratch = radixSort(sb.keys, sb.scratch)
		for i, k := range sb.keys {
			room[i] = sb.quads[uint32(k)]
		}
	} else {
		copy(room, sb.quads)
	}
	sb.runs(base, room)
}

// runs records one draw per run of sprites of one texture in room, whose
// first vertex is base; sprites whose texture cannot be drawn now are
// left out and reported.
func (sb *SpriteBatch) runs(base int, room []spriteQuad) {
	if !sb.sorted() { // Deferred: the spans are the runs
		at := base
		for _, s := range sb.spans {
			sb.run(s.tex, at, s.n)
			at += 4 * s.n
		}
		return
	}
	n := len(room)
	for start := 0; start < n; {
		tex, i := sb.texs[uint32(sb.keys[start])], start+1
		for i < n && sb.texs[uint32(sb.keys[i])] == tex {
			i++
		}
		sb.run(tex, base+4*start, i-start)
		start = i
	}
}

// run records n sprites of texture tex whose vertices start at vertex
// base, or keeps the error when tex cannot be drawn now.
func (sb *SpriteBatch) run(tex *Texture2D, base, n int) {
	d := sb.dev
	err := d.spriteCheck(tex)
	if err == nil {
		err = d.spriteDraw(tex, base, n)
	}
	if err != nil {
		sb.fail(err)
	}
}

// sorted reports whether the batch's mode sorts (its keys are kept).
func (sb *SpriteBatch) sorted() bool {
	return sb.st.sortMode >= SortTexture
}

// radixSort sorts keys by their high 32 bits, stably (a least significant
// digit radix sort, 8 bits a pass, skipping digits all keys share), using
// scratch as the second buffer. It returns the sorted keys and the other
// buffer; both are reused from frame to frame.
func radixSort(keys, scratch []uint64) ([]uint64, []uint64) {
	if len(keys) < 2 {
		return keys, scratch
	}
	if cap(scratch) < len(keys) {
		scratch = make([]uint64, len(keys), cap(keys))
	}
	scratch = scratch[:len(keys)]
	var count [4][256]int
	for _, k := range keys {
		count[0][byte(k>>32)]++
		count[1][byte(k>>40)]++
		count[2][byte(k>>48)]++
		count[3][byte(k>>56)]++
	}
	for digit := range 4 {
		shift := uint(32 + 8*digit)
		c := &count[digit]
		if c[byte(keys[0]>>shift)] == len(keys) {
			continue // every key has this digit
		}
		at := 0
		for i, n := range c {
			c[i] = at
			at += n
		}
		for _, k := range keys {
			d := byte(k >> shift)
			scratch[c[d]] = k
			c[d]++
		}
		keys, scratch = scratch, keys
	}
	return keys, scratch
}
