package content

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"strings"
	"sync/atomic"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/graphics"
	"golang.org/x/image/font/gofont/goregular"
)

// ErrNotFound is wrapped by a Load error when no file of the asset exists;
// the message lists every path tried.
var ErrNotFound = errors.New("content: asset not found")

// Manager loads assets by name from a file system, caches them by name and
// type, and disposes them together (XNA's ContentManager, rule C1). It is
// not safe for concurrent use: call it from the game's goroutine.
type Manager struct {
	root fs.FS
	dev  *graphics.Device
	sys  *audio.System

	entries map[key]*entry
	order   []*entry // load order; Unload disposes in reverse

	watch   *watcher    // watch.go; nil until Watch
	pending atomic.Bool // the watcher saw a change since the last Update
	onError func(name string, err error)
}

type kind uint8

const (
	kindTexture kind = iota + 1
	kindFont
	kindSound
	kindSong
	kindModel
	kindEffect
)

var kindNames = [...]string{kindTexture: "texture", kindFont: "sprite font", kindSound: "sound effect",
	kindSong: "song", kindModel: "model", kindEffect: "effect"}

type key struct {
	kind kind
	name string
}

// entry is a loaded asset: its value, the files it was read from (for
// hot reload) and how to dispose of it.
type entry struct {
	key   key
	value any
	files []string
}

// NewManager returns a Manager over root (os.DirFS of a folder, an
// embed.FS, any fs.FS). dev makes textures, fonts, models and effects;
// sys makes sounds and songs. Either may be nil: loading what needs it is
// then an error.
func NewManager(root fs.FS, dev *graphics.Device, sys *audio.System) *Manager {
	return &Manager{root: root, dev: dev, sys: sys, entries: map[key]*entry{}}
}

// Root returns the file system the Manager reads.
func (m *Manager) Root() fs.FS { return m.root }

// Load returns the asset name as T, loading it on first use and returning
// the cached value afterwards (the same pointer). T is one of
// *graphics.Texture2D, *graphics.SpriteFont, *audio.SoundEffect,
// *audio.Song, *graphics.Model and *graphics.Effect.
//
// name is a slash-separated path in the Manager's root (XNA's
// backslashes are accepted). A name that ends in an extension the type
// loads from is read as it is; otherwise the extensions below are tried
// in order, the compiled .xnb first, then the source formats:
//
//	*graphics.Texture2D   .xnb .png .jpg .jpeg
//	*graphics.SpriteFont  .xnb .font.json
//	*audio.SoundEffect    .xnb .wav .ogg .mp3
//	*audio.Song           .xnb .ogg .mp3 .wav
//	*graphics.Model       .xnb .glb .gltf
//	*graphics.Effect      .xnb .wgsl .vert.spv (with .frag.spv) .frag.spv
//
// A .font.json file describes a font built from a TrueType or OpenType
// file (see FontDescription). A .wgsl effect is compiled in-process
// (graphics.NewEffectWGSL). An effect from .frag.spv alone is a sprite
// effect (graphics.NewSpriteEffect). A Model or Effect .xnb is refused
// (ErrUnsupported): XNA's compiled models and effects hold Direct3D data.
//
// Errors name the asset and every path tried; a missing asset wraps
// ErrNotFound, a malformed XNB ErrBadXNB, and a file whose extension is
// not one of T's (a .png loaded as a sound) ErrUnsupported.
func Load[T any](m *Manager, name string) (T, error) {
	var zero T
	k := kindOf(any(zero))
	if k == 0 {
		return zero, fmt.Errorf("content: load %q as %T: not a type the content manager loads (textures, sprite fonts, sound effects, songs, models, effects)", name, zero)
	}
	n, err := cleanName(name)
	if err != nil {
		return zero, fmt.Errorf("content: load %s %q: %w", kindNames[k], name, err)
	}
	if e := m.entries[key{k, n}]; e != nil {
		return e.value.(T), nil
	}
	v, files, err := m.load(k, n)
	if err != nil {
		return zero, err
	}
	e := &entry{key: key{k, n}, value: v, files: files}
	m.entries[e.key] = e
	m.order = append(m.order, e)
	if m.watch != nil {
		m.watch.track(files)
	}
	return v.(T), nil
}

func kindOf(v any) kind {
	switch v.(type) {
	case *graphics.Texture2D:
		return kindTexture
	case *graphics.SpriteFont:
		return kindFont
	case *audio.SoundEffect:
		return kindSound
	case *audio.Song:
		return kindSong
	case *graphics.Model:
		return kindModel
	case *graphics.Effect:
		return kindEffect
	}
	return 0
}

// cleanName turns an asset name into a path in the root.
func cleanName(name string) (string, error) {
	n := strings.TrimPrefix(strings.ReplaceAll(name, `\`, "/"), "./")
	if n == "" || !fs.ValidPath(n) {
		return "", fmt.Errorf("not a valid asset name: use a relative, slash-separated path without .. (for example \"sprites/hero\")")
	}
	return n, nil
}

// extensions lists what a kind loads from, in resolution order.
var extensions = [...][]string{
	kindTexture: {".xnb", ".png", ".jpg", ".jpeg"},
	kindFont:    {".xnb", ".font.json"},
	kindSound:   {".xnb", ".wav", ".ogg", ".mp3"},
	kindSong:    {".xnb", ".ogg", ".mp3", ".wav"},
	kindModel:   {".xnb", ".glb", ".gltf"},
	kindEffect:  {".xnb", ".wgsl", ".vert.spv", ".frag.spv"},
}

// candidates returns the paths name may be read from.
func candidates(k kind, name string) []string {
	for _, ext := range extensions[k] {
		if strings.HasSuffix(strings.ToLower(name), ext) {
			return []string{name}
		}
	}
	out := make([]string, 0, len(extensions[k]))
	for _, ext := range extensions[k] {
		out = append(out, name+ext)
	}
	return out
}

// load resolves and reads an asset; it returns the value and the files
// read.
func (m *Manager) load(k kind, name string) (any, []string, error) {
	tried := candidates(k, name)
	for _, p := range tried {
		if _, err := fs.Stat(m.root, p); err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			return nil, nil, fmt.Errorf("content: load %s %q: %s: %w", kindNames[k], name, p, err)
		}
		v, files, err := m.loadFile(k, p)
		if err != nil {
			return nil, nil, fmt.Errorf("content: load %s %q from %s: %w", kindNames[k], name, p, err)
		}
		return v, files, nil
	}
	if len(tried) > 1 {
		// The name as given, with an extension this kind does not load
		// from (a .png asked for as a sound), is a file: say so, rather
		// than that nothing was found.
		if st, err := fs.Stat(m.root, name); err == nil && st.Mode().IsRegular() {
			return nil, nil, fmt.Errorf("content: load %s %q: the file exists, but a %s loads from %s (name it without the extension to try them in turn): %w",
				kindNames[k], name, kindNames[k], strings.Join(extensions[k], ", "), ErrUnsupported)
		}
	}
	return nil, nil, fmt.Errorf("content: load %s %q: no file; tried %s: %w", kindNames[k], name, strings.Join(tried, ", "), ErrNotFound)
}

func (m *Manager) needDevice() error {
	if m.dev == nil {
		return errors.New("the Manager has no graphics device (NewManager's dev is nil; use Game.Content from Initialize or LoadContent on)")
	}
	return nil
}

func (m *Manager) needAudio() error {
	if m.sys == nil {
		return errors.New("the Manager has no audio System (NewManager's sys is nil)")
	}
	return nil
}

// loadFile reads one resolved path.
func (m *Manager) loadFile(k kind, p string) (any, []string, error) {
	if k == kindSound || k == kindSong {
		if err := m.needAudio(); err != nil {
			return nil, nil, err
		}
	} else if err := m.needDevice(); err != nil {
		return nil, nil, err
	}
	lower := strings.ToLower(p)
	if strings.HasSuffix(lower, ".xnb") {
		return m.loadXNB(k, p)
	}
	switch k {
	case kindTexture:
		data, err := fs.ReadFile(m.root, p)
		if err != nil {
			return nil, nil, err
		}
		t, err := graphics.LoadTexture(m.dev, bytes.NewReader(data))
		return t, []string{p}, err
	case kindFont:
		return m.loadFontJSON(p)
	case kindSound:
		data, err := fs.ReadFile(m.root, p)
		if err != nil {
			return nil, nil, err
		}
		s, err := m.sys.NewSoundEffect(p, bytes.NewReader(data))
		return s, []string{p}, err
	case kindSong:
		data, err := fs.ReadFile(m.root, p)
		if err != nil {
			return nil, nil, err
		}
		s, err := audio.NewSongFromBytes(p, data)
		return s, []string{p}, err
	case kindModel:
		md, err := graphics.LoadModel(m.dev, m.root, p)
		return md, modelFiles(m.root, p), err
	}
	return m.loadEffect(p)
}

// modelFiles returns a model's file and, for a .gltf, the buffer and
// image files it names (hot reload follows them too).
func modelFiles(root fs.FS, p string) []string {
	files := []string{p}
	if !strings.HasSuffix(strings.ToLower(p), ".gltf") {
		return files
	}
	data, err := fs.ReadFile(root, p)
	if err != nil {
		return files
	}
	var doc struct {
		Buffers []struct{ URI string } `json:"buffers"`
		Images  []struct{ URI string } `json:"images"`
	}
	if json.Unmarshal(data, &doc) != nil {
		return files
	}
	add := func(uri string) {
		if uri == "" || strings.HasPrefix(uri, "data:") {
			return
		}
		if u, err := url.PathUnescape(uri); err == nil {
			files = append(files, path.Join(path.Dir(p), u))
		}
	}
	for _, b := range doc.Buffers {
		add(b.URI)
	}
	for _, i := range doc.Images {
		add(i.URI)
	}
	return files
}

// loadEffect reads a WGSL module, a SPIR-V pair, or a fragment shader
// alone for a sprite effect.
func (m *Manager) loadEffect(p string) (any, []string, error) {
	if strings.HasSuffix(strings.ToLower(p), ".wgsl") {
		src, err := fs.ReadFile(m.root, p)
		if err != nil {
			return nil, nil, err
		}
		e, err := graphics.NewEffectWGSL(m.dev, string(src))
		return e, []string{p}, err
	}
	base, ok := strings.CutSuffix(p, ".vert.spv")
	if !ok {
		base = strings.TrimSuffix(p, ".frag.spv")
	}
	frag, err := fs.ReadFile(m.root, base+".frag.spv")
	if err != nil {
		return nil, nil, err
	}
	if !ok {
		e, err := graphics.NewSpriteEffect(m.dev, frag)
		return e, []string{base + ".frag.spv"}, err
	}
	vert, err := fs.ReadFile(m.root, p)
	if err != nil {
		return nil, nil, err
	}
	e, err := graphics.NewEffect(m.dev, vert, frag)
	return e, []string{p, base + ".frag.spv"}, err
}

// FontDescription is the content of a .font.json file: a sprite font's
// source, size and character set (XNA's .spritefont description). For
// example:
//
//	{"font": "fonts/DejaVuSans.ttf", "size": 18, "ranges": [[32, 126], [160, 255]], "default": "?"}
type FontDescription struct {
	// Font is the TrueType or OpenType file, relative to the .font.json
	// file's folder; empty means the engine's embedded Go Regular.
	Font string `json:"font"`
	// Size is the size in pixels per em.
	Size float64 `json:"size"`
	// Ranges are inclusive [first, last] code point ranges; none means
	// graphics.DefaultCharacterRanges.
	Ranges [][2]rune `json:"ranges"`
	// Default is the character drawn for those outside the set ("" none).
	Default string `json:"default"`
	// Spacing is added between characters, in pixels.
	Spacing float32 `json:"spacing"`
	// Monochrome turns antialiasing off (pixel fonts).
	Monochrome bool `json:"monochrome"`
}

func (m *Manager) loadFontJSON(p string) (any, []string, error) {
	data, err := fs.ReadFile(m.root, p)
	if err != nil {
		return nil, nil, err
	}
	var d FontDescription
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&d); err != nil {
		return nil, nil, fmt.Errorf("font description: %w (fields: font, size, ranges, default, spacing, monochrome)", err)
	}
	opts := graphics.FontOptions{Size: d.Size, Spacing: d.Spacing, Monochrome: d.Monochrome}
	for _, r := range d.Ranges {
		opts.Ranges = append(opts.Ranges, graphics.CharacterRange{First: r[0], Last: r[1]})
	}
	if d.Default != "" {
		rs := []rune(d.Default)
		if len(rs) != 1 {
			return nil, nil, fmt.Errorf("font description: default %q must be one character", d.Default)
		}
		opts.DefaultCharacter = rs[0]
	}
	files := []string{p}
	if d.Font == "" {
		sf, err := graphics.NewSpriteFont(m.dev, goregular.TTF, opts)
		return sf, files, err
	}
	ttf := path.Join(path.Dir(p), d.Font)
	font, err := fs.ReadFile(m.root, ttf)
	if err != nil {
		return nil, nil, fmt.Errorf("font description: %w", err)
	}
	sf, err := graphics.NewSpriteFont(m.dev, font, opts)
	return sf, append(files, ttf), err
}

// Unload disposes of every asset the Manager loaded, newest first, and
// empties its cache: a later Load reads the file again. Values returned
// earlier must not be used afterwards (XNA's ContentManager.Unload).
func (m *Manager) Unload() {
	for i := len(m.order) - 1; i >= 0; i-- {
		dispose(m.order[i].value)
	}
	m.order = nil
	clear(m.entries)
}

func dispose(v any) {
	if d, ok := v.(interface{ Dispose() }); ok {
		d.Dispose()
	}
}
