package audio

import (
	"bytes"
	"encoding/binary"
	"errors"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// wavBytes builds a WAV file: tag 1 or 3, channels, rate, bits, and data
// (whose declared size may be overridden by declared >= 0).
func wavBytes(tag, ch, rate, bits int, data []byte, declared int64) []byte {
	var b bytes.Buffer
	b.WriteString("RIFF")
	binary.Write(&b, binary.LittleEndian, uint32(36+len(data)))
	b.WriteString("WAVEfmt ")
	binary.Write(&b, binary.LittleEndian, uint32(16))
	binary.Write(&b, binary.LittleEndian, uint16(tag))
	binary.Write(&b, binary.LittleEndian, uint16(ch))
	binary.Write(&b, binary.LittleEndian, uint32(rate))
	binary.Write(&b, binary.LittleEndian, uint32(rate*ch*bits/8))
	binary.Write(&b, binary.LittleEndian, uint16(ch*bits/8))
	binary.Write(&b, binary.LittleEndian, uint16(bits))
	b.WriteString("data")
	n := uint32(len(data))
	if declared >= 0 {
		n = uint32(declared)
	}
	binary.Write(&b, binary.LittleEndian, n)
	b.Write(data)
	return b.Bytes()
}

// samplesAt encodes the values in every PCM and float width.
func samplesAt(bits int, float bool, vals []float64) []byte {
	var b bytes.Buffer
	for _, v := range vals {
		switch {
		case float && bits == 32:
			binary.Write(&b, binary.LittleEndian, math.Float32bits(float32(v)))
		case float:
			binary.Write(&b, binary.LittleEndian, math.Float64bits(v))
		case bits == 8:
			b.WriteByte(byte(int(v*128) + 128))
		case bits == 16:
			binary.Write(&b, binary.LittleEndian, int16(v*32768))
		case bits == 24:
			x := int32(v * 8388608)
			b.Write([]byte{byte(x), byte(x >> 8), byte(x >> 16)})
		default:
			binary.Write(&b, binary.LittleEndian, int32(v*2147483648))
		}
	}
	return b.Bytes()
}

// TestA6_WAVFormats: PCM 8/16/24/32-bit and float 32/64, mono and
// stereo, decode to the values written.
func TestA6_WAVFormats(t *testing.T) {
	vals := []float64{0, 0.5, -0.5, 0.25, -0.25, 0.125}
	for _, c := range []struct {
		tag, bits int
		float     bool
	}{{1, 8, false}, {1, 16, false}, {1, 24, false}, {1, 32, false}, {3, 32, true}, {3, 64, true}} {
		for _, ch := range []int{1, 2} {
			data := wavBytes(c.tag, ch, 22050, c.bits, samplesAt(c.bits, c.float, vals), -1)
			d, err := openDecoder(sourceOf(bytes.NewReader(data)))
			if err != nil {
				t.Fatalf("%d-bit tag %d, %d ch: %v", c.bits, c.tag, ch, err)
			}
			p, err := readAll(d, 1<<20)
			if err != nil {
				t.Fatalf("%d-bit: %v", c.bits, err)
			}
			if p.ch != ch || p.rate != 22050 || len(p.data) != len(vals) {
				t.Fatalf("%d-bit %d ch: got %d ch %d Hz %d samples", c.bits, ch, p.ch, p.rate, len(p.data))
			}
			for i, v := range vals {
				if math.Abs(float64(p.data[i])-v) > 1.0/128 {
					t.Errorf("%d-bit sample %d = %v, want %v", c.bits, i, p.data[i], v)
				}
			}
		}
	}
}

// TestA6_BadFilesAreErrors: corrupt, truncated, empty and oversized
// files, and out-of-range fields, are clear errors before any decoding,
// never a panic or an allocation of the declared size.
func TestA6_BadFilesAreErrors(t *testing.T) {
	good := wavBytes(1, 1, 48000, 16, make([]byte, 200), -1)
	ogg, err := os.ReadFile("testdata/tone.ogg")
	if err != nil {
		t.Fatal(err)
	}
	mp3, err := os.ReadFile("testdata/tone.mp3")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, want string
		data       []byte
	}{
		{"empty", "empty file", nil},
		{"text", "not a WAV, Ogg Vorbis or MP3", []byte("hello, world, this is not sound")},
		{"1 GB declared in 44 bytes", "declares 1073741824 bytes but the file holds only 0", wavBytes(1, 2, 48000, 16, nil, 1<<30)},
		{"truncated data", "declares 200 bytes but the file holds only 100", good[:144]},
		{"truncated header", "declares 16 bytes but the file holds only 0", good[:20]},
		{"cut in the RIFF header", "truncated header", good[:8]},
		{"rate 0", "sample rate 0 Hz out of range", wavBytes(1, 1, 0, 16, make([]byte, 4), -1)},
		{"rate 1 MHz", "out of range", wavBytes(1, 1, 1000000, 16, make([]byte, 4), -1)},
		{"0 channels", "0 channels", wavBytes(1, 0, 48000, 16, make([]byte, 4), -1)},
		{"9 channels", "9 channels", wavBytes(1, 9, 48000, 16, make([]byte, 36), -1)},
		{"12-bit", "12-bit PCM", wavBytes(1, 1, 48000, 12, make([]byte, 4), -1)},
		{"ADPCM", "format tag 0x2", wavBytes(2, 1, 48000, 4, make([]byte, 4), -1)},
		{"no samples", "empty", wavBytes(1, 1, 48000, 16, nil, -1)},
		{"odd data", "whole number", wavBytes(1, 2, 48000, 16, make([]byte, 6), -1)},
		{"ogg truncated", "Ogg", ogg[:len(ogg)/3]},
		{"ogg header only", "Ogg", ogg[:60]},
		{"ogg corrupt", "Ogg", corrupt(ogg)},
		{"mp3 header only", "MP3", mp3[:4]},
		{"mp3 zeros", "MP3", append([]byte{0xFF, 0xFB, 0x90, 0x00}, make([]byte, 30)...)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			err := Probe(c.data)
			runtime.ReadMemStats(&after)
			if err == nil || !strings.Contains(err.Error(), c.want) || !errors.Is(err, ErrBadSound) {
				t.Fatalf("error %v, want an ErrBadSound containing %q", err, c.want)
			}
			if grew := after.TotalAlloc - before.TotalAlloc; grew > 32<<20 {
				t.Errorf("allocated %d MB for a bad file", grew>>20)
			}
		})
	}
}

func corrupt(b []byte) []byte {
	c := append([]byte(nil), b...)
	for i := 200; i < len(c); i += 7 {
		c[i] ^= 0x5A
	}
	return c
}

// TestA6_OggAndMP3Decode: the committed fixtures (made by
// scripts/gen-sounds.sh) decode to 0.25 s of a 440 Hz tone.
func TestA6_OggAndMP3Decode(t *testing.T) {
	s, _ := newLockstep(t, 4)
	for _, c := range []struct {
		file     string
		rate, ch int
	}{{"tone.ogg", 44100, 1}, {"tone.mp3", 48000, 2}} {
		fx, err := s.LoadSoundEffect(filepath.Join("testdata", c.file))
		if err != nil {
			t.Fatal(err)
		}
		if fx.SampleRate() != c.rate || fx.Channels() != c.ch {
			t.Errorf("%s: %d Hz %d ch, want %d %d", c.file, fx.SampleRate(), fx.Channels(), c.rate, c.ch)
		}
		if d := fx.Duration().Seconds(); d < 0.24 || d > 0.4 { // MP3 adds encoder padding
			t.Errorf("%s: %v long, want ~0.25 s", c.file, fx.Duration())
		}
		var peak float32
		for _, x := range fx.data.data {
			if x > peak {
				peak = x
			}
		}
		if peak < 0.4 || peak > 0.6 {
			t.Errorf("%s: peak %v, want ~0.5 (-6 dB)", c.file, peak)
		}
	}
}

// TestA6_SongStreamsInConstantMemory: a 60 s 24-bit stereo WAV at 96 kHz
// (33 MB) plays as a Song while the heap stays far below its size.
func TestA6_SongStreamsInConstantMemory(t *testing.T) {
	path := filepath.Join(tempDir(t), "long.wav")
	frames := 96000 * 60
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	f.Write(wavBytes(1, 2, 96000, 24, nil, int64(frames*6)))
	chunk := make([]byte, 96000*6)
	for i := 0; i < 60; i++ {
		f.Write(chunk)
	}
	f.Close()
	s, err := New(Config{Voices: 4}) // lockstep into nothing
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	song, err := NewSong("long", path)
	if err != nil {
		t.Fatal(err)
	}
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	d := &driver{s: s}
	d.update(t, func() {
		if err := s.MediaPlayer().Play(song); err != nil {
			t.Fatal(err)
		}
	})
	for i := 0; i < 60*61; i++ {
		d.update(t, nil)
	}
	runtime.ReadMemStats(&after)
	if s.MediaPlayer().State() != Stopped {
		t.Errorf("state %v after the song's end", s.MediaPlayer().State())
	}
	if after.HeapInuse > before.HeapInuse+8<<20 {
		t.Errorf("heap grew %d MB while streaming a 33 MB file", (after.HeapInuse-before.HeapInuse)>>20)
	}
	t.Logf("heap in use: %d MB before, %d MB after streaming 33 MB", before.HeapInuse>>20, after.HeapInuse>>20)
}

// TestA6_ErrorsSayWhatIsWrong: the files that gave "decode MP3: EOF" or
// "decode Ogg Vorbis: EOF" (an ID3 bomb, a lone frame sync, an Ogg file
// without audio, another codec in an Ogg file) say what is wrong and
// where, as ErrBadSound errors, from a SoundEffect and a Song alike.
func TestA6_ErrorsSayWhatIsWrong(t *testing.T) {
	ogg, err := os.ReadFile("testdata/tone.ogg")
	if err != nil {
		t.Fatal(err)
	}
	opus := append([]byte(nil), ogg[:58]...)
	copy(opus[28:], "OpusHead")
	s, _ := newLockstep(t, 4)
	for _, c := range []struct {
		name, want string
		data       []byte
	}{
		{"ID3 bomb", "the ID3 tag at byte 0 has a corrupt size", []byte("ID3\x03\x00\x00\xff\xff\xff\xff")},
		{"ID3 larger than the file", "the ID3 tag at byte 0 declares 1000 bytes but the file holds only 4", []byte("ID3\x03\x00\x00\x00\x00\x07\x68tail")},
		{"lone frame sync", "MP3 has no audio frames: the file ends at byte 4", []byte{0xFF, 0xFB, 0x90, 0x00}},
		{"tag and no frame", "MP3 has no audio frames: the file ends at byte 15", []byte("ID3\x03\x00\x00\x00\x00\x00\x05hello")},
		{"Ogg headers without audio", "the Ogg Vorbis file ends at byte 3561 before its first audio", ogg[:3561]},
		{"Ogg cut in its first page", "the Ogg file is truncated at byte 20", ogg[:20]},
		{"Ogg Opus", "the Ogg file has no Vorbis stream: its first stream is Opus", opus},
	} {
		_, err := s.NewSoundEffect(c.name, bytes.NewReader(c.data))
		_, serr := NewSongFromBytes(c.name, c.data)
		for _, err := range []error{err, serr} {
			if !errors.Is(err, ErrBadSound) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "EOF") {
				t.Errorf("%s: %v, want an ErrBadSound saying %q (and no bare EOF)", c.name, err, c.want)
			}
		}
	}
	if _, err := s.LoadSoundEffect(filepath.Join(tempDir(t), "none.wav")); err == nil || errors.Is(err, ErrBadSound) {
		t.Errorf("a missing file: %v, want an error that is not ErrBadSound", err)
	}
}

// FuzzA6_Decode: no input makes a decoder panic or hang.
func FuzzA6_Decode(f *testing.F) {
	f.Add(wavBytes(1, 2, 48000, 16, make([]byte, 64), -1))
	f.Add(wavBytes(3, 1, 44100, 32, make([]byte, 64), -1))
	f.Add(wavBytes(1, 1, 8000, 24, make([]byte, 30), 1<<30))
	for _, n := range []string{"testdata/tone.ogg", "testdata/tone.mp3"} {
		if b, err := os.ReadFile(n); err == nil {
			f.Add(b)
			f.Add(b[:len(b)/2])
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		_ = Probe(data)
	})
}
