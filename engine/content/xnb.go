package content

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/pierrec/lz4/v4"
)

// ErrBadXNB is wrapped by every error about a malformed XNB file: a bad
// header, a size that does not add up, a stream that ends early, a
// compressed stream that does not decode.
var ErrBadXNB = errors.New("content: malformed XNB file")

// ErrUnsupported is wrapped by errors about well-formed content this
// package does not load: Xbox 360 files, XMA2 sounds, WMA songs, compiled
// effects, type readers it does not know.
var ErrUnsupported = errors.New("content: unsupported content")

// MaxXNBSize bounds an XNB file's decompressed content; a header that
// declares more is refused before anything is allocated.
const MaxXNBSize = 256 << 20

// XNB header flags (XNA 4.0 and MonoGame).
const (
	xnbHiDef = 0x01
	xnbLZ4   = 0x40
	xnbLZX   = 0x80
)

const xnbHeader = 10 // "XNB", platform, version, flags, file size

// xnbPlatforms are the platform letters of desktop builds that load:
// XNA's Windows (w), MonoGame's DesktopGL (d), Linux (l), macOS (m) and
// the web (b). Xbox 360's x is refused apart.
const xnbPlatforms = "wdlmb"

func badXNB(format string, args ...any) error {
	return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), ErrBadXNB)
}

// decodeXNB checks an XNB file's header and returns its content,
// decompressed, and its HiDef flag.
func decodeXNB(file []byte) (body []byte, hiDef bool, err error) {
	if len(file) < xnbHeader || string(file[:3]) != "XNB" {
		return nil, false, badXNB("no XNB header (the file must start with \"XNB\")")
	}
	switch p := file[3]; {
	case p == 'x':
		return nil, false, fmt.Errorf("an Xbox 360 XNB file (platform 'x': big-endian, tiled textures) cannot load here: rebuild the content for Windows or DesktopGL: %w", ErrUnsupported)
	case !strings.ContainsRune(xnbPlatforms, rune(p)):
		return nil, false, fmt.Errorf("XNB platform %q is not a desktop platform (want one of %q): rebuild the content for Windows or DesktopGL: %w", p, xnbPlatforms, ErrUnsupported)
	}
	if v := file[4]; v != 5 {
		return nil, false, fmt.Errorf("XNB version %d, want 5 (XNA 4.0): rebuild the content with XNA 4.0 or MonoGame: %w", v, ErrUnsupported)
	}
	flags := file[5]
	hiDef = flags&xnbHiDef != 0
	if size := binary.LittleEndian.Uint32(file[6:]); int64(size) != int64(len(file)) {
		return nil, false, badXNB("the header says %d bytes, the file has %d (truncated or padded)", size, len(file))
	}
	switch flags & (xnbLZ4 | xnbLZX) {
	case 0:
		return file[xnbHeader:], hiDef, nil
	case xnbLZ4, xnbLZX:
	default:
		return nil, false, badXNB("both LZX and LZ4 compression flags are set (0x%02x)", flags)
	}
	if len(file) < xnbHeader+4 {
		return nil, false, badXNB("a compressed file without its decompressed size")
	}
	n := int64(binary.LittleEndian.Uint32(file[xnbHeader:]))
	src := file[xnbHeader+4:]
	if n > MaxXNBSize {
		return nil, false, badXNB("decompressed size %d bytes is above the limit of %d", n, MaxXNBSize)
	}
	if flags&xnbLZ4 != 0 {
		// An LZ4 block expands at most about 255 times.
		if n > 255*int64(len(src))+64 {
			return nil, false, badXNB("decompressed size %d bytes cannot come from %d bytes of LZ4", n, len(src))
		}
		dst := make([]byte, n)
		got, err := lz4.UncompressBlock(src, dst)
		if err != nil {
			return nil, false, badXNB("LZ4: %v", err)
		}
		if int64(got) != n {
			return nil, false, badXNB("LZ4 gave %d bytes, the header says %d", got, n)
		}
		return dst, hiDef, nil
	}
	body, err = decompressXNBLZX(src, int(n))
	if err != nil {
		return nil, false, err
	}
	return body, hiDef, nil
}

// xnbReader reads the content of an XNB file (after decompression).
type xnbReader struct {
	b       []byte
	off     int
	readers []string // type reader names, namespace and assembly stripped
	raw     []string // as the file spells them, for errors
}

func (r *xnbReader) need(n int, what string) error {
	if n < 0 || n > len(r.b)-r.off {
		return badXNB("%s: %d bytes needed at offset %d, %d left", what, n, r.off, len(r.b)-r.off)
	}
	return nil
}

func (r *xnbReader) bytes(n int, what string) ([]byte, error) {
	if err := r.need(n, what); err != nil {
		return nil, err
	}
	b := r.b[r.off : r.off+n]
	r.off += n
	return b, nil
}

func (r *xnbReader) u8(what string) (byte, error) {
	b, err := r.bytes(1, what)
	if err != nil {
		return 0, err
	}
	return b[0], nil
}

func (r *xnbReader) u32(what string) (uint32, error) {
	b, err := r.bytes(4, what)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b), nil
}

func (r *xnbReader) i32(what string) (int32, error) {
	v, err := r.u32(what)
	return int32(v), err
}

func (r *xnbReader) f32(what string) (float32, error) {
	v, err := r.u32(what)
	return math.Float32frombits(v), err
}

// count reads a non-negative int32 count of elements of size bytes each,
// checked against what is left before anything is allocated.
func (r *xnbReader) count(size int, what string) (int, error) {
	v, err := r.i32(what)
	if err != nil {
		return 0, err
	}
	if v < 0 || int64(v)*int64(size) > int64(len(r.b)-r.off) {
		return 0, badXNB("%s: count %d does not fit in the %d bytes left", what, v, len(r.b)-r.off)
	}
	return int(v), nil
}

// varint reads .NET's 7-bit encoded int.
func (r *xnbReader) varint(what string) (int, error) {
	v := 0
	for shift := 0; shift < 35; shift += 7 {
		b, err := r.u8(what)
		if err != nil {
			return 0, err
		}
		v |= int(b&0x7f) << shift
		if b&0x80 == 0 {
			if v > math.MaxInt32 {
				break
			}
			return v, nil
		}
	}
	return 0, badXNB("%s: a 7-bit encoded int longer than 32 bits", what)
}

// str reads a .NET string: its UTF-8 length as a 7-bit int, then the bytes.
func (r *xnbReader) str(what string) (string, error) {
	n, err := r.varint(what)
	if err != nil {
		return "", err
	}
	b, err := r.bytes(n, what)
	if err != nil {
		return "", err
	}
	if !utf8.Valid(b) {
		return "", badXNB("%s: not UTF-8", what)
	}
	return string(b), nil
}

// char reads a .NET char as BinaryReader does: one UTF-8 sequence.
func (r *xnbReader) char(what string) (rune, error) {
	if err := r.need(1, what); err != nil {
		return 0, err
	}
	c, n := utf8.DecodeRune(r.b[r.off:])
	if c == utf8.RuneError && n <= 1 {
		return 0, badXNB("%s: not a UTF-8 character", what)
	}
	r.off += n
	return c, nil
}

// readerName strips a type reader's namespace, generic arguments and
// assembly: "Microsoft.Xna.Framework.Content.ListReader`1[[...]], ..." is
// "ListReader".
func readerName(full string) string {
	s := full
	if i := strings.IndexAny(s, "`[,"); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndexByte(s, '.'); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSpace(s)
}

// maxTypeReaders bounds the type reader list.
const maxTypeReaders = 4096

// header reads the type reader list and the shared resource count.
func (r *xnbReader) header() (shared int, err error) {
	n, err := r.varint("type reader count")
	if err != nil {
		return 0, err
	}
	if n > maxTypeReaders || n > len(r.b)-r.off {
		return 0, badXNB("%d type readers", n)
	}
	for i := range n {
		name, err := r.str(fmt.Sprintf("type reader %d", i))
		if err != nil {
			return 0, err
		}
		if _, err := r.i32("type reader version"); err != nil {
			return 0, err
		}
		r.raw = append(r.raw, name)
		r.readers = append(r.readers, readerName(name))
	}
	shared, err = r.varint("shared resource count")
	if err != nil {
		return 0, err
	}
	if shared > len(r.b)-r.off {
		return 0, badXNB("%d shared resources in %d bytes", shared, len(r.b)-r.off)
	}
	return shared, nil
}

// typeIndex reads an object's type reader index (0: null) and returns the
// reader's short name.
func (r *xnbReader) typeIndex(what string) (string, error) {
	i, err := r.varint(what)
	if err != nil {
		return "", err
	}
	if i == 0 {
		return "", nil
	}
	if i > len(r.readers) {
		return "", badXNB("%s: type reader %d of %d", what, i, len(r.readers))
	}
	return r.readers[i-1], nil
}

// object reads one object: its type index, then its data by its reader.
func (r *xnbReader) object(what string) (any, error) {
	name, err := r.typeIndex(what)
	if err != nil {
		return nil, err
	}
	switch name {
	case "":
		return nil, nil
	case "Texture2DReader", "TextureReader":
		return r.texture()
	case "SpriteFontReader":
		return r.font()
	case "SoundEffectReader":
		return r.sound()
	case "SongReader":
		return r.song()
	case "EffectReader":
		return nil, fmt.Errorf("%s is a compiled Effect: XNA compiles effects to Direct3D 9 bytecode, which this engine cannot run; write the effect in GLSL or WGSL and load its source instead: %w", what, ErrUnsupported)
	}
	return nil, fmt.Errorf("%s: type reader %q is not one this package reads (it reads Texture2D, SpriteFont, SoundEffect and Song): %w", what, name, ErrUnsupported)
}

// parseXNB decodes a whole XNB file into its primary object (an
// *xnbTexture, *xnbFont, *xnbSound or *xnbSong); shared resources are
// read and must be of those kinds too.
func parseXNB(file []byte) (any, error) {
	body, _, err := decodeXNB(file)
	if err != nil {
		return nil, err
	}
	r := &xnbReader{b: body}
	shared, err := r.header()
	if err != nil {
		return nil, err
	}
	v, err := r.object("primary object")
	if err != nil {
		return nil, err
	}
	for i := range shared {
		if _, err := r.object(fmt.Sprintf("shared resource %d", i)); err != nil {
			return nil, err
		}
	}
	if v == nil {
		return nil, badXNB("the primary object is null")
	}
	return v, nil
}
