package graphics

import "fmt"

// MaxTextureSlots is how many texture slots a draw has: an Effect's
// fragment shader samples slot 0 (set 1) and slot 1 (set 2);
// BasicEffect, AlphaTestEffect and SpriteBatch sample slot 0.
const MaxTextureSlots = 2

// SetTexture sets the texture of slot (XNA's GraphicsDevice.Textures[slot]
// = t): the texture the draws that follow sample, in place of the one
// the last Apply set, until the next Apply (which sets it again, as
// XNA's EffectPass.Apply does). A TextureCube goes to an Effect's
// samplerCube of that slot, a Texture3D to its sampler3D; nil unsets the slot. A draw whose effect
// samples no texture there ignores it. Another slot, or a texture of
// another Device or disposed, is an error the next draw returns (rule G20)
// and changes nothing.
func (d *Device) SetTexture(slot int, t Texture) {
	if slot < 0 || slot >= MaxTextureSlots {
		d.fail(fmt.Errorf("graphics: SetTexture: slot %d, want 0 to %d: %w", slot, MaxTextureSlots-1, ErrOutOfRange))
		return
	}
	cube := asCube(t)
	if cube != nil {
		if err := d.own(&cube.resource, "SetTexture"); err != nil {
			d.fail(err)
			return
		}
	}
	t2 := asTexture2D(t)
	if t2 != nil {
		if err := d.own(&t2.resource, "SetTexture"); err != nil {
			d.fail(err)
			return
		}
	}
	vol, _ := t.(*Texture3D)
	if vol != nil {
		if err := d.own(&vol.resource, "SetTexture"); err != nil {
			d.fail(err)
			return
		}
	}
	d.slots.vol[slot] = vol
	if slot == 1 {
		d.slots.tex1, d.slots.cube1 = t2, cube
		return
	}
	d.texture, d.slots.cube0 = t2, cube
}

// Texture returns the texture of slot (XNA's GraphicsDevice.Textures[slot]),
// nil when none is set or the slot does not exist.
func (d *Device) Texture(slot int) Texture {
	switch {
	case slot == 0 && d.texture != nil:
		return d.texture
	case slot == 0 && d.slots.cube0 != nil:
		return d.slots.cube0
	case slot == 1 && d.slots.tex1 != nil:
		return d.slots.tex1
	case slot == 1 && d.slots.cube1 != nil:
		return d.slots.cube1
	case slot >= 0 && slot < MaxTextureSlots && d.slots.vol[slot] != nil:
		return d.slots.vol[slot]
	}
	return nil
}
