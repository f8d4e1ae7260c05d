package graphics

import "fmt"

// MaxTextureSlots is how many texture slots a draw has: one yet (an
// effect samples one texture).
const MaxTextureSlots = 1

// SetTexture sets the texture of slot (XNA's GraphicsDevice.Textures[slot]
// = t): the texture the draws that follow sample, in place of the one
// the last Apply set, until the next Apply (which sets it again, as
// XNA's EffectPass.Apply does). Slot 0 is the only slot yet; nil unsets
// it. A draw whose effect samples no texture ignores it. Another slot, or
// a texture of another Device or disposed, is an error the next draw
// returns (rule G20) and changes nothing.
func (d *Device) SetTexture(slot int, t Texture) {
	if slot < 0 || slot >= MaxTextureSlots {
		d.fail(fmt.Errorf("graphics: SetTexture: slot %d, want 0 (effects sample one texture yet): %w", slot, ErrOutOfRange))
		return
	}
	t2 := asTexture2D(t)
	if t2 != nil {
		if err := d.own(&t2.resource, "SetTexture"); err != nil {
			d.fail(err)
			return
		}
	}
	d.texture = t2
}

// Texture returns the texture of slot (XNA's GraphicsDevice.Textures[slot]),
// nil when none is set or the slot does not exist.
func (d *Device) Texture(slot int) Texture {
	if slot != 0 || d.texture == nil {
		return nil
	}
	return d.texture
}
