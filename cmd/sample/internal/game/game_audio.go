package game

import (
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/metronome-engine/metronome/engine"
	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/desktop"
	"github.com/metronome-engine/metronome/engine/desktop/audioout"
	"github.com/metronome-engine/metronome/timing"
)

// musicBed is the sample's looping music bed, made by scripts/gen-sounds.sh.
//
//go:embed assets/musicbed.ogg
var musicBed []byte

// audioOptions are the sample's audio flags (rule A8).
type audioOptions struct {
	click, bounce, music   bool
	play                   string // -play FILE: play one file and exit
	out                    string // -audio-out FILE.wav: the lockstep render
	beat                   int    // updates per beat
	period                 time.Duration
	soundsText, periodText string
}

// addAudioFlags adds the audio flags to fs.
func addAudioFlags(fs *flag.FlagSet, a *audioOptions) {
	fs.StringVar(&a.soundsText, "sounds", "click,bounce,music", "which sounds play, a comma-separated subset of click (on every beat of game time), bounce (the balls, with pitch and pan) and music (a looping bed); \"none\" for silence (key M mutes)")
	fs.StringVar(&a.play, "play", "", "play one WAV, Ogg Vorbis or MP3 `FILE` through the engine's audio and exit when it ends (no window); a bad file exits 2 with one line")
	fs.StringVar(&a.out, "audio-out", "", "render the audio in lockstep with game time into this WAV `FILE` (48 kHz stereo 16-bit) instead of playing it; with -fixed-dt two runs give identical files")
	fs.IntVar(&a.beat, "beat", 60, "updates per click of the metronome, 1..100000 (60 at 60 Hz: one a second of game time; every 4th click is pitched up)")
	fs.StringVar(&a.periodText, "audio-period", "", "the audio output's period, 5ms..500ms (default 20ms): shorter lowers the latency, longer gives fewer underruns on a busy machine")
}

// check parses and checks the audio flags.
func (a *audioOptions) check() error {
	a.click, a.bounce, a.music = false, false, false
	for _, s := range strings.Split(a.soundsText, ",") {
		switch strings.TrimSpace(s) {
		case "click":
			a.click = true
		case "bounce":
			a.bounce = true
		case "music":
			a.music = true
		case "none", "":
		default:
			return fmt.Errorf("-sounds %q: %q is not one of click, bounce, music, none", a.soundsText, s)
		}
	}
	if a.beat < 1 || a.beat > 100000 {
		return fmt.Errorf("-beat %d: want 1 to 100000 updates", a.beat)
	}
	if a.periodText != "" {
		p, err := time.ParseDuration(a.periodText)
		if err != nil || p < 5*time.Millisecond || p > 500*time.Millisecond {
			return fmt.Errorf("-audio-period %q: want a duration from 5ms to 500ms", a.periodText)
		}
		a.period = p
	}
	if err := checkOutputPath("-audio-out", a.out); err != nil {
		return err
	}
	if a.out != "" && !strings.HasSuffix(strings.ToLower(a.out), ".wav") {
		return fmt.Errorf("-audio-out %q: the file name must end in .wav", a.out)
	}
	return nil
}

// desktopAudio fills the game's audio configuration: a WAV sink for
// -audio-out, the silent lockstep mixer under -fixed-dt (so the HUD's
// audio figures are the offline mixer's, G12), else the real output.
// The returned func closes nothing the engine does not: the System
// closes the sink.
func (a *audioOptions) desktopAudio(cfg *desktop.Config, fixedDt bool) error {
	cfg.AudioPeriod = a.period
	switch {
	case a.out != "":
		w, err := audio.CreateWAV(a.out, audio.DefaultSampleRate, audio.WAVPCM16)
		if err != nil {
			return fmt.Errorf("-audio-out: %w", err)
		}
		cfg.Engine.Audio.Sink = w
		cfg.Audio = desktop.AudioOffline
	case fixedDt:
		cfg.Audio = desktop.AudioOffline
	}
	return nil
}

// sampleAudio is the sample's sounds: the metronome's click, the balls'
// bounce and the music bed.
type sampleAudio struct {
	opt     audioOptions
	sys     *audio.System
	click   *audio.SoundEffect
	bounce  *audio.SoundEffect
	song    *audio.Song
	updates int
	beats   int
	prevVY  [2]float64
	muted   bool
	hud     []byte
}

// newSampleAudio makes the sounds (generated: no file is read) and starts
// the music bed.
func newSampleAudio(g *engine.Game, opt audioOptions) (*sampleAudio, error) {
	a := &sampleAudio{opt: opt, sys: g.Audio(), hud: make([]byte, 0, 96)}
	var err error
	if a.click, err = a.sys.NewSoundEffectFloat(clickSound(48000), 48000, 1); err != nil {
		return nil, err
	}
	if a.bounce, err = a.sys.NewSoundEffectFloat(bounceSound(48000), 48000, 1); err != nil {
		return nil, err
	}
	if opt.music {
		if a.song, err = audio.NewSongFromBytes("music bed", musicBed); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// clickSound is the metronome's click: 15 ms of a 2 kHz sine, full from
// its first sample and fading out, the same for every beat (the bar's
// first is pitched, never louder).
func clickSound(rate int) []float32 {
	n := rate * 15 / 1000
	d := make([]float32, n)
	for i := range d {
		env := 1 - float64(i)/float64(n)
		d[i] = float32(0.6 * env * math.Sin(2*math.Pi*2000*float64(i)/float64(rate)))
	}
	return d
}

// bounceSound is a ball's bounce: 80 ms of a falling 300 Hz tone.
func bounceSound(rate int) []float32 {
	n := rate * 80 / 1000
	d := make([]float32, n)
	ph := 0.0
	for i := range d {
		t := float64(i) / float64(n)
		ph += 2 * math.Pi * (300 - 150*t) / float64(rate)
		d[i] = float32(0.4 * (1 - t) * (1 - t) * math.Sin(ph))
	}
	return d
}

// update runs in every Update after the balls stepped: the music starts
// in the first update, a click every beat of game time, a bounce when a
// ball turned upwards, M toggles mute.
func (a *sampleAudio) update(g *engine.Game, balls *[2]ball) {
	if a.updates == 0 && a.song != nil {
		mp := a.sys.MediaPlayer()
		mp.SetIsRepeating(true)
		mp.SetVolume(0.5)
		if err := mp.Play(a.song); err != nil {
			a.song = nil
		}
	}
	if g.IsKeyJustPressed(engine.KeyM) {
		a.muted = !a.muted
		v := float32(1)
		if a.muted {
			v = 0
		}
		a.sys.SetMasterVolume(v)
		a.sys.MediaPlayer().SetIsMuted(a.muted)
	}
	// The first two updates share game time 0 (the first sees no elapsed
	// time): beats count from the second.
	if a.opt.click && a.updates > 0 && (a.updates-1)%a.opt.beat == 0 {
		pitch := float32(0)
		if a.beats%4 == 0 {
			pitch = 0.5 // the bar's first beat: a fifth up, equally loud
		}
		a.click.Play(0.8, pitch, 0)
		a.beats++
	}
	for i := range balls {
		vy := balls[i].VY
		if a.opt.bounce && a.prevVY[i] < 0 && vy > 0 {
			pan := float32(-0.6)
			if i == ballLatest {
				pan = 0.6
			}
			// Higher from faster bounces: pitch -0.5..0.5 octave.
			pitch := float32(math.Max(-0.5, math.Min(0.5, vy/4-0.75)))
			a.bounce.Play(0.7, pitch, pan)
		}
		a.prevVY[i] = vy
	}
	a.updates++
}

// appendHUD appends the audio line: latency, voices, late sounds and
// underruns (A8); under -fixed-dt the lockstep mixer's, so screenshots
// stay reproducible (G12).
func (a *sampleAudio) appendHUD(b []byte) []byte {
	st := a.sys.Stats()
	b = append(b, "\naudio "...)
	if !st.Available {
		b = append(b, "offline "...)
	}
	b = append(b, "latency "...)
	b = strconv.AppendInt(b, st.Latency.Milliseconds(), 10)
	b = append(b, " ms  voices "...)
	b = strconv.AppendInt(b, int64(st.Voices), 10)
	b = append(b, "  late "...)
	b = strconv.AppendInt(b, st.Late, 10)
	b = append(b, "  underruns "...)
	b = strconv.AppendInt(b, st.Underruns, 10)
	if a.muted {
		b = append(b, "  muted"...)
	}
	return b
}

// runPlay is `sample -play FILE`: it streams the file as a Song through
// the engine's audio on the wall clock at 60 updates a second (or, with
// -audio-out, in lockstep into a WAV file) and returns when it ends.
// Exit status: 0 played, 1 an output failed, 2 a bad file.
func runPlay(a audioOptions, stderr io.Writer) int {
	song, err := audio.NewSong(a.play, a.play)
	if err != nil {
		fmt.Fprintf(stderr, "sample: -play: %v\n", err)
		return 2
	}
	cfg := audio.Config{}
	realTime := a.out == ""
	if a.out != "" {
		w, err := audio.CreateWAV(a.out, audio.DefaultSampleRate, audio.WAVPCM16)
		if err != nil {
			fmt.Fprintf(stderr, "sample: -audio-out: %v\n", err)
			return 1
		}
		cfg.Sink = w
	} else if out, err := audioout.Open(audioout.Options{Period: a.period}); err != nil {
		fmt.Fprintf(stderr, "audio: none, running silently (%v)\n", err)
		realTime = false
	} else {
		cfg.Output = out
	}
	sys, err := audio.New(cfg)
	if err != nil {
		fmt.Fprintf(stderr, "sample: %v\n", err)
		return 1
	}
	mp := sys.MediaPlayer()
	const step = timing.TimeSpan(166667)
	start := time.Now()
	gameT := timing.TimeSpan(0)
	var runErr error
	for n := 0; ; n++ {
		if realTime {
			if wait := time.Until(start.Add(gameT.Duration())); wait > 0 {
				time.Sleep(wait)
			}
		}
		gt := timing.GameTime{TotalGameTime: gameT, ElapsedGameTime: step}
		sys.BeginUpdate(gt)
		if n == 0 {
			if runErr = mp.Play(song); runErr != nil {
				break
			}
		}
		if err := sys.EndUpdate(gt); err != nil {
			runErr = err
			break
		}
		gameT += step
		if mp.State() == audio.Stopped {
			break
		}
	}
	if runErr == nil {
		runErr = mp.Err()
	}
	if err := errors.Join(runErr, sys.Close()); err != nil {
		fmt.Fprintf(stderr, "sample: -play: %v\n", err)
		if mp.Err() != nil {
			return 2
		}
		return 1
	}
	return 0
}
