package content

import (
	"errors"
	"testing"
)

// FuzzC2_XNBReader: any bytes parse to an object or an error wrapping
// ErrBadXNB or ErrUnsupported; never a panic or an unbounded allocation.
func FuzzC2_XNBReader(f *testing.F) {
	for _, c := range compressions {
		f.Add(xnbFile(f, 'w', false, textureXNB(surfaceDxt5, 4, 4, make([]byte, 16)), c))
		f.Add(xnbFile(f, 'd', true, fontXNB(make([]byte, 16*8*4)), c))
		f.Add(xnbFile(f, 'w', false, soundXNB(2, 2, 44100, 15, 4, adpcmExtra(4), make([]byte, 30)), c))
	}
	f.Fuzz(func(t *testing.T, file []byte) {
		_, err := parseXNB(file)
		if err != nil && !errors.Is(err, ErrBadXNB) && !errors.Is(err, ErrUnsupported) {
			t.Fatalf("an error wrapping neither sentinel: %v", err)
		}
	})
}

// FuzzC2_LZXDecoder: any frames decode to exactly the asked size (the
// input's first two bytes, in KiB-ish steps) or an ErrBadXNB error; never
// a panic.
func FuzzC2_LZXDecoder(f *testing.F) {
	for _, mode := range compressions[2:] {
		for _, n := range []int{40, 300} {
			f.Add(append([]byte{byte(n >> 8), byte(n)}, lzxCompress(noise(n, uint64(n)), mode)...))
		}
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) < 2 {
			return
		}
		size := int(in[0])<<8 | int(in[1])
		out, err := decompressXNBLZX(in[2:], size)
		if err != nil {
			if !errors.Is(err, ErrBadXNB) {
				t.Fatalf("an error without ErrBadXNB: %v", err)
			}
			return
		}
		if len(out) != size {
			t.Fatalf("%d bytes decoded, %d asked", len(out), size)
		}
	})
}
