// Package graphics is what a game draws with: the drawing half of XNA 4.0's
// GraphicsDevice in Go's manners. It is pure Go (no cgo): it validates
// every call and records each frame into a flat, reused record that a
// Backend executes (package renderer/vulkan implements one; package
// graphicstest has a fake for tests). It imports neither the engine nor a
// GPU API.
//
// # Walkthrough
//
// A game gets its [Device] from the engine (engine.GraphicsDevice's
// Graphics method). In LoadContent it makes what it draws:
//
//	vb, err := graphics.NewVertexBuffer(dev, graphics.VertexPositionNormalTexture{}.VertexDeclaration(), len(verts))
//	err = graphics.SetVertexData(vb, 0, verts)
//	ib, err := graphics.NewIndexBuffer(dev, graphics.SixteenBits, len(indices))
//	err = graphics.SetIndexData(ib, 0, indices)
//	tex, err := graphics.LoadTextureFile(dev, "crate.png") // premultiplied on load
//	effect := graphics.NewBasicEffect(dev)
//	effect.EnableDefaultLighting()
//	effect.TextureEnabled, effect.Texture = true, tex
//
// In Draw (the engine has begun the frame) it clears, sets state, applies
// the effect and draws:
//
//	dev.Clear(graphics.CornflowerBlue)
//	dev.SetDepthStencilState(graphics.DepthDefault)
//	dev.SetVertexBuffer(vb)
//	dev.SetIndices(ib)
//	effect.World, effect.View, effect.Projection = world, view, proj
//	effect.Apply() // the draws that follow use the effect as it is now
//	err := dev.DrawIndexedPrimitives(graphics.TriangleList, 0, 0, 12)
//
// The engine ends the frame and presents it. Every call that can fail
// reports an error that says what to change (drawing outside a frame, a
// disposed texture, a buffer smaller than the draw, a size above the
// device limit); errors.Is matches them against ErrOutsideFrame,
// ErrDisposed, ErrOutOfRange and the other sentinels. The setters whose
// only failure is a programming error (the Device's states, viewport,
// buffers, textures and render target; EffectParameter's and SpriteFont's
// setters) return nothing: they change nothing and record the error, which
// the next draw, Clear, SpriteBatch.End or EndFrame returns, once (rule
// G20; [Device.Err] asks for it sooner). Successful calls allocate nothing
// once the frame's record has grown to its size.
//
// # 2D
//
// A [SpriteBatch] draws textures, text and shapes in pixels, (0,0) at the
// viewport's top-left, as XNA's SpriteBatch does; a [SpriteFont] is a
// TrueType or OpenType font rasterized at one size (Go Regular is built in):
//
//	font, err := graphics.NewDefaultSpriteFont(dev, 24)
//	sb, err := graphics.NewSpriteBatch(dev)
//
//	sb.Begin() // Deferred, AlphaBlend, LinearClamp; BeginWith for the rest
//	sb.Draw(ship, mgl32.Vec2{x, y}, graphics.White)
//	sb.FillRectangle(graphics.Rectangle{X: 10, Y: 200, Width: 8, Height: 64}, graphics.White)
//	sb.DrawString(font, "Score 3", mgl32.Vec2{20, 20}, graphics.Yellow)
//	err = sb.End() // the first error of the batch's draws
//
// # Conventions
//
// Matrices are mathgl's (column vectors: Projection*View*World), spaces are
// right-handed as in XNA, depth runs 0..1, and the projection helpers flip
// Y, so winding is as seen on screen: the default RasterizerState
// (CullCounterClockwise) keeps clockwise faces, and a mesh from an XNA game
// renders the same. Colours are premultiplied (AlphaBlend expects that);
// images are premultiplied on load unless StraightAlpha is given.
//
// # Render targets and uploads
//
// A [RenderTarget2D] is a Texture2D a frame draws into (SetRenderTarget)
// and then samples (as an effect's Texture). Drawing into one is allowed
// outside a frame, in LoadContent; that work runs with the next frame, or
// at once with Flush. SetRenderTargets draws into up to four targets at
// once (an Effect's output at location i into target i, rule G21); a
// target made with MultiSampleCount draws with several samples per pixel,
// resolved into the texture at the end of each pass (rule G22). SetData
// never touches the GPU directly: uploads ride
// the next executed record, ahead of its draws, so SetData on a resource
// the frame already drew with is an error (ErrInUse).
//
// # Mipmaps and filtering
//
// A texture may carry a full mipmap chain: [GenerateMipMaps] on load, or
// [NewTexture2DWith] and SetDataLevel per level; a RenderTarget2D made with
// MipMap remakes its chain each time it is unset, as in XNA. A
// [SamplerState] picks XNA's filters, the most detailed level
// (MaxMipLevel), a level-of-detail bias and, with FilterAnisotropic
// (AnisotropicClamp, AnisotropicWrap), up to MaxAnisotropy samples where
// the device can ([Limits].MaxAnisotropy); [Device.SamplerFallback] says
// where it cannot.
//
// # Models and animation
//
// [LoadModelFile] reads a glTF 2.0 file into a [Model]; [Model.Draw] draws
// it. A file's skins and animations come with it ([Model.Skins],
// [Model.Animations]); an [AnimationPlayer] poses the model from a clip on
// game time, and [Model.DrawPose] (or Draw with [Model.Player] set) draws
// that pose, skinned and morphed:
//
//	m, err := graphics.LoadModelFile(dev, "character.glb")
//	p := graphics.NewAnimationPlayer(m)
//	err = p.StartClip(m.Animations[0])
//	// in Update:
//	p.Update(gt.ElapsedGameTime.Duration(), true, mgl32.Ident4())
//	// in Draw:
//	err = m.DrawPose(p, world, view, proj)
//
// Without a player, Draw draws the vertices as the file stores them (the
// bind pose of a skinned mesh).
//
// # Backends
//
// A [Backend] creates textures and buffers, reads textures back, and
// executes a [Frame]: uploads, then passes (target, clear, load) over draws
// (PipelineKey, viewport, scissor, texture, sampler, EffectUniforms,
// vertex and index source), then releases. The record and its arena are
// reused: a backend copies what it needs during Execute.
package graphics
