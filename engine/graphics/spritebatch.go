package graphics

import (
	"errors"
	"fmt"
	"math"
	"unsafe"

	"github.com/go-gl/mathgl/mgl32"
)

// SpriteSortMode is the order a SpriteBatch draws its sprites in (XNA's
// SpriteSortMode, rule G5).
type SpriteSortMode uint8

// Sort modes. The zero value is Deferred. Every sort is stable: sprites
// with equal keys keep their call order (XNA's sort is not stable, so its
// order of ties is undefined; ours is a deliberate deviation).
const (
	// SortDeferred draws in call order at End.
	SortDeferred SpriteSortMode = iota
	// SortImmediate records each Draw into the frame at call time, with
	// the device's state as it is then.
	SortImmediate
	// SortTexture draws at End ordered by texture creation order
	// (Texture2D.ID), so that sprites of one texture share a draw.
	SortTexture
	// SortBackToFront draws at End from layer depth 1 (back) to 0 (front).
	SortBackToFront
	// SortFrontToBack draws at End from layer depth 0 (front) to 1 (back).
	SortFrontToBack
)

var sortModeNames = [...]string{"Deferred", "Immediate", "Texture", "BackToFront", "FrontToBack"}

// String returns the mode's XNA name, as in "BackToFront".
func (m SpriteSortMode) String() string {
	if int(m) < len(sortModeNames) {
		return sortModeNames[m]
	}
	return fmt.Sprintf("SpriteSortMode(%d)", uint8(m))
}

// SpriteEffects mirrors a sprite's texture (XNA's SpriteEffects): the
// texture coordinates are swapped, the geometry (and origin) stays.
type SpriteEffects uint8

// Sprite effects; combine with |. The zero value draws unmirrored.
const (
	FlipNone         SpriteEffects = 0
	FlipHorizontally SpriteEffects = 1
	FlipVertically   SpriteEffects = 2
)

// SpriteBatchSettings are Begin's parameters (XNA's Begin overloads). A nil
// state or effect and a zero Transform take XNA's defaults, so the zero
// value is XNA's Begin(): Deferred, AlphaBlend, LinearClamp, DepthNone,
// CullCounterClockwise, the sprite effect and the identity transform.
type SpriteBatchSettings struct {
	// SortMode is the order sprites are drawn in.
	SortMode SpriteSortMode
	// Blend, Sampler, DepthStencil and Rasterizer are set on the device
	// when the batch draws (at End, or at Begin in Immediate mode) and stay
	// set afterwards, as in XNA.
	Blend        *BlendState
	Sampler      *SamplerState
	DepthStencil *DepthStencilState
	Rasterizer   *RasterizerState
	// Effect, when set, replaces the sprite effect. A *BasicEffect's
	// World, View and Projection place the sprites (Transform is not used,
	// as in XNA), its colours tint them, and each sprite's texture
	// replaces its Texture; it needs VertexColorEnabled for tints and
	// TextureEnabled for textures; LightingEnabled is an error (sprites
	// have no normals). An *Effect runs its fragment shader over the
	// sprites with each sprite's texture as its texture parameter: one
	// made by NewSpriteEffect gets the sprites placed as the batch places
	// them (Transform applies); one with its own vertex shader gets the
	// vertices in pixels (Position, Color, TexCoord) and places them
	// itself, as in XNA.
	Effect SpriteBatchEffect
	// Transform multiplies the sprite positions before the projection (a
	// 2D camera); the zero matrix means identity.
	Transform mgl32.Mat4
}

// spriteState is Begin's settings with the defaults filled in.
type spriteState struct {
	sortMode     SpriteSortMode
	blend        BlendState
	sampler      SamplerState
	depthStencil DepthStencilState
	rasterizer   RasterizerState
	effect       *BasicEffect
	custom       *Effect
	transform    mgl32.Mat4
}

// Errors of SpriteBatch misuse; test with errors.Is.
var (
	// ErrNotBegun: Draw, DrawString or End without a Begin.
	ErrNotBegun = errors.New("graphics: sprite batch: Begin must be called before Draw and End")
	// ErrAlreadyBegun: Begin again before End, or an Immediate Begin while
	// another batch is begun (or any Begin while an Immediate one is).
	ErrAlreadyBegun = errors.New("graphics: sprite batch: already begun")
)

// SpriteBatch draws textured quads in pixel coordinates (XNA 4.0's
// SpriteBatch, rule G5): Begin, any number of Draw, DrawString and shape
// calls, End. The projection maps pixels of the device's viewport with
// (0,0) at its top-left and no half-pixel offset, so a sprite at an integer
// position maps texels to pixels exactly with point sampling.
//
// As in XNA, drawing leaves the batch's states and the sprite effect set
// on the device: set your states and Apply your BasicEffect again before
// drawing primitives after a batch.
//
// Draw calls never return errors: the first one is kept and End returns it
// (the sprite in error is skipped), so the per-sprite path allocates
// nothing. Nor does anything else once the batch's slices have grown to a
// frame's size (rule G9). A SpriteBatch is used from the game loop's
// goroutine only.
type SpriteBatch struct {
	dev   *Device
	live  *Device // dev while begun, else nil: check's one comparison for both
	begun bool
	st    spriteState
	err   error

	quads   []spriteQuad // sorted modes, and Deferred sprites moved out of the arena
	texs    []*Texture2D // every sprite's texture in call order, sorted modes only
	spans   []spriteSpan // the textures of a Deferred batch's sprites, run by run
	keys    []uint64     // sort key << 32 | call index, sorted modes only
	scratch []uint64     // the radix sort's second buffer

	// A Deferred batch writes its sprites straight into the frame's vertex
	// arena (spritearena.go): bytes arenaAt to arenaEnd, while inArena.
	inArena  bool
	arenaAt  int
	arenaEnd int

	immediateAt int // the first vertex of the Immediate sprite being drawn

	rot, sin, cos float32 // the last rotation and its sine and cosine
}

// NewSpriteBatch returns a sprite batch drawing on dev.
func NewSpriteBatch(dev *Device) (*SpriteBatch, error) {
	if dev == nil {
		return nil, fmt.Errorf("graphics: new sprite batch: the device is nil: %w", ErrInvalid)
	}
	return &SpriteBatch{dev: dev, cos: 1}, nil
}

// Device returns the device the batch draws on.
func (sb *SpriteBatch) Device() *Device { return sb.dev }

// Begin begins a batch with XNA's defaults (BeginWith with zero settings).
func (sb *SpriteBatch) Begin() error { return sb.BeginWith(SpriteBatchSettings{}) }

// BeginWith begins a batch with the given settings. It is an error while
// this batch is begun, for an Immediate batch while another batch of the
// device is begun, and for any batch while an Immediate one is (XNA's
// rules); for a sort mode out of range; and for an effect of another
// device or with LightingEnabled. In Immediate mode the states are set on
// the device here.
func (sb *SpriteBatch) BeginWith(s SpriteBatchSettings) error {
	d := sb.dev
	shared := &d.sprites
	switch {
	case sb.begun:
		return fmt.Errorf("graphics: sprite batch begin: call End before Begin again: %w", ErrAlreadyBegun)
	case s.SortMode > SortFrontToBack:
		return fmt.Errorf("graphics: sprite batch begin: unknown sort mode %d: %w", s.SortMode, ErrInvalid)
	case s.SortMode == SortImmediate && shared.begun > 0:
		return fmt.Errorf("graphics: sprite batch begin: an Immediate batch cannot begin while another batch is begun (End it first): %w", ErrAlreadyBegun)
	case shared.immediate > 0:
		return fmt.Errorf("graphics: sprite batch begin: another batch is begun in Immediate mode (End it first): %w", ErrAlreadyBegun)
	}
	basic, custom, err := spriteEffects(d, s.Effect)
	if err != nil {
		return err
	}
	sb.st = spriteState{sortMode: s.SortMode, blend: AlphaBlend, sampler: LinearClamp,
		depthStencil: DepthNone, rasterizer: CullCounterClockwise, effect: basic, custom: custom, transform: s.Transform}
	if s.Blend != nil {
		if err := s.Blend.Validate(); err != nil {
			return fmt.Errorf("graphics: sprite batch begin: %w", err)
		}
		sb.st.blend = *s.Blend
	}
	if s.Sampler != nil {
		if err := s.Sampler.Validate(); err != nil {
			return fmt.Errorf("graphics: sprite batch begin: %w", err)
		}
		sb.st.sampler = *s.Sampler
		d.noteSampler(*s.Sampler)
	}
	if s.DepthStencil != nil {
		if err := s.DepthStencil.Validate(); err != nil {
			return fmt.Errorf("graphics: sprite batch begin: %w", err)
		}
		sb.st.depthStencil = *s.DepthStencil
	}
	if s.Rasterizer != nil {
		r := *s.Rasterizer
		if r.DepthBias != r.DepthBias || r.SlopeScaleDepthBias != r.SlopeScaleDepthBias {
			return fmt.Errorf("graphics: sprite batch begin: the rasterizer state's depth bias is NaN: %w", ErrInvalid)
		}
		if err := r.Validate(); err != nil {
			return fmt.Errorf("graphics: sprite batch begin: %w", err)
		}
		sb.st.rasterizer = r
	}
	if sb.st.transform == (mgl32.Mat4{}) {
		sb.st.transform = mgl32.Ident4()
	}
	sb.reset()
	sb.begun, sb.live = true, d
	shared.begun++
	if s.SortMode == SortImmediate {
		shared.immediate++
		d.spriteSetup(&sb.st)
	}
	return nil
}

// IsBegun reports whether the batch is between Begin and End.
func (sb *SpriteBatch) IsBegun() bool { return sb.begun }

// End draws the batch's sprites (except in Immediate mode, where they are
// drawn already) and ends the batch. It returns the first error of the
// batch's Draw calls, or of a Draw outside a batch since the last End, or
// of recording the sprites (a texture disposed since its Draw, a texture
// that is the render target, the back buffer outside a frame); sprites in
// error are skipped, the others are drawn. The batch ends even when End
// returns an error.
func (sb *SpriteBatch) End() error {
	if !sb.begun {
		err := fmt.Errorf("graphics: sprite batch end: %w", ErrNotBegun)
		if sb.err != nil {
			err = fmt.Errorf("%w (and before: %w)", err, sb.err)
			sb.err = nil
		}
		return err
	}
	d := sb.dev
	sb.begun, sb.live = false, nil
	d.sprites.begun--
	if sb.st.sortMode == SortImmediate {
		d.sprites.immediate--
	} else if len(sb.texs) > 0 || len(sb.spans) > 0 {
		sb.flush()
	}
	sb.reset()
	err := sb.err
	sb.err = nil
	return err
}

// fail keeps err when it is the batch's first; a setter's error the device
// reports (rule G20) is kept beside an earlier one, since it is reported
// only once.
func (sb *SpriteBatch) fail(err error) {
	if sb.err == nil {
		sb.err = err
		return
	}
	var re *reportedError
	if errors.As(err, &re) {
		sb.err = errors.Join(sb.err, err)
	}
}

// check validates a Draw's texture and batch; on failure it keeps the
// error and returns false. Small enough to inline: the errors are built
// by checkOp, only on failure.
func (sb *SpriteBatch) check(tex *Texture2D) bool {
	if tex == nil || tex.dev != sb.live || tex.disposed {
		return sb.drawRefused(tex)
	}
	return true
}

// drawRefused is checkOp for Draw (not inlined, so that check is).
//
//go:noinline
func (sb *SpriteBatch) drawRefused(tex *Texture2D) bool { return sb.checkOp("draw", tex) }

// checkOp is check for any operation op (named in the error): it reports
// whether tex can be drawn now, and keeps the error when not (outside a
// batch, a nil, disposed or other device's texture).
func (sb *SpriteBatch) checkOp(op string, tex *Texture2D) bool {
	switch {
	case !sb.begun:
		// Draw returns nothing: the next End reports it, maybe a later
		// batch's, so the message says where it came from.
		sb.fail(fmt.Errorf("graphics: sprite batch %s outside Begin and End (kept for the next End): %w", op, ErrNotBegun))
	case tex == nil:
		sb.fail(fmt.Errorf("graphics: sprite batch %s: the texture is nil: %w", op, ErrInvalid))
	case tex.dev != sb.dev:
		sb.fail(fmt.Errorf("graphics: sprite batch %s: texture %d: %w", op, tex.id, ErrWrongDevice))
	case tex.disposed:
		sb.fail(fmt.Errorf("graphics: sprite batch %s: texture %d is disposed: %w", op, tex.id, ErrDisposed))
	default:
		return true
	}
	return false
}

// Draw draws the whole texture with its top-left corner at position,
// tinted (White draws it unchanged).
func (sb *SpriteBatch) Draw(tex *Texture2D, position mgl32.Vec2, tint Color) {
	if !sb.check(tex) {
		return
	}
	q := sb.next(tex, 0)
	if q == nil {
		return
	}
	w, h := float32(tex.width), float32(tex.height)
	quadRect(q, position[0], position[1], w, h, 0, 0, 1, 1, tint)
	sb.drawn(tex)
}

// DrawSource draws the source rectangle of the texture (in texels) with
// its top-left corner at position.
func (sb *SpriteBatch) DrawSource(tex *Texture2D, position mgl32.Vec2, source Rectangle, tint Color) {
	if !sb.check(tex) {
		return
	}
	q := sb.next(tex, 0)
	if q == nil {
		return
	}
	sx, sy, sw, sh := float32(source.X), float32(source.Y), float32(source.Width), float32(source.Height)
	u0, v0, u1, v1 := texCoords(tex, sx, sy, sw, sh)
	quadRect(q, position[0], position[1], sw, sh, u0, v0, u1, v1, tint)
	sb.drawn(tex)
}

// DrawEx is XNA's full Draw at a position: source (nil for the whole
// texture) is in texels; the sprite turns by rotation radians (clockwise
// on screen) around origin, a point of the source rectangle in texels that
// lands on position; scale multiplies its size per axis (negative values
// mirror it, which also reverses its winding); effects mirror the texture;
// layerDepth (0 front .. 1 back) orders BackToFront and FrontToBack and is
// the sprite's depth: outside 0..1 the sprite is clipped away, as in XNA.
func (sb *SpriteBatch) DrawEx(tex *Texture2D, position mgl32.Vec2, source *Rectangle, tint Color,
	rotation float32, origin, scale mgl32.Vec2, effects SpriteEffects, layerDepth float32) {
	if !sb.check(tex) {
		return
	}
	q := sb.next(tex, layerDepth)
	if q == nil {
		return
	}
	sw, sh, u0, v0, u1, v1 := sourceOf(tex, source)
	sin, cos := sb.sincos(rotation)
	quad(q, position[0], position[1], sw*scale[0], sh*scale[1], u0, v0, u1, v1, tint,
		origin[0]*scale[0], origin[1]*scale[1], sin, cos, effects, layerDepth)
	sb.drawn(tex)
}

// DrawScaled is DrawEx with one scale for both axes.
func (sb *SpriteBatch) DrawScaled(tex *Texture2D, position mgl32.Vec2, source *Rectangle, tint Color,
	rotation float32, origin mgl32.Vec2, scale float32, effects SpriteEffects, layerDepth float32) {
	sb.DrawEx(tex, position, source, tint, rotation, origin, mgl32.Vec2{scale, scale}, effects, layerDepth)
}

// DrawRect draws the whole texture stretched over the destination
// rectangle (in pixels).
func (sb *SpriteBatch) DrawRect(tex *Texture2D, destination Rectangle, tint Color) {
	if !sb.check(tex) {
		return
	}
	q := sb.next(tex, 0)
	if q == nil {
		return
	}
	quadRect(q, float32(destination.X), float32(destination.Y), float32(destination.Width), float32(destination.Height),
		0, 0, 1, 1, tint)
	sb.drawn(tex)
}

// DrawRectSource draws the source rectangle of the texture stretched over
// the destination rectangle.
func (sb *SpriteBatch) DrawRectSource(tex *Texture2D, destination, source Rectangle, tint Color) {
	if !sb.check(tex) {
		return
	}
	q := sb.next(tex, 0)
	if q == nil {
		return
	}
	u0, v0, u1, v1 := texCoords(tex, float32(source.X), float32(source.Y), float32(source.Width), float32(source.Height))
	quadRect(q, float32(destination.X), float32(destination.Y), float32(destination.Width), float32(destination.Height),
		u0, v0, u1, v1, tint)
	sb.drawn(tex)
}

// DrawRectEx is XNA's full Draw into a destination rectangle: origin is a
// point of the source rectangle (nil: the whole texture) in texels, which
// lands on the rectangle's X, Y, and the sprite turns around it by
// rotation radians; effects mirror the texture; layerDepth as in DrawEx.
func (sb *SpriteBatch) DrawRectEx(tex *Texture2D, destination Rectangle, source *Rectangle, tint Color,
	rotation float32, origin mgl32.Vec2, effects SpriteEffects, layerDepth float32) {
	if !sb.check(tex) {
		return
	}
	q := sb.next(tex, layerDepth)
	if q == nil {
		return
	}
	sw, sh, u0, v0, u1, v1 := sourceOf(tex, source)
	dw, dh := float32(destination.Width), float32(destination.Height)
	var ox, oy float32 // the origin in destination pixels
	if sw != 0 {
		ox = origin[0] * dw / sw
	}
	if sh != 0 {
		oy = origin[1] * dh / sh
	}
	sin, cos := sb.sincos(rotation)
	quad(q, float32(destination.X), float32(destination.Y), dw, dh, u0, v0, u1, v1, tint, ox, oy, sin, cos, effects, layerDepth)
	sb.drawn(tex)
}

// sourceOf returns the source rectangle's size in texels and its texture
// coordinates (texCoords), the whole texture's for nil.
func sourceOf(tex *Texture2D, source *Rectangle) (w, h, u0, v0, u1, v1 float32) {
	if source == nil {
		return float32(tex.width), float32(tex.height), 0, 0, 1, 1 // texCoords' for the whole texture, exactly
	}
	w, h = float32(source.Width), float32(source.Height)
	u0, v0, u1, v1 = texCoords(tex, float32(source.X), float32(source.Y), w, h)
	return w, h, u0, v0, u1, v1
}

// texCoords returns the texture coordinates of the corners of the source
// rectangle x, y, w, h (in texels) of tex: top-left u0, v0, bottom-right
// u1, v1. For the whole texture they are 0, 0, 1, 1.
func texCoords(tex *Texture2D, x, y, w, h float32) (u0, v0, u1, v1 float32) {
	tw, th := float32(tex.width), float32(tex.height)
	return x / tw, y / th, (x + w) / tw, (y + h) / th
}

// sincos returns the sine and cosine of a rotation, remembering the last
// rotation's (sprites often share one; NewSpriteBatch starts with 0's,
// exactly 0 and 1).
func (sb *SpriteBatch) sincos(rotation float32) (float32, float32) {
	if rotation != sb.rot {
		sb.sin, sb.cos = sincos32(rotation)
		sb.rot = rotation
	}
	return sb.sin, sb.cos
}

// add builds one sprite (see quad for the arguments) of a texture the
// caller has checked: next, quad and drawn.
func (sb *SpriteBatch) add(tex *Texture2D, x, y, w, h, u0, v0, u1, v1 float32, tint Color,
	ox, oy, sin, cos float32, effects SpriteEffects, depth float32) {
	if q := sb.next(tex, depth); q != nil {
		quad(q, x, y, w, h, u0, v0, u1, v1, tint, ox, oy, sin, cos, effects, depth)
		sb.drawn(tex)
	}
}

// next returns the quad for the vertices of the batch's next sprite, of
// texture tex at depth, or nil when the sprite cannot be drawn (Immediate
// mode; the error is kept). A Deferred batch's is in the frame's arena
// (spritearena.go), a sorted batch's in its quads, an Immediate one's is
// reserved in the arena for drawn to record.
//
// The Draw methods call next, then quad with the sprite's values, then
// drawn: a slow way inside a function that has the values would cost
// every sprite the saving of all of them around the call.
func (sb *SpriteBatch) next(tex *Texture2D, depth float32) *spriteQuad {
	var q *spriteQuad
	switch f := &sb.dev.frame; sb.st.sortMode {
	case SortDeferred:
		if end := sb.arenaEnd; sb.inArena && len(f.Vertices) == end && cap(f.Vertices)-end >= spriteQuadSize && !sb.dev.stale {
			f.Vertices = f.Vertices[:end+spriteQuadSize]
			sb.arenaEnd = end + spriteQuadSize
			q = (*spriteQuad)(unsafe.Pointer(&f.Vertices[end]))
		} else {
			q = sb.arenaQuad()
		}
		if n := len(sb.spans); n > 0 && sb.spans[n-1].tex == tex {
			sb.spans[n-1].n++
		} else {
			sb.spans = append(sb.spans, spriteSpan{tex, 1})
		}
	case SortImmediate:
		q, sb.immediateAt = sb.immediateQuad(tex)
	default:
		q = sb.sortedQuad(tex, depth)
		sb.texs = append(sb.texs, tex)
	}
	return q
}

// spriteSpan is a run of n sprites of a Deferred batch with texture tex.
type spriteSpan struct {
	tex *Texture2D
	n   int
}

// drawn finishes a sprite that next and quad built: in Immediate mode it
// records it.
func (sb *SpriteBatch) drawn(tex *Texture2D) {
	if sb.st.sortMode == SortImmediate {
		sb.immediateDraw(tex)
	}
}

// quadRect is quad for a sprite without origin, rotation, flips or depth:
// corners x, y and x+w, y+h. Its vertices equal quad's (a zero
// coordinate's sign aside), without quad's products by 0 and 1.
func quadRect(q *spriteQuad, x, y, w, h, u0, v0, u1, v1 float32, tint Color) {
	x1, y1 := x+w, y+h
	p := &q[0]
	p.Position[0], p.Position[1], p.Position[2] = x, y, 0
	p.Color, p.TextureCoordinate[0], p.TextureCoordinate[1] = tint, u0, v0
	p = &q[1]
	p.Position[0], p.Position[1], p.Position[2] = x1, y, 0
	p.Color, p.TextureCoordinate[0], p.TextureCoordinate[1] = tint, u1, v0
	p = &q[2]
	p.Position[0], p.Position[1], p.Position[2] = x, y1, 0
	p.Color, p.TextureCoordinate[0], p.TextureCoordinate[1] = tint, u0, v1
	p = &q[3]
	p.Position[0], p.Position[1], p.Position[2] = x1, y1, 0
	p.Color, p.TextureCoordinate[0], p.TextureCoordinate[1] = tint, u1, v1
}

// quad writes a sprite's four vertices: destination origin x, y and size
// w, h in pixels (before rotation), the source rectangle's texture
// coordinates u0, v0 (top-left) and u1, v1 (bottom-right, texCoords), the
// origin ox, oy in destination pixels, the rotation's sine and cosine.
// Corner c of the unit square (top-left, top-right, bottom-left,
// bottom-right) goes to (c*size - origin) rotated plus x, y; effects
// mirror the texture coordinates (XNA swaps them; the geometry stays).
func quad(q *spriteQuad, x, y, w, h, u0, v0, u1, v1 float32, tint Color,
	ox, oy, sin, cos float32, effects SpriteEffects, depth float32) {
	if effects&FlipHorizontally != 0 {
		u0, u1 = u1, u0
	}
	if effects&FlipVertically != 0 {
		v0, v1 = v1, v0
	}
	x0, x1 := -ox, w-ox
	y0, y1 := -oy, h-oy
	// Field by field: a composite literal per vertex is three times slower.
	p := &q[0]
	p.Position[0], p.Position[1], p.Position[2] = x+x0*cos-y0*sin, y+x0*sin+y0*cos, depth
	p.Color, p.TextureCoordinate[0], p.TextureCoordinate[1] = tint, u0, v0
	p = &q[1]
	p.Position[0], p.Position[1], p.Position[2] = x+x1*cos-y0*sin, y+x1*sin+y0*cos, depth
	p.Color, p.TextureCoordinate[0], p.TextureCoordinate[1] = tint, u1, v0
	p = &q[2]
	p.Position[0], p.Position[1], p.Position[2] = x+x0*cos-y1*sin, y+x0*sin+y1*cos, depth
	p.Color, p.TextureCoordinate[0], p.TextureCoordinate[1] = tint, u0, v1
	p = &q[3]
	p.Position[0], p.Position[1], p.Position[2] = x+x1*cos-y1*sin, y+x1*sin+y1*cos, depth
	p.Color, p.TextureCoordinate[0], p.TextureCoordinate[1] = tint, u1, v1
}

// sortedQuad returns the quad of the next sprite of a sorted batch, with
// its sort key kept.
func (sb *SpriteBatch) sortedQuad(tex *Texture2D, depth float32) *spriteQuad {
	n := len(sb.quads)
	switch sb.st.sortMode {
	case SortTexture:
		sb.keys = append(sb.keys, uint64(tex.id)<<32|uint64(n))
	case SortBackToFront:
		sb.keys = append(sb.keys, uint64(^depthKey(depth))<<32|uint64(n))
	case SortFrontToBack:
		sb.keys = append(sb.keys, uint64(depthKey(depth))<<32|uint64(n))
	}
	if n == cap(sb.quads) {
		sb.quads = append(sb.quads, spriteQuad{})
	}
	sb.quads = sb.quads[:n+1]
	return &sb.quads[n]
}

// immediateQuad reserves an Immediate sprite's quad in the frame's arena
// and returns it with its first vertex, or nil when the sprite cannot be
// drawn now (the error is kept).
func (sb *SpriteBatch) immediateQuad(tex *Texture2D) (*spriteQuad, int) {
	d := sb.dev
	if err := d.spriteCheck(tex); err != nil {
		sb.fail(err)
		return nil, 0
	}
	if err := d.checkLayout("sprite batch draw", spriteDecl); err != nil { // an effect applied since Begin
		sb.fail(err)
		return nil, 0
	}
	base, room := d.spriteArena(1)
	return &room[0], base
}

// immediateDraw records the Immediate sprite whose vertices next reserved
// and quad wrote.
func (sb *SpriteBatch) immediateDraw(tex *Texture2D) {
	if err := sb.dev.spriteDraw(tex, sb.immediateAt, 1); err != nil {
		sb.fail(err)
	}
}

// depthKey maps a layer depth to a uint32 whose order is the depth's
// (-0 equals 0; NaN sorts first, as .NET orders it).
func depthKey(depth float32) uint32 {
	if depth != depth {
		return 0
	}
	if depth == 0 {
		depth = 0 // -0 to +0
	}
	b := math.Float32bits(depth)
	if b&(1<<31) != 0 {
		return ^b
	}
	return b | 1<<31
}
