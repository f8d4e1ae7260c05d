package graphics

import (
	"fmt"

	"github.com/metronome-engine/metronome/engine/graphics/spirv"
)

// An Effect's fragment shader samples up to MaxTextureSlots textures:
// slot i is the sampler at set i+1, binding 0, a sampler2D (a Texture2D
// or render target) or a samplerCube (a TextureCube). Slot 0 keeps the
// Effect's texture field for a sampler2D (as SpriteBatch and the stock
// effects set it); what else the slots hold is here.

// effectTextures are an Effect's cube textures and its texture slot 1.
type effectTextures struct {
	cube  [MaxTextureSlots]bool         // slot i is a samplerCube
	cubes [MaxTextureSlots]*TextureCube // the cube set in slot i
	has1  bool                          // the shader samples slot 1
	name1 string                        // slot 1's parameter name
	tex1  *Texture2D                    // slot 1's 2D texture
	vol   [MaxTextureSlots]bool         // slot i is a sampler3D
	vols  [MaxTextureSlots]*Texture3D   // the 3D texture set in slot i
}

// deviceSlots are the device's texture slots beyond a 2D texture in slot
// 0 (Device.texture) and their sampler states.
type deviceSlots struct {
	cube0    *TextureCube                // slot 0 when it holds a cube
	tex1     *Texture2D                  // slot 1's 2D texture
	cube1    *TextureCube                // slot 1's cube
	sampler1 SamplerState                // SamplerStates[1]
	vol      [MaxTextureSlots]*Texture3D // slot i's 3D texture
}

// checkTextures rejects textures the engine cannot bind: each must be a
// sampler2D or samplerCube at binding 0 of set 1 or 2, one per set.
func checkTextures(m *spirv.Module, what string) error {
	var seen [MaxTextureSlots]string
	for _, t := range m.Textures {
		kind := t.Type.String()
		if t.Set < 1 || t.Set > MaxTextureSlots || t.Binding != 0 || (kind != "sampler2D" && kind != "samplerCube" && kind != "sampler3D") || len(t.Type.Array) > 0 {
			return fmt.Errorf("the %s shader's texture %s (%s at set %d binding %d): the engine binds a sampler2D, samplerCube or sampler3D at layout(set = 1, binding = 0) and a second at layout(set = 2, binding = 0): %w",
				what, t.Name, t.Type, t.Set, t.Binding, ErrEffect)
		}
		if prev := seen[t.Set-1]; prev != "" {
			return fmt.Errorf("the %s shader declares textures %s and %s at set %d: one texture per set: %w", what, prev, t.Name, t.Set, ErrEffect)
		}
		seen[t.Set-1] = t.Name
	}
	return nil
}

// addTextures makes the parameters of the fragment shader's textures
// (checked by checkTextures) and returns the number of texture slots the
// effect's pipeline layout needs: 2 when it samples slot 1, else 1.
func (e *Effect) addTextures(fm *spirv.Module) int {
	slots := 1
	for _, t := range fm.Textures {
		slot := t.Set - 1
		typ := ParameterTexture2D
		if t.Type.String() == "samplerCube" {
			typ = ParameterTextureCube
			e.more.cube[slot] = true
		}
		if t.Type.String() == "sampler3D" {
			typ = ParameterTexture3D
			e.more.vol[slot] = true
		}
		if slot == 0 {
			e.hasTex, e.texName = true, t.Name
		} else {
			e.more.has1, e.more.name1 = true, t.Name
			slots = 2
		}
		e.Parameters[t.Name] = &EffectParameter{effect: e, Name: t.Name, ParameterClass: ParameterObject, ParameterType: typ, slot: slot}
	}
	return slots
}

// setCube sets a samplerCube parameter.
func (p *EffectParameter) setCube(tex Texture) error {
	c := asCube(tex)
	if c == nil && asTexture2D(tex) != nil {
		return fmt.Errorf("graphics: effect parameter %q is %s; SetTexture was given a 2D texture: %w", p.Name, p.describe(), ErrEffect)
	}
	if v, ok := tex.(*Texture3D); ok && v != nil {
		return fmt.Errorf("graphics: effect parameter %q is %s; SetTexture was given a 3D texture: %w", p.Name, p.describe(), ErrEffect)
	}
	if c != nil && c.dev != p.effect.dev {
		return fmt.Errorf("graphics: effect parameter %q: the texture was made for another Device: %w", p.Name, ErrWrongDevice)
	}
	p.effect.more.cubes[p.slot] = c
	return nil
}

// setVolume sets a sampler3D parameter.
func (p *EffectParameter) setVolume(tex Texture) error {
	v, ok := tex.(*Texture3D)
	if !ok && tex != nil {
		return fmt.Errorf("graphics: effect parameter %q is %s; SetTexture was given a %T: %w", p.Name, p.describe(), tex, ErrEffect)
	}
	if v != nil && v.dev != p.effect.dev {
		return fmt.Errorf("graphics: effect parameter %q: the texture was made for another Device: %w", p.Name, ErrWrongDevice)
	}
	p.effect.more.vols[p.slot] = v
	return nil
}

// applySlots sets the device's slots from e's textures (Effect.Apply).
func (d *Device) applySlots(e *Effect) {
	d.slots.cube0 = e.more.cubes[0]
	d.slots.tex1, d.slots.cube1 = e.more.tex1, e.more.cubes[1]
	d.slots.vol = e.more.vols
}

// copyTextures copies e's textures into s, a pass's shaders (EffectPass.Apply).
func (s *Effect) copyTextures(e *Effect) {
	s.more.cubes, s.more.tex1, s.more.vols = e.more.cubes, e.more.tex1, e.more.vols
}

// slotCube0 reports whether the applied Effect's slot 0 is a samplerCube
// or a sampler3D (no sampler2D).
func (d *Device) slotCube0() bool {
	return d.effect != nil && (d.effect.more.cube[0] || d.effect.more.vol[0])
}

// checkSlots checks the applied Effect's cube and slot 1 textures for a
// mesh draw: set, alive, of this device.
func (d *Device) checkSlots(op string) error {
	e := d.effect
	if e == nil {
		return nil
	}
	if e.more.vol[0] && d.variant&ShaderTexture != 0 {
		if err := d.checkSlotVolume(op, 0, e.texName); err != nil {
			return err
		}
	} else if e.more.cube[0] && d.variant&ShaderTexture != 0 {
		if err := d.checkSlotTexture(op, 0, e.texName, nil, d.slots.cube0); err != nil {
			return err
		}
	}
	if e.more.has1 && e.more.vol[1] {
		return d.checkSlotVolume(op, 1, e.more.name1)
	}
	if e.more.has1 {
		var t2 *Texture2D
		var c *TextureCube
		if e.more.cube[1] {
			c = d.slots.cube1
		} else {
			t2 = d.slots.tex1
		}
		if err := d.checkSlotTexture(op, 1, e.more.name1, t2, c); err != nil {
			return err
		}
	}
	return nil
}

// checkSlotTexture checks the texture of slot (t2 for a sampler2D, c for a
// samplerCube; one of them is expected).
func (d *Device) checkSlotTexture(op string, slot int, name string, t2 *Texture2D, c *TextureCube) error {
	var r *resource
	switch {
	case t2 != nil:
		r = &t2.resource
		if d.target != nil && d.target.Texture2D == t2 {
			return fmt.Errorf("graphics: %s: the effect samples render target %d while drawing into it: set another render target first: %w", op, t2.id, ErrInUse)
		}
	case c != nil:
		r = &c.resource
		if d.target != nil && d.target.cube == c {
			return fmt.Errorf("graphics: %s: the effect samples cube render target %d while drawing into its face: set another render target first: %w", op, c.id, ErrInUse)
		}
	default:
		kind := "Texture2D"
		if d.effect.more.cube[slot] {
			kind = "TextureCube"
		}
		return fmt.Errorf("graphics: %s: the effect's texture parameter %q (slot %d) is not set: SetValue a %s and Apply: %w", op, name, slot, kind, ErrEffect)
	}
	switch {
	case r.dev != d:
		return fmt.Errorf("graphics: %s: texture %d: %w", op, r.rid, ErrWrongDevice)
	case r.disposed:
		return fmt.Errorf("graphics: %s: the effect's texture %d (slot %d) is disposed: set another and Apply: %w", op, r.rid, slot, ErrDisposed)
	}
	return nil
}

// checkSlotVolume checks the 3D texture of slot, a sampler3D.
func (d *Device) checkSlotVolume(op string, slot int, name string) error {
	v := d.slots.vol[slot]
	switch {
	case v == nil:
		return fmt.Errorf("graphics: %s: the effect's texture parameter %q (slot %d) is not set: SetValue a Texture3D and Apply: %w", op, name, slot, ErrEffect)
	case v.dev != d:
		return fmt.Errorf("graphics: %s: texture %d: %w", op, v.id, ErrWrongDevice)
	case v.disposed:
		return fmt.Errorf("graphics: %s: the effect's texture %d (slot %d) is disposed: set another and Apply: %w", op, v.id, slot, ErrDisposed)
	}
	return nil
}

// slotTextures returns the IDs an Effect draw samples beyond a 2D texture
// in slot 0 (a cube in slot 0 replaces it), marking them used.
func (d *Device) slotTextures(tex0 TextureID) (TextureID, TextureID) {
	e := d.effect
	if e == nil {
		return tex0, 0
	}
	if e.more.cube[0] && d.variant&ShaderTexture != 0 && d.slots.cube0 != nil {
		tex0 = d.slots.cube0.id
		d.slots.cube0.used = d.seq()
	}
	if v := d.slots.vol[0]; e.more.vol[0] && d.variant&ShaderTexture != 0 && v != nil {
		tex0 = v.id
		v.used = d.seq()
	}
	var tex1 TextureID
	if e.more.has1 {
		if v := d.slots.vol[1]; e.more.vol[1] {
			if v != nil {
				tex1 = v.id
				v.used = d.seq()
			}
		} else if e.more.cube[1] && d.slots.cube1 != nil {
			tex1 = d.slots.cube1.id
			d.slots.cube1.used = d.seq()
		} else if !e.more.cube[1] && d.slots.tex1 != nil {
			tex1 = d.slots.tex1.id
			d.slots.tex1.used = d.seq()
		}
	}
	return tex0, tex1
}

// SamplerStateAt returns the sampler state of texture slot slot (XNA's
// SamplerStates[slot]); the zero SamplerState for a slot that does not
// exist.
func (d *Device) SamplerStateAt(slot int) SamplerState {
	switch slot {
	case 0:
		return d.sampler
	case 1:
		return d.slots.sampler1
	}
	return SamplerState{}
}

// SetSamplerStateAt sets the sampler of texture slot slot (XNA's
// SamplerStates[slot] = s) for the draws that follow: slot 0 is
// SetSamplerState's, slot 1 samples an Effect's second texture
// (DualTextureEffect's Texture2, EnvironmentMapEffect's EnvironmentMap).
// A slot out of range or a field outside its enumeration is an error and
// changes nothing.
func (d *Device) SetSamplerStateAt(slot int, s SamplerState) error {
	switch slot {
	case 0:
		d.SetSamplerState(s)
		return nil
	case 1:
		if err := s.Validate(); err != nil {
			return fmt.Errorf("graphics: set sampler state 1: %w", err)
		}
		d.noteSampler(s)
		d.slots.sampler1 = s
		return nil
	}
	return fmt.Errorf("graphics: set sampler state: slot %d, want 0 to %d: %w", slot, MaxTextureSlots-1, ErrOutOfRange)
}

// checkSpriteSlots checks an Effect a SpriteBatch draws with: slot 0
// takes the sprites' 2D textures, and a slot 1 it samples must be set
// (the batch's draws are not checked one by one).
func (e *Effect) checkSpriteSlots() error {
	if e.more.cube[0] || e.more.vol[0] {
		return fmt.Errorf("graphics: sprite batch begin: the effect's texture %q is a samplerCube or sampler3D; the batch binds the sprite's 2D texture there: %w", e.texName, ErrEffect)
	}
	if e.more.has1 && e.more.tex1 == nil && e.more.cubes[1] == nil && e.more.vols[1] == nil {
		return fmt.Errorf("graphics: sprite batch begin: the effect's second texture %q is not set: SetValue one first: %w", e.more.name1, ErrEffect)
	}
	return nil
}
