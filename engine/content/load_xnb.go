package content

import (
	"fmt"
	"io/fs"
	"path"
	"strings"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// loadXNB reads an XNB file and makes the engine's object of kind k.
func (m *Manager) loadXNB(k kind, p string) (any, []string, error) {
	if k == kindModel || k == kindEffect {
		return nil, nil, fmt.Errorf("XNA's compiled %ss hold Direct3D 9 data this engine cannot use; load the source (%s) instead: %w",
			kindNames[k], strings.Join(extensions[k][1:], ", "), ErrUnsupported)
	}
	data, err := fs.ReadFile(m.root, p)
	if err != nil {
		return nil, nil, err
	}
	obj, err := parseXNB(data)
	if err != nil {
		return nil, nil, err
	}
	files := []string{p}
	switch k {
	case kindTexture:
		t, ok := obj.(*xnbTexture)
		if !ok {
			return nil, nil, wrongType(obj, "Texture2D")
		}
		tex, err := m.texture(t)
		return tex, files, err
	case kindFont:
		f, ok := obj.(*xnbFont)
		if !ok {
			return nil, nil, wrongType(obj, "SpriteFont")
		}
		font, err := m.font(f)
		return font, files, err
	case kindSound:
		s, ok := obj.(*xnbSound)
		if !ok {
			return nil, nil, wrongType(obj, "SoundEffect")
		}
		fx, err := m.sys.NewSoundEffectFloat(s.samples, s.rate, s.channels)
		if err != nil {
			return nil, nil, err
		}
		fx.SetName(p)
		return fx, files, nil
	}
	s, ok := obj.(*xnbSong)
	if !ok {
		return nil, nil, wrongType(obj, "Song")
	}
	return m.song(p, s)
}

func wrongType(obj any, want string) error {
	got := "an unknown type"
	switch obj.(type) {
	case *xnbTexture:
		got = "a Texture2D"
	case *xnbFont:
		got = "a SpriteFont"
	case *xnbSound:
		got = "a SoundEffect"
	case *xnbSong:
		got = "a Song"
	}
	return fmt.Errorf("the XNB holds %s, not a %s: load it as its own type", got, want)
}

func (m *Manager) texture(t *xnbTexture) (*graphics.Texture2D, error) {
	tex, err := graphics.NewTexture2D(m.dev, t.width, t.height)
	if err != nil {
		return nil, err
	}
	if err := tex.SetData(t.rgba); err != nil {
		tex.Dispose()
		return nil, err
	}
	return tex, nil
}

func (m *Manager) font(f *xnbFont) (*graphics.SpriteFont, error) {
	tex, err := m.texture(f.tex)
	if err != nil {
		return nil, err
	}
	glyphs := make([]graphics.FontGlyph, len(f.chars))
	for i, c := range f.chars {
		g, cr, kn := f.glyphs[i], f.cropping[i], f.kerning[i]
		glyphs[i] = graphics.FontGlyph{Rune: c,
			Source:      graphics.Rectangle{X: int(g[0]), Y: int(g[1]), Width: int(g[2]), Height: int(g[3])},
			OffsetX:     float32(cr[0]),
			OffsetY:     float32(cr[1]),
			LeftBearing: kn[0], Width: kn[1], RightBearing: kn[2]}
	}
	font, err := graphics.NewSpriteFontFromAtlas(tex, glyphs, int(f.lineSpacing), f.spacing, f.defaultChar)
	if err != nil {
		tex.Dispose()
		return nil, err
	}
	return font, nil
}

// song opens the file an XNB Song names, beside the XNB: an .ogg (a .wma
// named by XNA is looked for as .ogg with the same base name).
func (m *Manager) song(p string, s *xnbSong) (any, []string, error) {
	file := strings.ReplaceAll(s.file, `\`, "/")
	audioPath := path.Join(path.Dir(p), file)
	if strings.EqualFold(path.Ext(file), ".wma") {
		ogg := strings.TrimSuffix(audioPath, path.Ext(audioPath)) + ".ogg"
		if _, err := fs.Stat(m.root, ogg); err != nil {
			return nil, nil, fmt.Errorf("the song's audio is %s, Windows Media Audio, which this engine does not decode; convert it to Ogg Vorbis as %s: %w", audioPath, ogg, ErrUnsupported)
		}
		audioPath = ogg
	}
	data, err := fs.ReadFile(m.root, audioPath)
	if err != nil {
		return nil, nil, fmt.Errorf("the song's audio file: %w", err)
	}
	song, err := audio.NewSongFromBytes(p, data)
	if err != nil {
		return nil, nil, err
	}
	return song, []string{p, audioPath}, nil
}
