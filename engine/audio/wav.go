package audio

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
)

// maxFmtChunk bounds the fmt chunk we read (real ones are 16 to 40 bytes).
const maxFmtChunk = 1024

// wavDecoder streams a RIFF WAVE file's data chunk. The header is parsed
// here rather than by a library because A6 needs every field checked
// before decoding (declared sizes against the file's, rates, channels,
// block alignment), and that is a few dozen lines.
type wavDecoder struct {
	r        io.Reader
	ch       int
	sr       int
	bits     int
	float    bool
	left     int64 // data bytes left
	declared int64
	sized    bool // the file's size is known and holds the data chunk
	raw      []byte
}

// openWAV parses the header up to the data chunk. size is the file's
// length, or -1 when unknown.
func openWAV(r io.Reader, size int64) (decoder, error) {
	var hdr [12]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return nil, fmt.Errorf("WAV: truncated header: %w", err)
	}
	// The RIFF size field is not trusted (many writers get it wrong):
	// each chunk's size is checked against the file instead.
	off := int64(12)
	var w *wavDecoder
	for {
		var ck [8]byte
		if _, err := io.ReadFull(r, ck[:]); err != nil {
			if w == nil {
				return nil, errors.New("WAV: no fmt chunk before the end of the file")
			}
			return nil, errors.New("WAV: no data chunk before the end of the file")
		}
		off += 8
		id := string(ck[:4])
		n := int64(binary.LittleEndian.Uint32(ck[4:8]))
		if size >= 0 && off+n > size {
			return nil, fmt.Errorf("WAV: the %q chunk declares %d bytes but the file holds only %d after its header", id, n, size-off)
		}
		switch id {
		case "fmt ":
			if n < 16 || n > maxFmtChunk {
				return nil, fmt.Errorf("WAV: fmt chunk of %d bytes (want 16 to %d)", n, maxFmtChunk)
			}
			buf := make([]byte, n+n&1)
			if _, err := io.ReadFull(r, buf); err != nil {
				return nil, fmt.Errorf("WAV: truncated fmt chunk: %w", err)
			}
			off += int64(len(buf))
			var err error
			if w, err = parseFmt(buf[:n]); err != nil {
				return nil, fmt.Errorf("WAV: %w", err)
			}
			w.r = r
		case "data":
			if w == nil {
				return nil, errors.New("WAV: data chunk before the fmt chunk")
			}
			if n == 0 {
				return nil, errors.New("WAV: the data chunk is empty (no samples)")
			}
			if n%int64(w.ch*w.bits/8) != 0 {
				return nil, fmt.Errorf("WAV: data chunk of %d bytes is not a whole number of %d-byte frames", n, w.ch*w.bits/8)
			}
			w.left, w.declared, w.sized = n, n, size >= 0
			return w, nil
		default:
			if _, err := io.CopyN(io.Discard, r, n+n&1); err != nil {
				return nil, fmt.Errorf("WAV: truncated %q chunk: %w", id, err)
			}
			off += n + n&1
		}
	}
}

// parseFmt checks the fmt chunk: PCM 8/16/24/32-bit or IEEE float
// 32/64-bit (WAVE_FORMAT_EXTENSIBLE of either), 1 or 2 channels, a rate
// in range and a consistent block alignment.
func parseFmt(b []byte) (*wavDecoder, error) {
	tag := binary.LittleEndian.Uint16(b[0:2])
	ch := int(binary.LittleEndian.Uint16(b[2:4]))
	sr := binary.LittleEndian.Uint32(b[4:8])
	align := int(binary.LittleEndian.Uint16(b[12:14]))
	bits := int(binary.LittleEndian.Uint16(b[14:16]))
	if tag == 0xFFFE {
		if len(b) < 26 {
			return nil, errors.New("WAVE_FORMAT_EXTENSIBLE fmt chunk too short for its sub-format")
		}
		tag = binary.LittleEndian.Uint16(b[24:26])
	}
	w := &wavDecoder{ch: ch, bits: bits}
	switch tag {
	case 1:
		if bits != 8 && bits != 16 && bits != 24 && bits != 32 {
			return nil, fmt.Errorf("%d-bit PCM: use 8, 16, 24 or 32 bits", bits)
		}
	case 3:
		if bits != 32 && bits != 64 {
			return nil, fmt.Errorf("%d-bit float: use 32 or 64 bits", bits)
		}
		w.float = true
	default:
		return nil, fmt.Errorf("format tag %#x: only PCM (1) and IEEE float (3) are supported", tag)
	}
	if sr < minRate || sr > maxRate {
		return nil, fmt.Errorf("sample rate %d Hz out of range: use %d to %d", sr, minRate, maxRate)
	}
	if ch != 1 && ch != 2 {
		return nil, fmt.Errorf("%d channels: use 1 (mono) or 2 (stereo)", ch)
	}
	if align != ch*bits/8 {
		return nil, fmt.Errorf("block align %d does not match %d channels of %d bits", align, ch, bits)
	}
	w.sr = int(sr)
	return w, nil
}

// length is the data chunk's samples, exact when the file's size is known
// (openWAV checked the chunk against it).
func (w *wavDecoder) length() (samples int64, exact bool) {
	return w.declared / int64(w.bits/8), w.sized
}

func (w *wavDecoder) channels() int { return w.ch }
func (w *wavDecoder) rate() int     { return w.sr }

func (w *wavDecoder) read(dst []float32) (int, error) {
	if w.left == 0 {
		return 0, io.EOF
	}
	bps := w.bits / 8
	frame := bps * w.ch
	frames := len(dst) / w.ch
	if want := int64(frames * frame); want > w.left {
		frames = int(w.left / int64(frame))
	}
	if cap(w.raw) < frames*frame {
		w.raw = make([]byte, frames*frame)
	}
	raw := w.raw[:frames*frame]
	k, err := io.ReadFull(w.r, raw)
	k -= k % frame
	w.left -= int64(k)
	if err != nil && k == 0 {
		got := w.declared - w.left
		return 0, fmt.Errorf("WAV: truncated: the header declares %d data bytes, the file ended after %d", w.declared, got)
	}
	n := k / bps
	for i := 0; i < n; i++ {
		p := raw[i*bps:]
		var v float32
		switch {
		case w.float && bps == 4:
			v = math.Float32frombits(binary.LittleEndian.Uint32(p))
		case w.float:
			v = float32(math.Float64frombits(binary.LittleEndian.Uint64(p)))
		case bps == 1:
			v = float32(int(p[0])-128) / 128
		case bps == 2:
			v = float32(int16(binary.LittleEndian.Uint16(p))) / 32768
		case bps == 3:
			v = float32(int32(uint32(p[0])<<8|uint32(p[1])<<16|uint32(p[2])<<24)>>8) / 8388608
		default:
			v = float32(float64(int32(binary.LittleEndian.Uint32(p))) / 2147483648)
		}
		dst[i] = sanitize(v)
	}
	return n, nil
}
