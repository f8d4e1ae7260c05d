package game

import (
	_ "embed"
	"fmt"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// The post-process (key G, -post): the whole frame, scene and HUD, is
// drawn into a render target the size of the back buffer, which a
// SpriteBatch then draws over the back buffer through a custom sprite
// effect (shaders/post.frag: grayscale with a vignette). The shader is
// GLSL compiled by go generate and embedded, so the sample runs from any
// folder.

//go:generate glslc --target-env=vulkan1.0 -o shaders/post.frag.spv shaders/post.frag

//go:embed shaders/post.frag.spv
var postFragment []byte

// postVignette is how much the post-process darkens the corners: a corner
// keeps 1 - postVignette of its grey.
const postVignette = 0.45

// postProcess is the effect, its batch and the frame's render target.
type postProcess struct {
	fx       *graphics.Effect
	batch    *graphics.SpriteBatch
	rt       *graphics.RenderTarget2D
	settings graphics.SpriteBatchSettings
}

// newPostProcess loads the effect and makes its batch; the target is made
// by the first frame (target).
func newPostProcess(dev *graphics.Device) (*postProcess, error) {
	fx, err := graphics.NewSpriteEffect(dev, postFragment)
	if err != nil {
		return nil, fmt.Errorf("post-process effect: %w", err)
	}
	fx.Parameters["Vignette"].SetFloat(postVignette)
	batch, err := graphics.NewSpriteBatch(dev)
	if err != nil {
		return nil, fmt.Errorf("post-process: %w", err)
	}
	return &postProcess{fx: fx, batch: batch,
		settings: graphics.SpriteBatchSettings{Effect: fx, Blend: &graphics.Opaque}}, nil
}

// begin makes the frame's draws go into the render target, which follows
// the back buffer's size (width x height): a resized window gets a new
// target (the old one is disposed); the same size keeps it, so a steady
// frame allocates nothing.
func (p *postProcess) begin(dev *graphics.Device, width, height int) error {
	if p.rt == nil || p.rt.Width() != width || p.rt.Height() != height {
		if p.rt != nil {
			p.rt.Dispose()
			p.rt = nil
		}
		rt, err := graphics.NewRenderTarget2D(dev, width, height, graphics.RenderTargetOptions{Depth: graphics.Depth24})
		if err != nil {
			return fmt.Errorf("post-process target %dx%d: %w", width, height, err)
		}
		p.rt = rt
	}
	dev.SetRenderTarget(p.rt)
	return nil
}

// end draws the render target over the whole back buffer through the
// effect.
func (p *postProcess) end(dev *graphics.Device) error {
	dev.SetRenderTarget(nil)
	if err := p.batch.BeginWith(p.settings); err != nil {
		return fmt.Errorf("post-process: %w", err)
	}
	p.batch.Draw(p.rt.Texture2D, mgl32.Vec2{}, graphics.White)
	if err := p.batch.End(); err != nil {
		return fmt.Errorf("post-process: %w", err)
	}
	return nil
}
