package vulkan

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/spirv/spirvtest"
)

// mutantPair is an effect of the repository whose shaders are mutated:
// a vertex and fragment shader, or a fragment shader over sprites.
type mutantPair struct {
	vert, frag string // paths from the repository root; vert "" for a sprite effect
}

var mutantPairs = []mutantPair{
	{"engine/graphics/testdata/effects/wave.vert.spv", "engine/graphics/testdata/effects/wave.frag.spv"},
	{"engine/graphics/testdata/effects/separate.vert.spv", "engine/graphics/testdata/effects/cubes.frag.spv"},
	{"examples/shader/shaders/plasma.vert.spv", "examples/shader/shaders/plasma.frag.spv"},
	{"", "engine/graphics/testdata/effects/crt.frag.spv"},
	{"", "examples/shader/shaders/crt.frag.spv"},
	{"", "cmd/sample/internal/game/shaders/post.frag.spv"},
}

// TestE7_MutatedShadersNeverReachTheDriverInvalid: 720 seeded mutants of
// the repository's effects (each mutating the vertex or the fragment
// shader of a pair: bit flips, bytes and words changed, words swapped,
// truncations) go through NewEffect on lavapipe with validation on; each
// accepted one is drawn (which compiles its pipeline). Every mutant ends
// in an error or draws with no validation message, and the driver never
// crashes.
func TestE7_MutatedShadersNeverReachTheDriverInvalid(t *testing.T) {
	g := openGPU(t, 64, 64, Options{})
	g.expectMessages = true // checked per mutant below
	root := filepath.Join("..", "..")
	read := func(p string) []byte {
		if p == "" {
			return nil
		}
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	start := time.Now()
	var created, drawn, refused int
	onContent(t, g, func(c *content) error {
		decl, err := graphics.NewVertexDeclaration(44,
			graphics.VertexElement{Offset: 0, Format: graphics.FormatVector3, Usage: graphics.UsagePosition},
			graphics.VertexElement{Offset: 12, Format: graphics.FormatVector3, Usage: graphics.UsageNormal},
			graphics.VertexElement{Offset: 24, Format: graphics.FormatVector2, Usage: graphics.UsageTextureCoordinate},
			graphics.VertexElement{Offset: 32, Format: graphics.FormatColor, Usage: graphics.UsageColor},
			graphics.VertexElement{Offset: 36, Format: graphics.FormatVector2, Usage: graphics.UsageTextureCoordinate, UsageIndex: 1})
		if err != nil {
			return err
		}
		vb, err := graphics.NewVertexBuffer(c.dev, decl, 3)
		if err != nil {
			return err
		}
		rt, err := graphics.NewRenderTarget2D(c.dev, 32, 32, graphics.RenderTargetOptions{})
		if err != nil {
			return err
		}
		tex, err := graphics.NewTexture2D(c.dev, 4, 4)
		if err != nil {
			return err
		}
		sb, err := graphics.NewSpriteBatch(c.dev)
		if err != nil {
			return err
		}
		draw := func(e *graphics.Effect, sprite bool) error {
			for _, p := range e.Parameters {
				if p.ParameterClass == graphics.ParameterObject {
					p.SetTexture(tex)
				}
			}
			c.dev.SetRenderTarget(rt)
			if err := c.dev.Clear(graphics.Black); err != nil {
				return err
			}
			if sprite {
				if err := sb.BeginWith(graphics.SpriteBatchSettings{Effect: e}); err != nil {
					return err
				}
				sb.Draw(tex, mgl32.Vec2{4, 4}, graphics.White)
				if err := sb.End(); err != nil {
					return err
				}
			} else {
				e.Apply()
				c.dev.SetVertexBuffer(vb)
				if err := c.dev.DrawPrimitives(graphics.TriangleList, 0, 1); err != nil {
					return err
				}
			}
			c.dev.SetRenderTarget(nil)
			return c.dev.Flush()
		}
		// The pairs themselves work.
		for _, p := range mutantPairs {
			e, err := newMutantEffect(c.dev, read(p.vert), read(p.frag), p.vert == "")
			if err != nil {
				return fmt.Errorf("%s + %s: %w", p.vert, p.frag, err)
			}
			if err := draw(e, p.vert == ""); err != nil {
				return fmt.Errorf("%s + %s: draw: %w", p.vert, p.frag, err)
			}
			e.Dispose()
		}
		if n := len(g.r.Messages()); n > 0 {
			return fmt.Errorf("the unmutated effects gave validation messages: %q", g.r.Messages())
		}
		seed, count := uint64(spirvtest.Seed), 720
		if s, err := strconv.ParseUint(os.Getenv("METRONOME_MUTANT_SEED"), 10, 64); err == nil {
			seed = s // a longer search: METRONOME_MUTANT_SEED and METRONOME_MUTANTS
		}
		if n, err := strconv.Atoi(os.Getenv("METRONOME_MUTANTS")); err == nil {
			count = n
		}
		m := spirvtest.NewMutator(seed)
		for i := range count {
			p := mutantPairs[i%len(mutantPairs)]
			vert, frag := read(p.vert), read(p.frag)
			var kind, which string
			if p.vert != "" && (i/len(mutantPairs))%2 == 0 {
				kind, vert = m.Mutate(vert)
				which = p.vert
			} else {
				kind, frag = m.Mutate(frag)
				which = p.frag
			}
			before := len(g.r.Messages())
			e, err := newMutantEffect(c.dev, vert, frag, p.vert == "")
			if err != nil {
				if !errors.Is(err, graphics.ErrEffect) {
					t.Errorf("mutant %d (%s of %s): NewEffect: %v, want an ErrEffect", i, kind, which, err)
				}
				refused++
			} else {
				created++
				if err := draw(e, p.vert == ""); err != nil {
					if !errors.Is(err, graphics.ErrEffect) {
						t.Errorf("mutant %d (%s of %s): draw: %v", i, kind, which, err)
					}
				} else {
					drawn++
				}
				e.Dispose()
			}
			if msgs := g.r.Messages(); len(msgs) > before {
				t.Errorf("mutant %d (%s of %s) reached the driver invalid: %q", i, kind, which, msgs[before:])
			}
		}
		return nil
	})
	t.Logf("mutants: %d refused by NewEffect, %d created, %d drawn, in %v", refused, created, drawn, time.Since(start).Round(time.Millisecond))
}

// newMutantEffect makes the effect of a pair.
func newMutantEffect(dev *graphics.Device, vert, frag []byte, sprite bool) (*graphics.Effect, error) {
	if sprite {
		return graphics.NewSpriteEffect(dev, frag)
	}
	return graphics.NewEffect(dev, vert, frag)
}
