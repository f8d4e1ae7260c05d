// Package audio is XNA 4.0's audio in Go's manners (rules A1-A8 in
// docs/rules.md): SoundEffect, SoundEffectInstance,
// DynamicSoundEffectInstance, Song and MediaPlayer, AudioListener and
// AudioEmitter, all mixed by one float32 stereo mixer.
//
// A System owns the mixer. Sounds played during a game's Update start at
// the output sample that corresponds to that Update's game time plus one
// constant delay (A3), not at the next mix buffer. The System either
// renders in lockstep with game time into a Sink (a WAV file, or nothing:
// deterministic, A4), or feeds a real-time Output that pulls from it on its
// own goroutine (A5). The game never waits on that goroutine: every command
// travels through a bounded queue, and a full queue makes Play return false.
//
// Decoding (A6): WAV (PCM 8/16/24/32-bit and IEEE float) is parsed here,
// with every header field checked before any sample is read; Ogg Vorbis
// and MP3 go through github.com/jfreymuth/oggvorbis and
// github.com/hajimehoshi/go-mp3. A SoundEffect is decoded whole, within
// the System's sample budget (Config.SampleBudget, DefaultSampleBudget):
// a longer one is refused from its headers where they give its length,
// and where decoding passes the budget otherwise. A Song streams from its
// file in constant memory and has no budget: music belongs there. Every sample is in -1..1 when it enters the mixer: decoded,
// generated and submitted samples beyond full scale are clipped and NaN
// reads 0 (a float WAV of infinities cannot turn the mix into NaN).
//
// XACT and Microphone are left out: XNA's reference for them is Windows-only.
//
// The package is pure Go (no cgo) and imports nothing of the engine but
// timing.
package audio
