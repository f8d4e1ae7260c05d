package game

import (
	"fmt"
	"math"

	"github.com/go-gl/mathgl/mgl32"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// The sample's scene is ordinary game content (G1), drawn through the
// public API: a lit orange cube turning with its GameClock and the two
// balls beside it, each a BasicEffect mesh, over a fogged floor
// (game_floor.go), optionally post-processed (game_post.go).

// Scene constants: a unit cube turning about a tilted axis, seen from +Z.
const (
	spinRate       = 0.9 // the cube's turn in radians per second of its clock
	cameraDistance = 3.0
	fieldOfView    = math.Pi / 4 // vertical
)

var (
	sceneClear = graphics.Color{R: 26, G: 31, B: 46, A: 255}
	spinAxis   = mgl32.Vec3{0.4, 1, 0.25}.Normalize()
	cameraEye  = mgl32.Vec3{0, 0, cameraDistance}
	// sceneLight is the direction the one light travels (from upper right, in front).
	sceneLight = mgl32.Vec3{-0.3, -0.6, -0.75}.Normalize()
)

// scene is the content, made on the first Draw (the device exists then).
type scene struct {
	cube          *graphics.Model // the committed cube.glb (game_model.go)
	framed        *framedModel    // -model's file, drawn in the cube's place
	ballVB        *graphics.VertexBuffer
	ballIB        *graphics.IndexBuffer
	ballTriangles int
	effect        *graphics.BasicEffect
	floor         *floor       // under the balls (nil with -model)
	post          *postProcess // made when post-processing is first on
	// batch and font draw the HUD (nil with -hud=false).
	batch *graphics.SpriteBatch
	font  *graphics.SpriteFont
}

// The HUD: the default font's text on a translucent panel in the top left
// corner, in pixels of the back buffer.
const (
	hudFontSize = 16
	hudMargin   = 8 // from the corner to the panel
	hudPadding  = 6 // from the panel's edge to the text
)

var (
	hudPanel = graphics.Color{R: 0, G: 0, B: 0, A: 160} // premultiplied: black at 160/255
	hudText  = graphics.Color{R: 235, G: 235, B: 235, A: 255}
)

// newScene uploads the meshes and sets up the effect: one white light and
// an ambient quarter, so a face towards the light is its full colour, and
// the fog with opt.fog; with opt.hud it also makes the HUD's sprite batch
// and font.
func newScene(dev *graphics.Device, opt gameOptions, g *engine.Game) (*scene, error) {
	hud, model := opt.hud, opt.model
	sc := &scene{effect: graphics.NewBasicEffect(dev)}
	e := sc.effect
	if opt.fog {
		setFog(e)
	}
	e.LightingEnabled = true
	e.AmbientLightColor = mgl32.Vec3{0.25, 0.25, 0.25}
	e.SpecularColor = mgl32.Vec3{}
	e.DirectionalLight0.Enabled = true
	e.DirectionalLight0.Direction = sceneLight
	e.DirectionalLight0.DiffuseColor = mgl32.Vec3{1, 1, 1}
	e.DirectionalLight0.SpecularColor = mgl32.Vec3{}
	e.DirectionalLight1.Enabled, e.DirectionalLight2.Enabled = false, false
	e.View = graphics.CreateLookAt(cameraEye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	var err error
	if sc.cube, err = loadCube(dev, e); err != nil {
		return nil, err
	}
	if model != "" {
		if sc.framed, err = loadFramed(dev, model, opt.anim, opt.watch, g); err != nil {
			return nil, err
		}
	} else if sc.floor, err = newFloor(dev, opt.fog); err != nil {
		return nil, err
	}
	bv, bi, err := graphics.Sphere(24, 16)
	if err != nil {
		return nil, err
	}
	sc.ballTriangles = len(bi) / 3
	if sc.ballVB, sc.ballIB, err = uploadMesh(dev, bv, bi); err != nil {
		return nil, err
	}
	if !hud {
		return sc, nil
	}
	if sc.batch, err = graphics.NewSpriteBatch(dev); err != nil {
		return nil, err
	}
	if sc.font, err = graphics.NewDefaultSpriteFont(dev, hudFontSize); err != nil {
		return nil, fmt.Errorf("HUD font: %w", err)
	}
	return sc, nil
}

// sceneProjection is the camera's projection for a width x height target.
func sceneProjection(width, height int) mgl32.Mat4 {
	aspect := float32(1)
	if width > 0 && height > 0 {
		aspect = float32(width) / float32(height)
	}
	p, _ := graphics.CreatePerspectiveFieldOfView(fieldOfView, aspect, 0.1, 10) // valid constants
	return p
}

// ballWorld is ball i's world matrix at height y.
func ballWorld(i int, y float64) mgl32.Mat4 {
	l := ballLook[i]
	return mgl32.Translate3D(l.x, float32(y), 0).Mul4(mgl32.Scale3D(l.scale, l.scale, l.scale))
}

// projectBall returns the pixel of ball i's centre at height y on a
// width x height frame, and whether it is in view.
func projectBall(i int, y float64, width, height int) (x, py float32, visible bool) {
	vp := graphics.NewViewport(0, 0, width, height)
	view := graphics.CreateLookAt(cameraEye, mgl32.Vec3{}, mgl32.Vec3{0, 1, 0})
	p := vp.Project(mgl32.Vec3{ballLook[i].x, float32(y), 0}, sceneProjection(width, height), view, mgl32.Ident4())
	visible = p[0] >= 0 && p[0] < float32(width) && p[1] >= 0 && p[1] < float32(height) && p[2] >= 0 && p[2] <= 1
	return p[0], p[1], visible
}

// drawScene draws the cube at the scene time and the balls at their drawn
// heights. It allocates nothing once the content exists.
func (s *sampleGame) drawScene(g *engine.Game) error {
	dev := g.GraphicsDevice().Device
	if s.sc == nil {
		sc, err := newScene(dev, s.opt, g)
		if err != nil {
			return fmt.Errorf("load the scene: %w", err)
		}
		s.sc = sc
	}
	if s.post {
		if s.sc.post == nil {
			p, err := newPostProcess(dev)
			if err != nil {
				return err
			}
			s.sc.post = p
		}
		vp := dev.Viewport() // all of the back buffer at the frame's start
		if err := s.sc.post.begin(dev, vp.Width, vp.Height); err != nil {
			return err
		}
	}
	if err := s.drawContent(g, dev); err != nil {
		return err
	}
	if s.post {
		return s.sc.post.end(dev)
	}
	return nil
}

// drawContent draws the scene and the HUD into the current target.
func (s *sampleGame) drawContent(g *engine.Game, dev *graphics.Device) error {
	if err := dev.ClearWith(graphics.ClearTarget|graphics.ClearDepthBuffer, sceneClear, 1, 0); err != nil {
		return err
	}
	vp := dev.Viewport()
	e := s.sc.effect
	e.Projection = sceneProjection(vp.Width, vp.Height)
	e.View = s.look.view(cameraEye)
	dev.SetDepthStencilState(graphics.DepthDefault)
	dev.SetRasterizerState(graphics.CullCounterClockwise)
	dev.SetBlendState(graphics.Opaque)
	angle := float32(math.Mod(s.scene.Seconds()*spinRate, 2*math.Pi))
	shown := len(ballLook)
	if s.sc.framed != nil {
		if err := s.sc.framed.draw(dev, float32(math.Mod(s.scene.Seconds()*spinRate/2, 2*math.Pi)), &s.look); err != nil {
			return err
		}
		shown = 0 // the balls are sized for the cube: they still move, unseen
	} else if err := s.sc.cube.Draw(mgl32.HomogRotate3D(angle, spinAxis), e.View, e.Projection); err != nil {
		return err
	}
	if !s.opt.balls {
		shown = 0 // -balls=false: they still move, unseen
	}
	if shown > 0 && s.sc.floor != nil {
		if err := s.sc.floor.draw(dev, e.View, e.Projection); err != nil {
			return err
		}
	}
	for i := range shown {
		e.World = ballWorld(i, s.drawnY[i])
		e.DiffuseColor = mgl32.Vec3(ballLook[i].color)
		if err := drawMesh(dev, e, s.sc.ballVB, s.sc.ballIB, s.sc.ballTriangles); err != nil {
			return err
		}
	}
	if s.sc.batch == nil {
		return nil
	}
	return s.drawHUD(g.Scheduler().IsRunningSlowly())
}

// drawHUD draws the status's last refresh, with IsRunningSlowly as it is
// now (slowNow), over the scene: its text is rebuilt in place, so the HUD
// allocates nothing.
func (s *sampleGame) drawHUD(slowNow bool) error {
	s.hudText = appendHUD(s.hudText[:0], s.line, slowNow)
	s.hudText = appendLook(s.hudText, s.opt.fog && s.sc.framed == nil, s.post) // a -model is drawn without fog
	if s.sc.framed != nil {
		s.hudText = s.sc.framed.appendAnim(s.hudText) // the clip and its time: game_model.go
	}
	if s.snd != nil {
		s.hudText = s.snd.appendHUD(s.hudText)
	}
	sb, font := s.sc.batch, s.sc.font
	size := font.MeasureBytes(s.hudText)
	if err := sb.Begin(); err != nil {
		return fmt.Errorf("HUD: %w", err)
	}
	sb.FillRectangle(graphics.Rectangle{X: hudMargin, Y: hudMargin,
		Width:  int(math.Ceil(float64(size[0]))) + 2*hudPadding,
		Height: int(math.Ceil(float64(size[1]))) + 2*hudPadding}, hudPanel)
	sb.DrawBytes(font, s.hudText, mgl32.Vec2{hudMargin + hudPadding, hudMargin + hudPadding}, hudText)
	if err := sb.End(); err != nil {
		return fmt.Errorf("HUD: %w", err)
	}
	return nil
}

// appendLook appends the HUD's line of the scene's looks: the fog (-fog)
// and the post-process (key G).
func appendLook(b []byte, fog, post bool) []byte {
	b = append(b, "\nfog "...)
	b = appendOnOff(b, fog)
	b = append(b, "  post-process (G) "...)
	return appendOnOff(b, post)
}

// appendOnOff appends "on" or "off".
func appendOnOff(b []byte, on bool) []byte {
	if on {
		return append(b, "on"...)
	}
	return append(b, "off"...)
}

// drawMesh draws an indexed triangle list with the effect.
func drawMesh(dev *graphics.Device, e *graphics.BasicEffect, vb *graphics.VertexBuffer, ib *graphics.IndexBuffer, triangles int) error {
	dev.SetVertexBuffer(vb)
	dev.SetIndices(ib)
	e.Apply()
	return dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, triangles)
}

// uploadMesh makes a vertex and an index buffer holding v and idx.
func uploadMesh(dev *graphics.Device, v []graphics.VertexPositionNormalTexture, idx []uint16) (*graphics.VertexBuffer, *graphics.IndexBuffer, error) {
	vb, err := graphics.NewVertexBuffer(dev, graphics.VertexPositionNormalTexture{}.VertexDeclaration(), len(v))
	if err != nil {
		return nil, nil, err
	}
	if err := graphics.SetVertexData(vb, 0, v); err != nil {
		return nil, nil, err
	}
	ib, err := graphics.NewIndexBuffer(dev, graphics.SixteenBits, len(idx))
	if err != nil {
		return nil, nil, err
	}
	return vb, ib, graphics.SetIndexData(ib, 0, idx)
}
