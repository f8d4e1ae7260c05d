package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"os"
	"runtime"
	"strings"
	"testing"
)

// onlyReader hides everything of a reader but Read, as a network stream
// would: no size, no seeking.
type onlyReader struct{ r io.Reader }

func (o onlyReader) Read(p []byte) (int, error) { return o.r.Read(p) }

// allocated is how many bytes f allocates.
func allocated(f func()) uint64 {
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// zeros is an endless reader of zero bytes, n of them.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	if int64(len(p)) > z.n {
		p = p[:z.n]
	}
	clear(p)
	z.n -= int64(len(p))
	return len(p), nil
}

// TestA6_ID3TagsCannotAllocateTheirDeclaredSize: a 10-byte MP3 whose ID3
// tag declares 512 MB (or a well-formed 256 MB) used to allocate it; it
// is an ErrBadSound error that says why, allocating next to nothing,
// whether the file's size is known or not.
func TestA6_ID3TagsCannotAllocateTheirDeclaredSize(t *testing.T) {
	s, _ := newLockstep(t, 4)
	for _, c := range []struct {
		name, data string
		sized      string // the error with the size known
		stream     string // and without
	}{
		{"512 MB, not syncsafe", "ID3\x03\x00\x00\xff\xff\xff\xff", "corrupt size", "corrupt size"},
		{"256 MB", "ID3\x03\x00\x00\x7f\x7f\x7f\x7f", "declares 268435455 bytes but the file holds only 0", "truncated at byte 10"},
		{"a cut header", "ID3\x03\x00", "truncated at byte 5", "truncated at byte 5"},
	} {
		for _, sized := range []bool{true, false} {
			var r io.Reader = bytes.NewReader([]byte(c.data))
			want := c.sized
			if !sized {
				r, want = onlyReader{r}, c.stream
			}
			var err error
			grew := allocated(func() { _, err = s.NewSoundEffect("bomb.mp3", r) })
			if !errors.Is(err, ErrBadSound) || !strings.Contains(err.Error(), want) {
				t.Errorf("%s (size known %v): error %v, want ErrBadSound saying %q", c.name, sized, err, want)
			}
			if grew > 1<<20 {
				t.Errorf("%s (size known %v): allocated %d KB", c.name, sized, grew>>10)
			}
		}
	}
}

// longWAV is the header of a 16-bit mono WAV at 48 kHz of frames frames,
// followed by its silent data, made as it is read.
func longWAV(frames int64) io.Reader {
	return io.MultiReader(bytes.NewReader(wavBytes(1, 1, 48000, 16, nil, 2*frames)), &zeros{n: 2 * frames})
}

// TestA6_SoundEffectsHaveASampleBudget: a sound over the System's sample
// budget is an ErrTooLong error that names the budget and the Song: from
// the headers, before decoding, when the file's size is known (a WAV's
// data chunk, an Ogg file's last granule position, an MP3 file's frames),
// and as soon as decoding passes the budget when it is not (an MP3 read
// from a plain stream); either way allocating about the budget at most.
func TestA6_SoundEffectsHaveASampleBudget(t *testing.T) {
	const budget = 1 << 20 // samples: 4 MiB of float32
	s, err := New(Config{SampleBudget: budget})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ogg, err := os.ReadFile("testdata/tone.ogg")
	if err != nil {
		t.Fatal(err)
	}
	wav := make([]byte, 0, 44+2*4*budget)
	wav = append(wav, wavBytes(1, 1, 48000, 16, make([]byte, 2*4*budget), -1)...)
	cases := []struct {
		name  string
		r     io.Reader
		want  string
		limit uint64 // bytes it may allocate
	}{
		{"WAV of 4 Mi samples, size known", bytes.NewReader(wav), "its header declares 4194304 samples", 1 << 20},
		{"WAV of 1 Gi samples, streamed", longWAV(1 << 30), "its header declares 1073741824 samples", 1 << 20},
		{"Ogg whose last page says 10 hours", bytes.NewReader(oggLength(ogg, 44100*36000)), "its header declares 1587600000 samples", 1 << 20},
		{"MP3 of 1,000 frames", bytes.NewReader(mp3Frames(1000)), "its header declares 2304000 samples", 1 << 20},
		// go-mp3 makes about 50 KB of garbage per frame: 23 MB up to the
		// budget, 500 MB for all 10,000 frames.
		{"MP3 of 10,000 frames, streamed", onlyReader{bytes.NewReader(mp3Frames(10000))}, "decoding passed", 3*4*budget + 40<<20},
	}
	for _, c := range cases {
		var err error
		grew := allocated(func() { _, err = s.NewSoundEffect(c.name, c.r) })
		if !errors.Is(err, ErrTooLong) || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), "Song") {
			t.Errorf("%s: error %v, want ErrTooLong saying %q and naming the Song", c.name, err, c.want)
		}
		if grew > c.limit {
			t.Errorf("%s: allocated %d KB, want at most %d KB", c.name, grew>>10, c.limit>>10)
		}
		t.Logf("%s: %d KB allocated", c.name, grew>>10)
	}
	// Under the budget the same formats load.
	for _, r := range []io.Reader{bytes.NewReader(wavBytes(1, 1, 48000, 16, make([]byte, budget), -1)), bytes.NewReader(ogg), bytes.NewReader(mp3Frames(100)), onlyReader{bytes.NewReader(mp3Frames(100))}} {
		if _, err := s.NewSoundEffect("fits", r); err != nil {
			t.Errorf("a sound under the budget: %v", err)
		}
	}
	if _, err := New(Config{SampleBudget: -1}); err == nil {
		t.Error("a negative budget was accepted")
	}
}

// oggLength returns a copy of the Ogg file b whose last page declares
// the granule position g (its CRC made good).
func oggLength(b []byte, g uint64) []byte {
	c := append([]byte(nil), b...)
	last := bytes.LastIndex(c, []byte("OggS"))
	binary.LittleEndian.PutUint64(c[last+6:], g)
	binary.LittleEndian.PutUint32(c[last+22:], 0)
	binary.LittleEndian.PutUint32(c[last+22:], oggCRC(c[last:]))
	return c
}

// oggCRC is the Ogg page checksum: CRC-32, polynomial 0x04c11db7, not
// reflected, initial value 0.
func oggCRC(b []byte) uint32 {
	var crc uint32
	for _, x := range b {
		crc ^= uint32(x) << 24
		for i := 0; i < 8; i++ {
			if crc&0x80000000 != 0 {
				crc = crc<<1 ^ 0x04c11db7
			} else {
				crc <<= 1
			}
		}
	}
	return crc
}

// mp3Frames is an MP3 of n silent MPEG-1 Layer III frames, mono, 32 kbps
// at 48 kHz: 96 bytes and 1,152 frames each (go-mp3 yields 2 x 1,152
// samples).
func mp3Frames(n int) []byte {
	b := make([]byte, 0, 96*n)
	for i := 0; i < n; i++ {
		f := make([]byte, 96)
		copy(f, []byte{0xFF, 0xFB, 0x14, 0xC4})
		b = append(b, f...)
	}
	return b
}
