package audio

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"strings"

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
	// length is how many samples (frames x channels) the file's headers
	// say it holds, or -1 when they do not say (or were not read); exact
	// reports that the file's size confirmed it, so it may size an
	// allocation.
	length() (samples int64, exact bool)
}

// errEmpty is the error for a zero-length file.
var errEmpty = errors.New("empty file (0 bytes)")

// errNoSamples is the error for a file whose audio decodes to nothing.
var errNoSamples = errors.New("no samples: the file's audio decodes to nothing")

// source is what a decoder reads: the stream, its size when known (-1
// otherwise) and, when the caller has it, random access to the same bytes
// (from the stream's start) for the length checks made before decoding
// (A6): an Ogg file's last granule position, an MP3 file's frames.
type source struct {
	r    io.Reader
	size int64
	at   io.ReaderAt
}

// sourceOf is r as a source: a reader that can also seek and read at
// offsets (a file, a bytes.Reader) gets its size and random access.
func sourceOf(r io.Reader) source {
	src := source{r: r, size: -1}
	rs, ok := r.(interface {
		io.ReaderAt
		io.Seeker
	})
	if !ok {
		return src
	}
	cur, err := rs.Seek(0, io.SeekCurrent)
	if err != nil {
		return src
	}
	end, err := rs.Seek(0, io.SeekEnd)
	if _, err2 := rs.Seek(cur, io.SeekStart); err != nil || err2 != nil || end < cur {
		return src
	}
	src.size, src.at = end-cur, io.NewSectionReader(rs, cur, end-cur)
	return src
}

// counter counts the bytes read through it, for errors that say where a
// file ends.
type counter struct {
	r io.Reader
	n int64
}

func (c *counter) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

// openDecoder sniffs src's first bytes and opens the matching decoder.
// When src's size is known, a header that declares more data than that
// is refused before any sample is read. Its errors are ErrBadSound.
func openDecoder(src source) (d decoder, err error) {
	defer func() {
		if p := recover(); p != nil {
			d, err = nil, fmt.Errorf("corrupt data (decoder failed: %v)", p)
		}
		err = bad(err)
	}()
	cr := &counter{r: src.r}
	br := bufio.NewReaderSize(cr, 64<<10)
	pos := func() int64 { return cr.n - int64(br.Buffered()) }
	head, _ := br.Peek(12)
	switch {
	case len(head) == 0:
		return nil, errEmpty
	case len(head) >= 12 && string(head[:4]) == "RIFF" && string(head[8:12]) == "WAVE":
		return openWAV(br, src.size)
	case len(head) < 12 && bytes.HasPrefix(head, []byte("RIFF")):
		return nil, fmt.Errorf("WAV: truncated header (%d bytes)", len(head))
	case len(head) >= 4 && string(head[:4]) == "OggS":
		return openOgg(br, pos, src)
	case isMP3(head):
		return openMP3(br, pos, src)
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
	r     *oggvorbis.Reader
	total int64 // samples by the last granule position; -1: unknown
}

func openOgg(br *bufio.Reader, pos func() int64, src source) (decoder, error) {
	if err := checkVorbis(br); err != nil {
		return nil, err
	}
	or, err := oggvorbis.NewReader(br)
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("the Ogg Vorbis file ends at byte %d before its first audio (it is truncated, or its stream has no audio)", pos())
		}
		return nil, fmt.Errorf("decode Ogg Vorbis: corrupt stream (%w)", err)
	}
	if err := checkFormat(or.SampleRate(), or.Channels()); err != nil {
		return nil, fmt.Errorf("decode Ogg Vorbis: %w", err)
	}
	o := &oggDecoder{r: or, total: -1}
	if src.at != nil && src.size > 0 {
		if g := lastGranule(src.at, src.size); g >= 0 {
			o.total = min(g, 1<<40) * int64(or.Channels())
		}
	}
	return o, nil
}

// checkVorbis looks at the Ogg file's first page: it must be a whole page
// whose first packet is a Vorbis identification header.
func checkVorbis(br *bufio.Reader) error {
	h, _ := br.Peek(27)
	if len(h) < 27 {
		return fmt.Errorf("the Ogg file is truncated at byte %d, inside its first page's 27-byte header", len(h))
	}
	if h[4] != 0 {
		return fmt.Errorf("the Ogg file is corrupt: its first page's header has version %d (want 0)", h[4])
	}
	body := 27 + int(h[26])
	p, _ := br.Peek(body + 8)
	if len(p) < body+7 {
		return fmt.Errorf("the Ogg file is truncated at byte %d, inside its first page", len(p))
	}
	first := string(p[body:])
	if strings.HasPrefix(first, "\x01vorbis") {
		return nil
	}
	kind := "of an unknown codec"
	for _, c := range []struct{ magic, name string }{
		{"OpusHead", "Opus"}, {"\x80theora", "Theora (video)"}, {"Speex   ", "Speex"}, {"\x7fFLAC", "FLAC"},
	} {
		if strings.HasPrefix(first, c.magic) {
			kind = c.name
		}
	}
	return fmt.Errorf("the Ogg file has no Vorbis stream: its first stream is %s; only Vorbis is supported", kind)
}

// lastGranule is the granule position (frames) of the last page of the
// Ogg file in at (size bytes) that has one, or -1: the stream's length
// as its header declares it, read before any decoding (A6).
func lastGranule(at io.ReaderAt, size int64) int64 {
	const tail = 27 + 255 + 255*255 // the largest Ogg page
	n := int64(tail)
	if n > size {
		n = size
	}
	buf := make([]byte, n)
	if _, err := at.ReadAt(buf, size-n); err != nil && err != io.EOF {
		return -1
	}
	for i := len(buf) - 27; i >= 0; i-- {
		if buf[i] != 'O' || string(buf[i:i+4]) != "OggS" || buf[i+4] != 0 {
			continue
		}
		g := int64(binary.LittleEndian.Uint64(buf[i+6:]))
		if g >= 0 {
			return g
		}
	}
	return -1
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
			if err == io.ErrUnexpectedEOF {
				return n, errors.New("the Ogg Vorbis file is truncated (it ends inside a page)")
			}
			return n, fmt.Errorf("decode Ogg Vorbis: corrupt data (%w)", err)
		}
	}
	return n, nil
}
func (o *oggDecoder) channels() int                       { return o.r.Channels() }
func (o *oggDecoder) rate() int                           { return o.r.SampleRate() }
func (o *oggDecoder) length() (samples int64, exact bool) { return o.total, false }

// mp3Decoder streams MP3 through github.com/hajimehoshi/go-mp3, which
// yields 16-bit stereo.
type mp3Decoder struct {
	d     *mp3.Decoder
	buf   []byte
	total int64 // samples by counting the frames; -1: not counted
}

func openMP3(br *bufio.Reader, pos func() int64, src source) (decoder, error) {
	if err := skipID3(br, pos, src.size); err != nil {
		return nil, fmt.Errorf("MP3: %w", err)
	}
	first := pos()
	d, err := newMP3(br)
	if err != nil {
		if errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return nil, fmt.Errorf("MP3 has no audio frames: the file ends at byte %d before a whole MPEG audio frame", pos())
		}
		return nil, fmt.Errorf("MP3: corrupt data (%w)", err)
	}
	if err := checkFormat(d.SampleRate(), 2); err != nil {
		return nil, fmt.Errorf("MP3: %w", err)
	}
	m := &mp3Decoder{d: d, buf: make([]byte, 16<<10), total: -1}
	if src.at != nil && src.size > first {
		m.total = mp3Samples(src.at, first, src.size)
	}
	return m, nil
}

// maxID3Tags bounds how many ID3v2 tags in a row skipID3 passes over.
const maxID3Tags = 16

// skipID3 passes over the ID3v2 tags before the first frame, reading
// through them without keeping them: go-mp3 allocates a tag's declared
// size, up to 512 MB for a 10-byte file. A tag larger than the file (when
// its size is known) is refused from its header.
func skipID3(br *bufio.Reader, pos func() int64, size int64) error {
	for i := 0; i < maxID3Tags; i++ {
		h, _ := br.Peek(10)
		if len(h) < 3 || string(h[:3]) != "ID3" {
			return nil
		}
		at := pos()
		if len(h) < 10 {
			return fmt.Errorf("the file is truncated at byte %d, inside the 10-byte header of the ID3 tag at byte %d", at+int64(len(h)), at)
		}
		if (h[6]|h[7]|h[8]|h[9])&0x80 != 0 {
			return fmt.Errorf("the ID3 tag at byte %d has a corrupt size (% x: each byte must be below 0x80)", at, h[6:10])
		}
		n := int64(h[6])<<21 | int64(h[7])<<14 | int64(h[8])<<7 | int64(h[9])
		if h[5]&0x10 != 0 {
			n += 10 // a footer
		}
		if size >= 0 && at+10+n > size {
			return fmt.Errorf("the ID3 tag at byte %d declares %d bytes but the file holds only %d after its header", at, n, size-at-10)
		}
		if _, err := br.Discard(int(10 + n)); err != nil {
			return fmt.Errorf("the file is truncated at byte %d: the ID3 tag at byte %d declares %d bytes", pos(), at, n)
		}
	}
	return nil
}

// mp3Samples counts the MPEG-1 and MPEG-2 Layer III frames (what go-mp3
// decodes) in at from byte off to size and returns the samples go-mp3
// yields for them (two channels, always), stopping once past the largest
// budget a System may have. Bytes that do not start a frame are skipped
// one at a time, as a decoder resynchronises.
func mp3Samples(at io.ReaderAt, off, size int64) int64 {
	br := bufio.NewReaderSize(io.NewSectionReader(at, off, size-off), 64<<10)
	var total int64
	for total <= maxSampleBudget {
		h, err := br.Peek(4)
		if err != nil {
			break
		}
		n, spf := mp3Frame(h)
		if n == 0 {
			br.Discard(1)
			continue
		}
		if _, err := br.Discard(n); err != nil {
			break // a cut last frame: go-mp3 drops it too
		}
		total += int64(2 * spf)
	}
	return total
}

// mp3Frame reads an MPEG audio frame header: the frame's length in bytes
// and its samples per channel, or 0, 0 when h does not start a Layer III
// frame of MPEG-1 or MPEG-2.
func mp3Frame(h []byte) (bytes, samples int) {
	if h[0] != 0xFF || h[1]&0xE0 != 0xE0 || (h[1]>>1)&3 != 1 {
		return 0, 0
	}
	version := (h[1] >> 3) & 3 // 3: MPEG-1, 2: MPEG-2
	bi, si, pad := int(h[2]>>4), int(h[2]>>2)&3, int(h[2]>>1)&1
	if (version != 3 && version != 2) || bi == 0 || bi == 15 || si == 3 {
		return 0, 0
	}
	if version == 3 {
		kbps := [...]int{0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320}[bi]
		rate := [...]int{44100, 48000, 32000}[si]
		return 144000*kbps/rate + pad, 1152
	}
	kbps := [...]int{0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160}[bi]
	rate := [...]int{22050, 24000, 16000}[si]
	return 72000*kbps/rate + pad, 576
}

func newMP3(r io.Reader) (d *mp3.Decoder, err error) {
	defer func() {
		if p := recover(); p != nil {
			d, err = nil, fmt.Errorf("decoder failed: %v", p)
		}
	}()
	return mp3.NewDecoder(r)
}

func (m *mp3Decoder) read(dst []float32) (n int, err error) {
	defer func() {
		if p := recover(); p != nil {
			n, err = 0, fmt.Errorf("MP3: corrupt data (decoder failed: %v)", p)
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
		return 0, fmt.Errorf("MP3: corrupt data (%w)", err)
	}
	return 0, io.EOF
}
func (m *mp3Decoder) channels() int                       { return 2 }
func (m *mp3Decoder) rate() int                           { return m.d.SampleRate() }
func (m *mp3Decoder) length() (samples int64, exact bool) { return m.total, false }

// DefaultSampleBudget is the most samples (frames x channels) a
// SoundEffect may decode unless Config.SampleBudget says otherwise: 32 Mi
// samples, 128 MiB of float32, about 5.8 minutes of stereo at 48 kHz. A
// SoundEffect is decoded whole into memory; longer sounds, music above
// all, belong in a Song, which streams in constant memory.
const DefaultSampleBudget = 32 << 20

// maxSampleBudget is the largest Config.SampleBudget: 1 Gi samples
// (4 GiB of float32).
const maxSampleBudget = 1 << 30

// tooLong is the ErrTooLong error for a sound of samples (or more, when
// decoding passed the budget) of ch channels at rate.
func tooLong(samples int64, more bool, ch, rate int, budget int64) error {
	how := "its header declares"
	if more {
		how = "decoding passed"
	}
	secs := float64(samples) / float64(ch) / float64(rate)
	return &tagged{is: ErrTooLong, err: fmt.Errorf("%s %d samples (%.1f s of %d-channel %d Hz), over the sample budget of %d (Config.SampleBudget): play it as a Song, which streams", how, samples, secs, ch, rate, budget)}
}

// readBlock is the size, in samples, of the blocks readAll collects
// before it joins them.
const readBlock = 1 << 20

// readAll decodes d whole. A sound whose header declares more than budget
// samples is refused before decoding; one that passes budget while
// decoding stops there. The samples are collected in blocks and joined
// once, so at most twice their size is ever held (a declared size only
// sizes the allocation when the file's size confirmed it).
func readAll(d decoder, budget int64) (*pcm, error) {
	ch, rate := d.channels(), d.rate()
	n, exact := d.length()
	if n > budget {
		return nil, tooLong(n, false, ch, rate, budget)
	}
	var blocks [][]float32
	var cur []float32
	if exact && n > 0 {
		cur = make([]float32, 0, n)
	}
	total := int64(0)
	chunk := make([]float32, 4096*ch)
	for {
		k, err := d.read(chunk)
		if total+int64(k) > budget {
			return nil, tooLong(total+int64(k), true, ch, rate, budget)
		}
		for src := chunk[:k]; len(src) > 0; {
			if len(cur) == cap(cur) {
				if cur != nil {
					blocks = append(blocks, cur)
				}
				cur = make([]float32, 0, readBlock)
			}
			c := copy(cur[len(cur):cap(cur)], src)
			cur = cur[:len(cur)+c]
			src = src[c:]
		}
		total += int64(k)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, bad(err)
		}
	}
	if total < int64(ch) {
		return nil, bad(errNoSamples)
	}
	data := cur
	if len(blocks) > 0 {
		data = make([]float32, 0, total)
		for _, b := range blocks {
			data = append(data, b...)
		}
		data = append(data, cur...)
	}
	data = data[:len(data)/ch*ch]
	return &pcm{data: data, ch: ch, rate: rate, frames: len(data) / ch}, nil
}

// Probe reads just enough of data to say whether it is a sound this
// package can decode, and decodes it whole (at most a minute) to find
// any error; it is for tools and fuzzers.
func Probe(data []byte) error {
	d, err := openDecoder(sourceOf(bytes.NewReader(data)))
	if err != nil {
		return err
	}
	_, err = readAll(d, int64(60*d.rate()*d.channels()))
	return err
}
