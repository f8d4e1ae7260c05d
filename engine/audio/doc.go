// Package audio is XNA 4.0's audio in Go's manners (rules A1-A9 in
// docs/rules.md): SoundEffect, SoundEffectInstance,
// DynamicSoundEffectInstance, Song and MediaPlayer, AudioListener and
// AudioEmitter, all mixed by one float32 stereo mixer.
//
// A System owns the mixer. Sounds played during a game's Update start at
// the output sample that corresponds to that Update's game time plus one
// constant delay (A3), not at the next mix buffer.
//
// The delay (A9) is the lead a sound's frame keeps over the output's
// position, and DelayRule chooses it from facts, never from a noisy
// warm-up measurement: one request of the output's server (the frames it
// asks for at once, which is how finely the System knows the output's
// position; an Output tells it through OutputRequest, and without it
// the whole period is taken) plus half a tick (an Update runs up to a
// tick after its game time, and the mapping is centred on the mean
// lateness). With PulseAudio at the default 20 ms period and a 60 Hz
// tick that is 5 ms + 8.33 ms = 13.33 ms, the same on every run;
// Stats.Delay and Stats.DelayRule report it. The mapping is measured
// over windows of 30 Updates: when Updates found their frame already
// mixed (a shortfall) in three windows running, the delay grows once by
// the largest shortfall, at most to two periods and a tick, and the
// System says so in one line (Config.Report) and counts it
// (Stats.DelayChanges); a single stall does not move it, nor does an
// output that has not pulled for two periods. Only a lead off by more
// than that cap (a pause, lost time) re-anchors the mapping
// (Stats.Reanchors). A shorter period lowers the delay and the output's
// own latency, and costs underruns on a busy machine: the period is the
// Output's setting (audioout.Options.Period). The System either
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
