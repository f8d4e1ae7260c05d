// Package spirvtest makes deterministic mutants of SPIR-V modules for the
// tests of the engine's SPIR-V validator (rule E7): byte flips, word
// changes and truncations, the ways corrupt or hostile shader bytes
// differ from a valid module.
package spirvtest

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
)

// Seed is the seed of the mutants the E7 tests use.
const Seed = 37

// Mutator makes mutants from a seeded generator: the same seed and the
// same calls give the same mutants.
type Mutator struct {
	r *rand.Rand
}

// NewMutator returns a mutator seeded with seed.
func NewMutator(seed uint64) *Mutator {
	return &Mutator{r: rand.New(rand.NewPCG(seed, 0))}
}

// Mutate returns a mutant of src (a SPIR-V module of at least six words;
// src is not modified) and the kind of change made: "byte" (one or two
// bits flipped), "byteset" (a byte set to a random value), "word" (a
// word moved by -2..2, set to an id below the bound, or set at random),
// "truncate" (cut at a word boundary or anywhere) or "swap" (two words
// swapped).
func (m *Mutator) Mutate(src []byte) (kind string, b []byte) {
	r := m.r
	b = bytes.Clone(src)
	if len(b) < 24 {
		return "none", b
	}
	words := len(b) / 4
	switch k := r.IntN(10); {
	case k < 3:
		kind = "byte"
		for range 1 + r.IntN(2) {
			at := 20 + r.IntN(len(b)-20)
			b[at] ^= byte(1 << r.IntN(8))
		}
	case k < 5:
		kind = "byteset"
		b[r.IntN(len(b))] = byte(r.IntN(256))
	case k < 8:
		kind = "word"
		at := 5 + r.IntN(words-5)
		w := binary.LittleEndian.Uint32(b[4*at:])
		bound := max(binary.LittleEndian.Uint32(src[12:]), 1)
		switch r.IntN(3) {
		case 0:
			w += uint32(r.IntN(5)) - 2
		case 1:
			w = uint32(1 + r.IntN(int(min(bound, 1<<20))))
		default:
			w = r.Uint32()
		}
		binary.LittleEndian.PutUint32(b[4*at:], w)
	case k < 9:
		kind = "truncate"
		if r.IntN(2) == 0 {
			b = b[:4*(5+r.IntN(words-5))]
		} else {
			b = b[:r.IntN(len(b))]
		}
	default:
		kind = "swap"
		a, c := 5+r.IntN(words-5), 5+r.IntN(words-5)
		x, y := binary.LittleEndian.Uint32(b[4*a:]), binary.LittleEndian.Uint32(b[4*c:])
		binary.LittleEndian.PutUint32(b[4*a:], y)
		binary.LittleEndian.PutUint32(b[4*c:], x)
	}
	return kind, b
}
