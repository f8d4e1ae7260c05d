package graphics

import (
	"fmt"
	"strconv"
)

// EffectAnnotation is a named value attached to a technique or pass
// (XNA's EffectAnnotation). GLSL and SPIR-V have no annotation syntax, so
// an Effect's shaders bring none: annotations come from the technique
// and pass descriptions a game gives AddTechnique.
type EffectAnnotation struct {
	// Name and Semantic name the annotation.
	Name, Semantic string
	// Value is the annotation's value: a string, bool, int32, float32,
	// mgl32 vector or matrix, as the game gave it.
	Value any
}

// EffectAnnotationCollection is a technique's or pass's annotations, in
// the order given.
type EffectAnnotationCollection []EffectAnnotation

// Get returns the annotation named name, or nil.
func (c EffectAnnotationCollection) Get(name string) *EffectAnnotation {
	for i := range c {
		if c[i].Name == name {
			return &c[i]
		}
	}
	return nil
}

// EffectPassDesc describes one pass of a technique made by AddTechnique.
type EffectPassDesc struct {
	// Name names the pass ("P0", "P1", ... when empty).
	Name string
	// Shaders, when not nil, is an Effect whose shaders the pass runs in
	// place of the owner's: at Apply its parameters take the values of
	// the owner's parameters of the same name and shape, and its texture
	// the owner's texture. Nil runs the owner's own shaders.
	Shaders *Effect
	// Blend, DepthStencil and Rasterizer, when not nil, are the states
	// the pass sets on the device at Apply (an FX pass's render states);
	// nil leaves the device's state as it is.
	Blend        *BlendState
	DepthStencil *DepthStencilState
	Rasterizer   *RasterizerState
	// Annotations are the pass's annotations.
	Annotations EffectAnnotationCollection
}

// EffectPass is one pass of a technique (XNA's EffectPass): Apply sets
// its shaders, parameters and states for the draws that follow.
type EffectPass struct {
	// Name is the pass's name.
	Name string
	// Annotations are the pass's annotations (empty for a shader's
	// default pass).
	Annotations EffectAnnotationCollection

	owner  *Effect
	desc   EffectPassDesc
	copies []paramCopy // owner block range -> pass block range
}

// paramCopy copies n bytes of the owner's block at from into the pass
// effect's block at to.
type paramCopy struct{ from, to, n int }

// EffectPassCollection is a technique's passes in order.
type EffectPassCollection []*EffectPass

// Get returns the pass named name, or nil.
func (c EffectPassCollection) Get(name string) *EffectPass {
	for _, p := range c {
		if p.Name == name {
			return p
		}
	}
	return nil
}

// EffectTechnique is a named list of passes (XNA's EffectTechnique):
// drawing with it means, for each pass, Apply then draw.
type EffectTechnique struct {
	// Name is the technique's name.
	Name string
	// Passes are its passes, applied in order.
	Passes EffectPassCollection
	// Annotations are the technique's annotations.
	Annotations EffectAnnotationCollection
}

// EffectTechniqueCollection is an Effect's techniques in order.
type EffectTechniqueCollection []*EffectTechnique

// Get returns the technique named name, or nil.
func (c EffectTechniqueCollection) Get(name string) *EffectTechnique {
	for _, t := range c {
		if t.Name == name {
			return t
		}
	}
	return nil
}

// DefaultTechniqueName is the name of the technique every Effect starts
// with: its shaders as one pass named "P0".
const DefaultTechniqueName = "Default"

// defaultTechnique returns e's technique of one pass running its shaders.
func (e *Effect) defaultTechnique() *EffectTechnique {
	t := &EffectTechnique{Name: DefaultTechniqueName}
	t.Passes = EffectPassCollection{{Name: "P0", owner: e}}
	return t
}

// initTechniques gives a new effect its default technique.
func (e *Effect) initTechniques() {
	e.CurrentTechnique = e.defaultTechnique()
	e.Techniques = EffectTechniqueCollection{e.CurrentTechnique}
}

// AddTechnique adds a technique of the given passes to e's Techniques
// and returns it (set it as CurrentTechnique to draw with it). A pass's
// Shaders must be an Effect of the same device with the same kind
// (mesh or sprite) as e; an error names the pass otherwise.
func (e *Effect) AddTechnique(name string, annotations EffectAnnotationCollection, passes ...EffectPassDesc) (*EffectTechnique, error) {
	if e == nil || e.dev == nil {
		return nil, fmt.Errorf("graphics: add technique %q: the effect is nil: %w", name, ErrInvalid)
	}
	if len(passes) == 0 {
		return nil, fmt.Errorf("graphics: add technique %q: no passes: give at least one EffectPassDesc: %w", name, ErrInvalid)
	}
	if e.Techniques.Get(name) != nil {
		return nil, fmt.Errorf("graphics: add technique %q: the effect has a technique of that name: %w", name, ErrInvalid)
	}
	t := &EffectTechnique{Name: name, Annotations: annotations}
	for i, pd := range passes {
		if pd.Name == "" {
			pd.Name = "P" + strconv.Itoa(i)
		}
		p := &EffectPass{Name: pd.Name, Annotations: pd.Annotations, owner: e, desc: pd}
		if s := pd.Shaders; s != nil {
			switch {
			case s.dev != e.dev:
				return nil, fmt.Errorf("graphics: add technique %q: pass %s: its Shaders were made for another Device: %w", name, pd.Name, ErrWrongDevice)
			case s.sprite != e.sprite:
				return nil, fmt.Errorf("graphics: add technique %q: pass %s: its Shaders and the effect must both be sprite effects or both not: %w", name, pd.Name, ErrInvalid)
			}
			p.copies = linkParameters(e, s)
		}
		if b := pd.Blend; b != nil {
			if err := b.Validate(); err != nil {
				return nil, fmt.Errorf("graphics: add technique %q: pass %s: %w", name, pd.Name, err)
			}
		}
		if r := pd.Rasterizer; r != nil {
			if err := r.Validate(); err != nil {
				return nil, fmt.Errorf("graphics: add technique %q: pass %s: %w", name, pd.Name, err)
			}
		}
		t.Passes = append(t.Passes, p)
	}
	e.Techniques = append(e.Techniques, t)
	return t, nil
}

// linkParameters lists the block ranges to copy from src's parameters
// into dst's parameters of the same name and shape.
func linkParameters(src, dst *Effect) []paramCopy {
	var out []paramCopy
	for name, dp := range dst.Parameters {
		sp := src.Parameters[name]
		if sp == nil || dp.ParameterClass == ParameterObject || !sameShape(sp, dp) {
			continue
		}
		out = append(out, paramCopy{from: sp.offset, to: dp.offset, n: dp.span()})
	}
	return out
}

// sameShape reports whether a and b take the same values laid out alike.
func sameShape(a, b *EffectParameter) bool {
	return a.ParameterClass == b.ParameterClass && a.ParameterType == b.ParameterType &&
		a.RowCount == b.RowCount && a.ColumnCount == b.ColumnCount && a.Elements == b.Elements &&
		a.stride == b.stride && a.mstride == b.mstride && a.rows == b.rows && a.cols == b.cols && a.rowMajor == b.rowMajor
}

// span returns how many bytes of the block the parameter covers.
func (p *EffectParameter) span() int {
	elem := 4
	switch {
	case p.cols > 1 && p.rowMajor:
		elem = (p.rows-1)*p.mstride + 4*p.cols
	case p.cols > 1:
		elem = (p.cols-1)*p.mstride + 4*p.rows
	case p.rows > 1:
		elem = 4 * p.rows
	}
	if p.Elements > 0 {
		return (p.Elements-1)*p.stride + elem
	}
	return elem
}

// Apply makes the pass the one the following draws use: its shaders with
// the owning effect's parameters as they are now, and its states (XNA's
// EffectPass.Apply). It allocates nothing.
func (p *EffectPass) Apply() {
	if p == nil || p.owner == nil {
		return
	}
	e := p.owner
	if s := p.desc.Shaders; s != nil {
		for _, c := range p.copies {
			copy(s.block[c.to:c.to+c.n], e.block[c.from:c.from+c.n])
		}
		s.texture = e.texture
		s.copyTextures(e)
		e = s
	}
	e.Apply()
	d := e.dev
	if d == nil {
		return
	}
	if p.desc.Blend != nil {
		d.SetBlendState(*p.desc.Blend) // validated by AddTechnique
	}
	if p.desc.DepthStencil != nil {
		d.SetDepthStencilState(*p.desc.DepthStencil) // a bad value is reported by the draw
	}
	if p.desc.Rasterizer != nil {
		d.SetRasterizerState(*p.desc.Rasterizer) // validated by AddTechnique
	}
}

// Clone returns a new Effect running the same shaders with a copy of e's
// parameter values, texture and techniques (XNA's Effect.Clone): setting
// the clone's parameters leaves e's alone. The shaders are shared and
// released when the last of the effects sharing them is disposed.
func (e *Effect) Clone() (*Effect, error) {
	if e == nil || e.dev == nil {
		return nil, fmt.Errorf("graphics: effect clone: the effect is nil: %w", ErrInvalid)
	}
	if e.disposed {
		return nil, fmt.Errorf("graphics: effect clone: effect %d is disposed: %w", e.id, ErrDisposed)
	}
	if e.refs == nil {
		e.refs = new(int)
		*e.refs = 1
	}
	*e.refs++
	c := &Effect{dev: e.dev, id: e.id, sprite: e.sprite, refs: e.refs,
		block: append([]byte(nil), e.block...), texture: e.texture, texName: e.texName, hasTex: e.hasTex, inputs: e.inputs, more: e.more,
		Parameters: make(EffectParameterCollection, len(e.Parameters))}
	for name, p := range e.Parameters {
		cp := *p
		cp.effect = c
		c.Parameters[name] = &cp
	}
	c.initTechniques()
	for _, t := range e.Techniques[1:] {
		ct := &EffectTechnique{Name: t.Name, Annotations: t.Annotations}
		for _, p := range t.Passes {
			cp := *p
			cp.owner = c
			ct.Passes = append(ct.Passes, &cp)
		}
		c.Techniques = append(c.Techniques, ct)
		if t == e.CurrentTechnique {
			c.CurrentTechnique = ct
		}
	}
	return c, nil
}
