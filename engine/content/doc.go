// Package content loads a game's assets by name, as XNA's ContentManager
// does (rule C1): Load[T] reads textures, sprite fonts, sound effects,
// songs, models and effects from an fs.FS (a folder through os.DirFS, or an
// embed.FS so the game ships as one binary), caches them by name and type,
// and Unload disposes of them together.
//
// A name without an extension resolves to XNA 4.0's compiled .xnb first,
// then to the source formats (see Load). XNB files are read by their
// published layout (rule C2): the desktop platforms, LZX and LZ4
// compression, the type reader list and shared resources, and readers for
// Texture2D (Color, Bgr565, Bgra5551, Bgra4444, and Dxt1/3/5 decoded to
// RGBA on the CPU, since the graphics package uploads RGBA only; the top
// mipmap level is used and the engine makes its own), SpriteFont,
// SoundEffect (PCM 8 and 16-bit, MS-ADPCM; the loop region is read but
// not used: SoundEffectInstance.IsLooped loops the whole sound) and Song
// (the .ogg beside the XNB). Xbox 360 files, XMA2 sounds, WMA songs and
// compiled effects and models are refused with an error wrapping
// ErrUnsupported; a malformed file is an error wrapping ErrBadXNB. Every
// size is checked against the bytes present before anything is
// allocated.
//
// Watch turns hot reload on (rule C3): Update, which engine.Game calls at
// the start of each Update for Game.Content, reloads the assets whose
// files changed, in place, so the pointers a game holds stay valid.
package content
