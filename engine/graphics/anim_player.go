package graphics

import (
	"fmt"
	"slices"
	"time"

	"github.com/go-gl/mathgl/mgl32"
)

// AnimationPlayer poses a model from its animation clips, in the shape of
// XNA's SkinnedModel sample (rule K3): Update samples the clip at a time
// and computes three sets of matrices in three small steps (bone, world,
// skin transforms). A pose is a pure function of the clip, the clip time
// and the root (rule K5): times are durations, never float sums. One
// model may have many players (characters sharing a model); Model.DrawPose
// draws a model in a player's pose.
//
// The slices the player returns are its own, reused by every Update; in
// the steady state Update allocates nothing (rule K6).
type AnimationPlayer struct {
	model   *Model
	clip    *AnimationClip
	raw     time.Duration // the current clip's time before wrapping, since StartClip or CrossFade
	time    time.Duration // raw wrapped (looping) or clamped
	looping bool

	from               *AnimationClip // the clip a cross-fade leaves, nil when none runs
	fromStart, fadeFor time.Duration
	fade               float64 // the last update's weight of the new clip, 1 without a fade

	bones, world []mgl32.Mat4
	skins        [][]mgl32.Mat4
	weights      [][]float32 // per mesh
	pose, other  []boneTRS   // per bone, this update's sampled transforms
	touched      []bool      // per bone: a channel of either clip moved it
	fromWeights  [][]float32 // per mesh, the faded-out clip's weights
	weightTmp    []float32
}

// NewAnimationPlayer returns a player for m, in m's rest pose, looping,
// with no clip started. A nil m gives a player of an empty model, whose
// StartClip always fails.
func NewAnimationPlayer(m *Model) *AnimationPlayer {
	if m == nil {
		m = &Model{}
	}
	p := &AnimationPlayer{model: m, looping: true, fade: 1}
	n := len(m.Bones)
	if len(m.rest) != n { // a model made by hand: its bones' transforms split
		m.rest = make([]boneTRS, n)
		for i, b := range m.Bones {
			m.rest[i] = decompose(b.Transform)
		}
	}
	p.bones, p.world = make([]mgl32.Mat4, n), make([]mgl32.Mat4, n)
	p.pose, p.other, p.touched = make([]boneTRS, n), make([]boneTRS, n), make([]bool, n)
	p.skins = make([][]mgl32.Mat4, len(m.Skins))
	for i, s := range m.Skins {
		p.skins[i] = make([]mgl32.Mat4, len(s.Joints))
	}
	p.weights, p.fromWeights = make([][]float32, len(m.Meshes)), make([][]float32, len(m.Meshes))
	widest := 0
	for i, mesh := range m.Meshes {
		p.weights[i] = make([]float32, len(mesh.MorphWeights))
		p.fromWeights[i] = make([]float32, len(mesh.MorphWeights))
		widest = max(widest, len(mesh.MorphWeights))
	}
	p.weightTmp = make([]float32, widest)
	p.Update(0, false, mgl32.Ident4())
	return p
}

// StartClip starts clip c at clip time 0, ending any cross-fade (XNA's
// StartClip). c must be one of the player's model's Animations.
func (p *AnimationPlayer) StartClip(c *AnimationClip) error {
	if err := p.own(c, "start clip"); err != nil {
		return err
	}
	p.clip, p.raw, p.time, p.from, p.fade = c, 0, 0, nil, 1
	return nil
}

// CrossFade starts clip to at clip time 0 and blends from the current
// pose's clip (which keeps playing) to it over the duration given: each
// bone's translation and scale are lerped and its rotation slerped by the
// fraction of over that has passed; morph weights are lerped. With no
// current clip, or over <= 0, it is StartClip. Beyond XNA.
func (p *AnimationPlayer) CrossFade(to *AnimationClip, over time.Duration) error {
	if err := p.own(to, "cross-fade"); err != nil {
		return err
	}
	if p.clip == nil || over <= 0 {
		return p.StartClip(to)
	}
	from, fromTime := p.clip, p.time
	if p.from != nil && p.fade < 0.5 { // fading again mid-fade: keep the clip that shows most
		from, fromTime = p.from, p.fromTime()
	}
	p.from, p.fromStart, p.fadeFor = from, fromTime, over
	p.clip, p.raw, p.time, p.fade = to, 0, 0, 0
	return nil
}

// own checks that c is a clip of the player's model.
func (p *AnimationPlayer) own(c *AnimationClip, op string) error {
	if c == nil {
		return fmt.Errorf("graphics: animation player: %s: the clip is nil: pass one of the model's Animations: %w", op, ErrInvalid)
	}
	if !slices.Contains(p.model.Animations, c) {
		return fmt.Errorf("graphics: animation player: %s: clip %q is not one of this model's Animations: %w", op, c.Name, ErrInvalid)
	}
	return nil
}

// SetLooping sets whether clip times wrap into [0, Duration) (on, the
// default) or clamp to [0, Duration] (off). StartClip keeps the setting.
func (p *AnimationPlayer) SetLooping(on bool) { p.looping = on }

// Looping reports whether clip times wrap.
func (p *AnimationPlayer) Looping() bool { return p.looping }

// CurrentClip returns the clip playing, nil before StartClip.
func (p *AnimationPlayer) CurrentClip() *AnimationClip { return p.clip }

// CurrentTime returns the clip time of the last Update: wrapped into
// [0, Duration) when looping, clamped to [0, Duration] otherwise.
func (p *AnimationPlayer) CurrentTime() time.Duration { return p.time }

// BoneTransforms returns each bone's local transform of the last Update,
// by bone index (XNA's GetBoneTransforms).
func (p *AnimationPlayer) BoneTransforms() []mgl32.Mat4 { return p.bones }

// WorldTransforms returns each bone's absolute transform of the last
// Update, by bone index, with the root transform applied (XNA's
// GetWorldTransforms).
func (p *AnimationPlayer) WorldTransforms() []mgl32.Mat4 { return p.world }

// SkinTransforms returns skin's joint matrices of the last Update, in
// the skin's joint order: the joint's world transform times its inverse
// bind matrix (XNA's GetSkinTransforms). skin indexes Model.Skins; out
// of range gives nil. The skinned mesh's own node transform is not
// applied, as glTF says.
func (p *AnimationPlayer) SkinTransforms(skin int) []mgl32.Mat4 {
	if skin < 0 || skin >= len(p.skins) {
		return nil
	}
	return p.skins[skin]
}

// MorphWeights returns mesh's morph target weights of the last Update;
// mesh indexes Model.Meshes. Empty for a mesh without targets, nil out of
// range.
func (p *AnimationPlayer) MorphWeights(mesh int) []float32 {
	if mesh < 0 || mesh >= len(p.weights) {
		return nil
	}
	return p.weights[mesh]
}

// Update advances or sets the clip time and recomputes the pose (XNA's
// Update). With relativeToCurrent, elapsed is added to the current clip
// time (game time: pass GameTime's ElapsedGameTime); without, elapsed is
// the clip time itself, in the file's time base, so a clip whose first
// key is at 0.042 s holds that key before it. Either way a time past the
// clip's end wraps to its start (looping, the default) or holds its last
// pose (SetLooping(false)). root is applied to every world transform.
// Without a clip the pose is the model's rest pose.
func (p *AnimationPlayer) Update(elapsed time.Duration, relativeToCurrent bool, root mgl32.Mat4) {
	if relativeToCurrent {
		elapsed = satAdd(p.raw, elapsed)
	}
	p.raw = elapsed
	p.time = p.wrap(p.clip, p.raw)
	p.fade = 1
	if p.from != nil {
		if p.raw >= p.fadeFor {
			p.from = nil
		} else {
			p.fade = float64(max(p.raw, 0)) / float64(p.fadeFor)
		}
	}
	p.updateBoneTransforms()
	p.updateWorldTransforms(root)
	p.updateSkinTransforms()
}

// fromTime is the faded-out clip's time: where it was when the fade
// began, moved on by the time since.
func (p *AnimationPlayer) fromTime() time.Duration {
	return p.wrap(p.from, satAdd(p.fromStart, p.raw))
}

// wrap maps a clip time into the clip: modulo its duration when looping,
// clamped otherwise.
func (p *AnimationPlayer) wrap(c *AnimationClip, t time.Duration) time.Duration {
	if c == nil || c.Duration <= 0 {
		return 0
	}
	if !p.looping {
		return min(max(t, 0), c.Duration)
	}
	t %= c.Duration
	if t < 0 {
		t += c.Duration
	}
	return t
}

// satAdd adds two durations, saturating instead of wrapping.
func satAdd(a, b time.Duration) time.Duration {
	s := a + b
	switch {
	case a > 0 && b > 0 && s < 0:
		return 1<<63 - 1
	case a < 0 && b < 0 && s >= 0:
		return -1 << 63
	}
	return s
}

// updateBoneTransforms samples the clip (and a fading clip) into each
// bone's local transform and each mesh's morph weights.
func (p *AnimationPlayer) updateBoneTransforms() {
	m := p.model
	copy(p.pose, m.rest)
	clear(p.touched)
	for i, mesh := range m.Meshes {
		copy(p.weights[i], mesh.MorphWeights)
	}
	if p.clip != nil {
		p.sample(p.clip, p.time, p.pose, p.weights)
	}
	if p.from != nil {
		copy(p.other, m.rest)
		for i, mesh := range m.Meshes {
			copy(p.fromWeights[i], mesh.MorphWeights)
		}
		p.sample(p.from, p.fromTime(), p.other, p.fromWeights)
		for i := range p.pose {
			if p.touched[i] {
				o := p.other[i]
				o.blend(&p.pose[i], p.fade)
				p.pose[i] = o
			}
		}
		for i, w := range p.weights {
			for k := range w {
				f := p.fromWeights[i][k]
				w[k] = float32(float64(f) + (float64(w[k])-float64(f))*p.fade)
			}
		}
	}
	for i, b := range m.Bones {
		if p.touched[i] {
			p.bones[i] = p.pose[i].matrix()
		} else {
			p.bones[i] = b.Transform
		}
	}
}

// sample writes clip c at clip time t into pose and weights.
func (p *AnimationPlayer) sample(c *AnimationClip, t time.Duration, pose []boneTRS, weights [][]float32) {
	s := keySeconds(t)
	for _, ch := range c.Channels {
		b := ch.Bone.Index
		switch ch.Path {
		case PathTranslation:
			ch.Sample(s, pose[b].t[:])
		case PathRotation:
			ch.Sample(s, pose[b].r[:])
		case PathScale:
			ch.Sample(s, pose[b].s[:])
		case PathWeights:
			tmp := p.weightTmp[:ch.Width]
			ch.Sample(s, tmp)
			for _, mi := range ch.meshes {
				copy(weights[mi], tmp)
			}
			continue
		}
		p.touched[b] = true
	}
}

// updateWorldTransforms composes the local transforms down the tree.
func (p *AnimationPlayer) updateWorldTransforms(root mgl32.Mat4) {
	for i, b := range p.model.Bones {
		if b.Parent == nil {
			p.world[i] = root.Mul4(p.bones[i])
		} else {
			p.world[i] = p.world[b.Parent.Index].Mul4(p.bones[i])
		}
	}
}

// updateSkinTransforms multiplies each joint's world transform by its
// inverse bind matrix.
func (p *AnimationPlayer) updateSkinTransforms() {
	for si, s := range p.model.Skins {
		dst := p.skins[si]
		for j, b := range s.Joints {
			dst[j] = p.world[b.Index].Mul4(s.InverseBindMatrices[j])
		}
	}
}
