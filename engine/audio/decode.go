package audio

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"

	"github.com/hajimehoshi/go-mp3"
	"github.com/jfreymuth/oggvorbis"
)

// The sample rates and channel counts the decoders accept (A6).
const (
	minRate = 8000
	maxRate = 192000
)

// sanitize keeps a sample in full scale: NaN reads 0 and anything beyond
// -1..1 (float WAVs may hold 3e38 or infinities, and a float buffer
// anything) is clipped to it, so one bad sample can never turn the mix
// into NaN or infinity (A2).
func sanitize(v float32) float32 {
	switch {
	case v > 1:
		return 1
	case v < -1:
		return -1
	case v != v:
		return 0
	}
	return v
}

// sanitized reports whether every sample is already what sanitize makes
// of it.
func sanitized(samples []float32) bool {
	for _, v := range samples {
		if !(v >= -1 && v <= 1) {
			return false
		}
	}
	return true
}

// decoder yields interleaved float32 frames of one or two channels.
type decoder interface {
	// read fills dst with whole frames and returns the samples written;
	// io.EOF (with 0) at the end.
	read(dst []float32) (int, error)
	channels() int
	rate() int
}

// errEmpty is the error for a zero-length file.
var errEmpty = errors.New("empty file (0 bytes)")

// errNoSamples is the error for a file whose audio decodes to nothing.
var errNoSamples = errors.New("no samples: the file's audio decodes to nothing")

// openDecoder sniffs r's first bytes and opens the matching decoder. size
// is the stream's total length when known (a file), or -1; when known,
// a header that declares more data than that is refused before any
// sample is read.
func openDecoder(r io.Reader, size int64) (d decoder, err error) {
	defer func() {
		if p := recover(); p != nil {
			d, err = nil, fmt.Errorf("corrupt data (decoder failed: %v)", p)
		}
	}()
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(12)
	switch {
	case len(head) == 0:
		return nil, errEmpty
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WAVE":
		return openWAV(br, size)
	case len(head) < 12 && bytes.HasPrefix(head, []byte("RIFF")):
		return nil, fmt.Errorf("WAV: truncated header (%d bytes)", len(head))
	case len(head) >= 4 && string(head[:4]) == "OggS":
		return openOgg(br)
	case isMP3(head):
		return openMP3(br)
	case len(head) >= 4 && (string(head[:4]) == "RIFF" || string(head[:4]) == "RIFX"):
		return nil, errors.New("a RIFF file that is not WAVE (or a big-endian RIFX file): use a little-endian WAV")
	}
	return nil, errors.New("not a WAV, Ogg Vorbis or MP3 file (unknown first bytes)")
}

// isMP3 reports an ID3 tag or an MPEG audio frame sync.
func isMP3(h []byte) bool {
	if len(h) >= 3 && string(h[:3]) == "ID3" {
		return true
	}
	return len(h) >= 2 && h[0] == 0xFF && h[1]&0xE0 == 0xE0
}

// oggDecoder streams Ogg Vorbis through github.com/jfreymuth/oggvorbis.
type oggDecoder struct {
	r *oggvorbis.Reader
}

func openOgg(r io.Reader) (decoder, error) {
	or, err := oggvorbis.NewReader(r)
	if err != nil {
		return nil, fmt.Errorf("decode Ogg Vorbis: %w", err)
	}
	if err := checkFormat(or.SampleRate(), or.Channels()); err != nil {
		return nil, fmt.Errorf("decode Ogg Vorbis: %w", err)
	}
	return &oggDecoder{r: or}, nil
}

func (o *oggDecoder) read(dst []float32) (n int, err error) {
	defer func() {
		if p := recover(); p != nil {
			n, err = 0, fmt.Errorf("decode Ogg Vorbis: corrupt data (decoder failed: %v)", p)
		}
	}()
	ch := o.r.Channels()
	dst = dst[:len(dst)/ch*ch]
	for n == 0 {
		n, err = o.r.Read(dst)
		if err != nil {
			if err == io.EOF {
				if n > 0 {
					return n, nil
				}
				return 0, io.EOF
			}
			return n, fmt.Errorf("decode Ogg Vorbis: %w", err)
		}
	}
	return n, nil
}
func (o *oggDecoder) channels() int { return o.r.Channels() }
func (o *oggDecoder) rate() int     { return o.r.SampleRate() }

// mp3Decoder streams MP3 through github.com/hajimehoshi/go-mp3, which
// yields 16-bit stereo.
type mp3Decoder struct {
	d   *mp3.Decoder
	buf []byte
}

func openMP3(r io.Reader) (decoder, error) {
	d, err := newMP3(r)
	if err != nil {
		return nil, fmt.Errorf("decode MP3: %w", err)
	}
	if err := checkFormat(d.SampleRate(), 2); err != nil {
		return nil, fmt.Errorf("decode MP3: %w", err)
	}
	return &mp3Decoder{d: d, buf: make([]byte, 16<<10)}, nil
}

func newMP3(r io.Reader) (d *mp3.Decoder, err error) {
	defer func() {
		if p := recover(); p != nil {
			d, err = nil, fmt.Errorf("corrupt data (decoder failed: %v)", p)
		}
	}()
	return mp3.NewDecoder(r)
}

func (m *mp3Decoder) read(dst []float32) (n int, err error) {
	defer func() {
		if p := recover(); p != nil {
			n, err = 0, fmt.Errorf("decode MP3: corrupt data (decoder failed: %v)", p)
		}
	}()
	want := len(dst) / 2 * 4
	if want > len(m.buf) {
		want = len(m.buf)
	}
	if want == 0 {
		return 0, nil
	}
	k, err := io.ReadFull(m.d, m.buf[:want])
	k -= k % 4
	for i := 0; i < k/2; i++ {
		dst[i] = float32(int16(uint16(m.buf[2*i])|uint16(m.buf[2*i+1])<<8)) / 32768
	}
	switch {
	case k > 0:
		return k / 2, nil
	case err == io.EOF || err == io.ErrUnexpectedEOF:
		return 0, io.EOF
	case err != nil:
		return 0, fmt.Errorf("decode MP3: %w", err)
	}
	return 0, io.EOF
}
func (m *mp3Decoder) channels() int { return 2 }
func (m *mp3Decoder) rate() int     { return m.d.SampleRate() }

// readAll decodes d whole, growing its buffer as data arrives (never by a
// declared size); more than maxSeconds is an error.
func readAll(d decoder, maxSeconds int) (*pcm, error) {
	ch, rate := d.channels(), d.rate()
	limit := maxSeconds * rate * ch
	var data []float32
	chunk := make([]float32, 4096*ch)
	for {
		n, err := d.read(chunk)
		data = append(data, chunk[:n]...)
		if len(data) > limit {
			return nil, fmt.Errorf("longer than %d s: play it as a Song, which streams", maxSeconds)
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if len(data) < ch {
		return nil, errors.New("no samples")
	}
	data = data[:len(data)/ch*ch]
	return &pcm{data: data, ch: ch, rate: rate, frames: len(data) / ch}, nil
}

// Probe reads just enough of data to say whether it is a sound this
// package can decode, and decodes it whole (at most a minute) to find
// any error; it is for tools and fuzzers.
func Probe(data []byte) error {
	d, err := openDecoder(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return err
	}
	_, err = readAll(d, 60)
	return err
}
