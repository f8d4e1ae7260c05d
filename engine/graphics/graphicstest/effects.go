package graphicstest

import (
	"fmt"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// Effect is an effect the fake holds.
type Effect struct {
	Desc     graphics.EffectDesc
	Released bool
}

var _ graphics.EffectBackend = (*Backend)(nil)

// CreateEffect records the effect (graphics.EffectBackend); FailCreate
// fails it.
func (b *Backend) CreateEffect(id graphics.EffectID, d graphics.EffectDesc) error {
	if err := b.failCreate(); err != nil {
		return err
	}
	if b.Effects == nil {
		b.Effects = map[graphics.EffectID]*Effect{}
	}
	if _, ok := b.Effects[id]; ok {
		return fmt.Errorf("graphicstest: effect %d created twice", id)
	}
	b.Effects[id] = &Effect{Desc: d}
	return nil
}

func (b *Backend) releaseEffect(id graphics.EffectID) {
	if e := b.Effects[id]; e != nil {
		e.Released = true
	}
}

// checkEffectDraw checks an Effect draw's effect and block.
func (b *Backend) checkEffectDraw(f *graphics.Frame, d *graphics.Draw) error {
	e, ok := b.Effects[d.Pipeline.Effect]
	if !ok {
		return fmt.Errorf("%w: unknown effect %d", errRecord, d.Pipeline.Effect)
	}
	if e.Released {
		return fmt.Errorf("%w: effect %d used after its release", errRecord, d.Pipeline.Effect)
	}
	if d.EffectBlock < 0 || d.EffectBlock%graphics.EffectBlockAlign != 0 || d.EffectBlock+e.Desc.BlockSize > len(f.EffectData) {
		return fmt.Errorf("%w: effect block at %d of %d bytes outside %d bytes", errRecord, d.EffectBlock, e.Desc.BlockSize, len(f.EffectData))
	}
	return nil
}
