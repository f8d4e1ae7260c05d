package graphics

import (
	"fmt"
	"slices"
)

// checkEffect validates the applied Effect for a mesh draw.
func (d *Device) checkEffect(op string) error {
	e := d.effect
	switch {
	case e == nil:
		return nil
	case e.disposed:
		return fmt.Errorf("graphics: %s: the applied effect %d is disposed: apply another: %w", op, e.id, ErrDisposed)
	case e.sprite:
		return fmt.Errorf("graphics: %s: the effect has no vertex shader (NewSpriteEffect): only a SpriteBatch draws with it; make it with NewEffect to draw meshes: %w", op, ErrEffect)
	case e.applyErr != nil:
		return fmt.Errorf("graphics: %s: %w", op, e.applyErr)
	}
	return nil
}

// checkInputs reports the first vertex shader input that decl has no
// element for.
func (e *Effect) checkInputs(op string, decl VertexDeclaration) error {
	return e.checkInputsWith(op, decl, nil)
}

// checkInputsWith is checkInputs with an instance stream's declaration
// (nil for none) as a second source.
func (e *Effect) checkInputsWith(op string, decl VertexDeclaration, inst *VertexDeclaration) error {
	for i := range e.inputs {
		in := &e.inputs[i]
		if !decl.HasIndex(in.Usage, in.UsageIndex) && (inst == nil || !inst.HasIndex(in.Usage, in.UsageIndex)) {
			return fmt.Errorf("graphics: %s: the effect's vertex input %s needs a %s element of usage index %d, which the vertex declaration lacks: add one or use another vertex type: %w",
				op, in.Name, in.Usage, in.UsageIndex, ErrEffect)
		}
	}
	return nil
}

// effectDraw appends an Effect draw with the current state to pass,
// recording the effect's block on the first draw after Apply.
func (d *Device) effectDraw(pass *Pass, p PrimitiveType, decl VertexDeclaration) *Draw {
	f := &d.frame
	e := d.effect
	if d.effectBlock < 0 {
		at := (len(f.EffectData) + EffectBlockAlign - 1) &^ (EffectBlockAlign - 1)
		f.EffectData = slices.Grow(f.EffectData, at+len(d.effectStage)-len(f.EffectData))[:at]
		f.EffectData = append(f.EffectData, d.effectStage...)
		d.effectBlock = at
	}
	w, h := pass.Width, pass.Height
	scissor := Rectangle{0, 0, w, h}
	if d.raster.ScissorTestEnable {
		scissor = d.scissor.Intersect(scissor)
	}
	var tex TextureID
	if d.variant&ShaderTexture != 0 && d.texture != nil {
		tex = d.texture.id
		d.texture.used = d.seq()
	}
	tex, tex2 := d.slotTextures(tex)
	f.Draws = append(f.Draws, Draw{
		Pipeline: PipelineKey{Blend: d.blend, DepthStencil: depthFor(d.depth, pass.Depth), Rasterizer: d.raster,
			Primitive: p, Vertex: decl, Shader: d.variant, Effect: e.id},
		Viewport: d.viewport, Scissor: scissor, Texture: tex, Sampler: d.sampler,
		Texture2: tex2, Sampler2: d.slots.sampler1,
		Uniforms: -1, EffectBlock: d.effectBlock,
	})
	pass.DrawCount++
	return &f.Draws[len(f.Draws)-1]
}

// spriteEffects splits a batch's effect into its BasicEffect or Effect
// (a typed nil counts as none) and checks it.
func spriteEffects(d *Device, s SpriteBatchEffect) (*BasicEffect, *Effect, error) {
	switch e := s.(type) {
	case nil:
		return nil, nil, nil
	case *BasicEffect:
		if e == nil {
			return nil, nil, nil
		}
		if e.dev != d {
			return nil, nil, fmt.Errorf("graphics: sprite batch begin: the effect was made for another Device: %w", ErrWrongDevice)
		}
		if e.LightingEnabled {
			return nil, nil, fmt.Errorf("graphics: sprite batch begin: the effect has LightingEnabled; sprites have no normals, turn it off: %w", ErrInvalid)
		}
		return e, nil, nil
	case *Effect:
		if e == nil {
			return nil, nil, nil
		}
		switch {
		case e.dev != d:
			return nil, nil, fmt.Errorf("graphics: sprite batch begin: the effect was made for another Device: %w", ErrWrongDevice)
		case e.disposed:
			return nil, nil, fmt.Errorf("graphics: sprite batch begin: the effect %d is disposed: %w", e.id, ErrDisposed)
		}
		if err := e.checkInputs("sprite batch begin", spriteDecl); err != nil {
			return nil, nil, err
		}
		if err := e.checkSpriteSlots(); err != nil {
			return nil, nil, err
		}
		return nil, e, nil
	case *AlphaTestEffect:
		if e == nil {
			return nil, nil, nil
		}
		if e.dev != d {
			return nil, nil, fmt.Errorf("graphics: sprite batch begin: the effect was made for another Device: %w", ErrWrongDevice)
		}
		return spriteEffects(d, e.effect())
	}
	return nil, nil, fmt.Errorf("graphics: sprite batch begin: effect type %T: %w", s, ErrInvalid)
}

// spriteCustomSetup applies a batch's Effect: its block as it is now, the
// sprite texture in its texture parameter, and for a sprite effect (no
// vertex shader of its own) the transform that takes the batch's pixels to
// clip space, applied to the vertices as they are drawn.
func (d *Device) spriteCustomSetup(e *Effect, xform *spriteXform) {
	d.applyEffect(e)
	d.applySlots(e)
	d.variant = 0
	if e.hasTex {
		d.variant = ShaderTexture
	}
	d.spriteXf = spriteXform{}
	if e.sprite && xform != nil {
		d.spriteXf = *xform
	}
}

// spriteXform is the matrix a sprite effect's vertices are transformed by
// on the CPU (valid when on).
type spriteXform struct {
	on bool
	m  [16]float32
}

// transformSprites applies the sprite effect's transform to the n quads
// at vertex base of the arena.
func (d *Device) transformSprites(base, n int) {
	if !d.spriteXf.on || d.effect == nil {
		return
	}
	m := &d.spriteXf.m
	quads := d.spriteQuads(base, n)
	for i := range quads {
		for k := range quads[i] {
			p := &quads[i][k].Position
			x, y, z := p[0], p[1], p[2]
			p[0] = m[0]*x + m[4]*y + m[8]*z + m[12]
			p[1] = m[1]*x + m[5]*y + m[9]*z + m[13]
			p[2] = m[2]*x + m[6]*y + m[10]*z + m[14]
		}
	}
}
