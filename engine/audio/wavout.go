package audio

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"
	"os"
)

// WAVFormat is the sample format a WAVWriter writes.
type WAVFormat int

// The formats: 16-bit PCM (default) or 32-bit IEEE float.
const (
	WAVPCM16 WAVFormat = iota
	WAVFloat32
)

// WAVWriter is a Sink that writes a stereo WAV file: the lockstep
// mixer's output (A4). The conversion is exact integer and float32
// arithmetic, so the same frames give the same bytes on every platform.
type WAVWriter struct {
	f      *os.File
	w      *bufio.Writer
	rate   int
	format WAVFormat
	bytes  int64
	buf    []byte
	err    error
}

// CreateWAV creates path and returns a WAVWriter for rate frames per
// second. Close writes the sizes into the header.
func CreateWAV(path string, rate int, format WAVFormat) (*WAVWriter, error) {
	if err := checkFormat(rate, 2); err != nil {
		return nil, fmt.Errorf("audio: CreateWAV: %w", err)
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, fmt.Errorf("audio: CreateWAV: %w", err)
	}
	w := &WAVWriter{f: f, w: bufio.NewWriterSize(f, 64<<10), rate: rate, format: format}
	if err := w.header(); err != nil {
		f.Close()
		return nil, fmt.Errorf("audio: CreateWAV %q: %w", path, err)
	}
	return w, nil
}

func (w *WAVWriter) header() error {
	bits, tag := 16, uint16(1)
	if w.format == WAVFloat32 {
		bits, tag = 32, 3
	}
	h := make([]byte, 44)
	copy(h[0:], "RIFF")
	binary.LittleEndian.PutUint32(h[4:], uint32(36+w.bytes))
	copy(h[8:], "WAVEfmt ")
	binary.LittleEndian.PutUint32(h[16:], 16)
	binary.LittleEndian.PutUint16(h[20:], tag)
	binary.LittleEndian.PutUint16(h[22:], 2)
	binary.LittleEndian.PutUint32(h[24:], uint32(w.rate))
	binary.LittleEndian.PutUint32(h[28:], uint32(w.rate*2*bits/8))
	binary.LittleEndian.PutUint16(h[32:], uint16(2*bits/8))
	binary.LittleEndian.PutUint16(h[34:], uint16(bits))
	copy(h[36:], "data")
	binary.LittleEndian.PutUint32(h[40:], uint32(w.bytes))
	_, err := w.w.Write(h)
	return err
}

// WriteFrames appends interleaved stereo frames.
func (w *WAVWriter) WriteFrames(frames []float32) error {
	if w.err != nil {
		return w.err
	}
	size := 2
	if w.format == WAVFloat32 {
		size = 4
	}
	if cap(w.buf) < len(frames)*size {
		w.buf = make([]byte, len(frames)*size)
	}
	b := w.buf[:len(frames)*size]
	for i, x := range frames {
		if w.format == WAVFloat32 {
			binary.LittleEndian.PutUint32(b[4*i:], math.Float32bits(x))
			continue
		}
		binary.LittleEndian.PutUint16(b[2*i:], uint16(pcm16(x)))
	}
	if _, err := w.w.Write(b); err != nil {
		w.err = err
		return err
	}
	w.bytes += int64(len(b))
	return nil
}

// pcm16 converts a sample to 16 bits: clamped, scaled by 32767 and
// rounded half away from zero.
func pcm16(x float32) int16 {
	if x > 1 {
		x = 1
	} else if x < -1 {
		x = -1
	} else if x != x {
		x = 0
	}
	y := float32(x * 32767)
	if y >= 0 {
		return int16(y + 0.5)
	}
	return -int16(-y + 0.5)
}

// Close flushes the file and writes the final sizes into its header.
func (w *WAVWriter) Close() error {
	if w.f == nil {
		return nil
	}
	f := w.f
	w.f = nil
	err := w.w.Flush()
	if err == nil {
		if _, err = f.Seek(0, io.SeekStart); err == nil {
			w.w = bufio.NewWriter(f)
			if err = w.header(); err == nil {
				err = w.w.Flush()
			}
		}
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = w.err
	}
	if err != nil {
		return fmt.Errorf("audio: WAV: %w", err)
	}
	return nil
}
