package game

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/window/windowtest"
)

// needDisplay skips (or fails under METRONOME_REQUIRE_GPU=1) without a
// display.
func needDisplay(t *testing.T) {
	t.Helper()
	if !windowtest.HasDisplay() {
		windowtest.SkipOrFail(t, "real stack missing", errors.New(windowtest.DisplayVar()+" is not set"))
	}
}

// wavClicks reads a 48 kHz stereo 16-bit WAV the sample wrote and returns
// the onsets of its clicks in the left channel.
func wavClicks(t *testing.T, b []byte) []int {
	t.Helper()
	if len(b) < 44 || string(b[:4]) != "RIFF" || binary.LittleEndian.Uint32(b[24:]) != 48000 ||
		binary.LittleEndian.Uint16(b[22:]) != 2 || binary.LittleEndian.Uint16(b[34:]) != 16 {
		t.Fatalf("not a 48 kHz stereo 16-bit WAV: % x", b[:min(44, len(b))])
	}
	var on []int
	quiet := 24000
	for i := 0; 44+4*i+2 <= len(b); i++ {
		v := int16(binary.LittleEndian.Uint16(b[44+4*i:]))
		if v > 300 || v < -300 {
			if quiet >= 24000 {
				on = append(on, i)
			}
			quiet = 0
		} else {
			quiet++
		}
	}
	return on
}

// TestA4_SampleAudioOutIsByteIdentical: `sample -fixed-dt 16.6667ms
// -frames 600 -sounds click -audio-out a.wav` twice gives identical 48 kHz
// stereo files whose clicks start 48,000 samples apart within one (A3).
func TestA4_SampleAudioOutIsByteIdentical(t *testing.T) {
	needDisplay(t)
	dir := t.TempDir()
	var files [2][]byte
	for i := range files {
		path := filepath.Join(dir, "a"+string(rune('0'+i))+".wav")
		p := runSample(t, []string{"-fixed-dt", "16.6667ms", "-frames", "600", "-sounds", "click",
			"-audio-out", path, "-size", "320x240"})
		if p.code != 0 {
			t.Fatalf("exit %d: %s", p.code, p.stderr)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files[i] = b
	}
	if !bytes.Equal(files[0], files[1]) {
		t.Fatal("two runs wrote different WAV files")
	}
	on := wavClicks(t, files[0])
	if len(on) < 9 {
		t.Fatalf("%d clicks in %d frames: %v", len(on), (len(files[0])-44)/4, on)
	}
	for i := 1; i < len(on); i++ {
		if g := on[i] - on[i-1]; g < 47999 || g > 48001 {
			t.Errorf("clicks %d and %d are %d samples apart, want 48000 within one", i-1, i, g)
		}
	}
	t.Logf("%d bytes, clicks at %v", len(files[0]), on)
}

// TestA6_SamplePlayBadFilesExit2: -play with an empty, corrupt or
// truncated file, or a WAV whose header declares 1 GB in 44 bytes, exits
// 2 with one line, no panic, below 200 MB of peak memory.
func TestA6_SamplePlayBadFilesExit2(t *testing.T) {
	dir := t.TempDir()
	good := testWAV(48000, 4800)
	huge := append([]byte(nil), good[:44]...)
	binary.LittleEndian.PutUint32(huge[40:], 1<<30)
	files := map[string][]byte{
		"empty.wav":     nil,
		"corrupt.ogg":   append([]byte("OggS"), bytes.Repeat([]byte{0x55}, 500)...),
		"truncated.wav": good[:len(good)/2],
		"huge.wav":      huge,
		"noise.mp3":     bytes.Repeat([]byte{0x13, 0x77}, 300),
	}
	for name, data := range files {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		cmd := sampleCmd(t, []string{"-play", path})
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		err := cmd.Run()
		var exit interface{ ExitCode() int }
		code := 0
		if err != nil {
			if !errors.As(err, &exit) {
				t.Fatal(err)
			}
			code = exit.ExitCode()
		}
		rss := peakRSS(cmd.ProcessState)
		line := errb.String()
		if code != 2 || strings.Count(line, "\n") != 1 || strings.Contains(line, "panic") || !strings.HasPrefix(line, "sample: -play") {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and one line", name, code, line)
		}
		if rss > 200<<20 {
			t.Errorf("%s: peak memory %d MB, want below 200", name, rss>>20)
		}
		t.Logf("%s: %q, peak memory %d MB", name, strings.TrimSpace(line), rss>>20)
	}
}

// TestA6_SamplePlayGoodFiles: -play plays a good WAV, Ogg Vorbis and MP3
// file and exits 0 (rendered with -audio-out, so no server is needed).
func TestA6_SamplePlayGoodFiles(t *testing.T) {
	dir := t.TempDir()
	wav := filepath.Join(dir, "tone.wav")
	if err := os.WriteFile(wav, testWAV(44100, 11025), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{wav, "../../../../engine/audio/testdata/tone.ogg", "../../../../engine/audio/testdata/tone.mp3"} {
		out := filepath.Join(dir, "out.wav")
		p := runSample(t, []string{"-play", f, "-audio-out", out})
		if p.code != 0 || p.stderr != "" {
			t.Errorf("%s: exit %d, stderr %q", f, p.code, p.stderr)
			continue
		}
		b, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if frames := (len(b) - 44) / 4; frames < 48000/4 || frames > 48000 {
			t.Errorf("%s: rendered %d frames, want about a quarter second", f, frames)
		}
	}
}

// TestA5_SampleWithoutServerRunsSilently: with no audio server the sample
// runs, exits 0 and prints one line about audio.
func TestA5_SampleWithoutServerRunsSilently(t *testing.T) {
	needDisplay(t)
	p := runSample(t, []string{"-frames", "30", "-size", "320x240"},
		"METRONOME_AUDIO=on", "PULSE_SERVER=unix:/nonexistent/native", "ALSA_CONFIG_PATH=/nonexistent")
	if p.code != 0 || strings.Count(p.stderr, "\n") != 1 || !strings.HasPrefix(p.stderr, "audio: ") {
		t.Fatalf("exit %d, stderr %q; want exit 0 and one line about audio", p.code, p.stderr)
	}
	t.Logf("%q", p.stderr)
}

// testWAV is a mono 16-bit WAV of a 440 Hz square wave.
func testWAV(rate, frames int) []byte {
	var b bytes.Buffer
	b.WriteString("RIFF")
	binary.Write(&b, binary.LittleEndian, uint32(36+2*frames))
	b.WriteString("WAVEfmt ")
	for _, v := range []any{uint32(16), uint16(1), uint16(1), uint32(rate), uint32(2 * rate), uint16(2), uint16(16)} {
		binary.Write(&b, binary.LittleEndian, v)
	}
	b.WriteString("data")
	binary.Write(&b, binary.LittleEndian, uint32(2*frames))
	for i := 0; i < frames; i++ {
		v := int16(8000)
		if (i*440/rate)%2 == 1 {
			v = -8000
		}
		binary.Write(&b, binary.LittleEndian, v)
	}
	return b.Bytes()
}
