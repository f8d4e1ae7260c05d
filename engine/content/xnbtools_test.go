package content

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/audio"
	"github.com/metronome-engine/metronome/engine/graphics"
)

// These tests check the MS-ADPCM and DXT decoders against independent
// tools: sox encodes and decodes MS-ADPCM, ImageMagick writes and reads
// DDS files. Without the tools they skip, except under CI=true, where
// scripts/lib.sh installs them and their absence is a failure.

// needTool returns the path of the first of paths (absolute, or looked
// up in PATH) that exists.
func needTool(t *testing.T, pkg string, paths ...string) string {
	t.Helper()
	for _, p := range paths {
		if filepath.IsAbs(p) {
			if _, err := os.Stat(p); err == nil {
				return p
			}
			continue
		}
		if full, err := exec.LookPath(p); err == nil {
			return full
		}
	}
	msg := pkg + " is not installed (apt-get install " + pkg + ", or . scripts/lib.sh; ensure_packages)"
	if os.Getenv("CI") == "true" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

func runTool(t *testing.T, name string, args ...string) []byte {
	t.Helper()
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("%s %v: %v\n%s", name, args, err, stderr)
	}
	return out
}

// riffChunks returns the chunks of a RIFF WAVE file by id.
func riffChunks(t *testing.T, b []byte) map[string][]byte {
	t.Helper()
	if len(b) < 12 || string(b[:4]) != "RIFF" || string(b[8:12]) != "WAVE" {
		t.Fatalf("not a RIFF WAVE file (%d bytes)", len(b))
	}
	out := map[string][]byte{}
	for b = b[12:]; len(b) >= 8; {
		n := int(binary.LittleEndian.Uint32(b[4:]))
		if 8+n > len(b) {
			n = len(b) - 8
		}
		out[string(b[:4])] = b[8 : 8+n]
		b = b[8+n+n%2:]
		if n%2 == 1 && len(b) == 0 {
			break
		}
	}
	return out
}

// pcmWAV is a 16-bit PCM WAV of frames frames of ch channels: a sine per
// channel plus noise.
func pcmWAV(ch, rate, frames int) []byte {
	r := rand.New(rand.NewPCG(uint64(ch), 7))
	var data []byte
	for i := range frames {
		for c := range ch {
			v := 12000*math.Sin(2*math.Pi*float64(440*(c+1))*float64(i)/float64(rate)) + 4000*r.NormFloat64()
			data = binary.LittleEndian.AppendUint16(data, uint16(int16(max(-32768, min(32767, v)))))
		}
	}
	b := []byte("RIFF")
	b = binary.LittleEndian.AppendUint32(b, uint32(36+len(data)))
	b = append(b, "WAVEfmt "...)
	b = binary.LittleEndian.AppendUint32(b, 16)
	b = binary.LittleEndian.AppendUint16(b, 1)
	b = binary.LittleEndian.AppendUint16(b, uint16(ch))
	b = binary.LittleEndian.AppendUint32(b, uint32(rate))
	b = binary.LittleEndian.AppendUint32(b, uint32(rate*2*ch))
	b = binary.LittleEndian.AppendUint16(b, uint16(2*ch))
	b = binary.LittleEndian.AppendUint16(b, 16)
	b = append(b, "data"...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(data)))
	return append(b, data...)
}

// soundXNBRaw is a SoundEffect body around a whole WAVEFORMATEX.
func soundXNBRaw(format, data []byte) []byte {
	var b body
	b.readers("SoundEffectReader")
	b.varint(1)
	b.u32(uint32(len(format)))
	b.Write(format)
	b.u32(uint32(len(data)))
	b.Write(data)
	b.i32(0)
	b.i32(0)
	b.i32(1000)
	return b.Bytes()
}

// TestC2_ADPCMMatchesSox: sox encodes a sine plus noise (mono and
// stereo) to MS-ADPCM; the XNB around sox's format and data decodes to
// exactly the samples sox's own decoder gives.
func TestC2_ADPCMMatchesSox(t *testing.T) {
	sox := needTool(t, "sox", "sox")
	r := newRig(t)
	for _, ch := range []int{1, 2} {
		dir := t.TempDir()
		in, enc, dec := filepath.Join(dir, "in.wav"), filepath.Join(dir, "adpcm.wav"), filepath.Join(dir, "dec.wav")
		if err := os.WriteFile(in, pcmWAV(ch, 22050, 22050*3/10), 0o644); err != nil {
			t.Fatal(err)
		}
		runTool(t, sox, in, "-e", "ms-adpcm", enc)
		runTool(t, sox, enc, "-e", "signed-integer", "-b", "16", dec)
		raw, err := os.ReadFile(enc)
		if err != nil {
			t.Fatal(err)
		}
		chunks := riffChunks(t, raw)
		format, data := chunks["fmt "], chunks["data"]
		if len(format) < 22 || binary.LittleEndian.Uint16(format) != 2 || int(binary.LittleEndian.Uint16(format[2:])) != ch {
			t.Fatalf("%d ch: sox's format chunk is not %d-channel MS-ADPCM: % x", ch, ch, format)
		}
		decRaw, err := os.ReadFile(dec)
		if err != nil {
			t.Fatal(err)
		}
		pcm := riffChunks(t, decRaw)["data"]
		want := make([]int, len(pcm)/2)
		for i := range want {
			want[i] = int(int16(binary.LittleEndian.Uint16(pcm[2*i:])))
		}

		xnb := soundXNBRaw(format, data)
		obj, err := parseXNB(xnbFile(t, 'w', false, xnb, ""))
		if err != nil {
			t.Fatalf("%d ch: %v", ch, err)
		}
		s := obj.(*xnbSound)
		if s.channels != ch || len(s.samples) < len(want) {
			t.Fatalf("%d ch: decoded %d channels, %d samples; sox decoded %d", ch, s.channels, len(s.samples), len(want))
		}
		maxDiff, diffs, first := 0, 0, -1
		for i, w := range want {
			d := int(s.samples[i]*32768) - w
			if d != 0 {
				diffs++
				if first < 0 {
					first = i
				}
			}
			maxDiff = max(maxDiff, d, -d)
		}
		t.Logf("%d ch, block align %d: %d samples (sox %d), max |difference| %d, %d differ",
			ch, binary.LittleEndian.Uint16(format[12:]), len(s.samples), len(want), maxDiff, diffs)
		if diffs > 0 {
			t.Errorf("%d ch: %d of %d samples differ from sox's decode, max by %d, first at %d (ours %d, sox %d)",
				ch, diffs, len(want), maxDiff, first, int(s.samples[first]*32768), want[first])
		}

		m := r.manager(map[string][]byte{"s.xnb": xnbFile(t, 'w', false, xnb, "lzx")})
		fx, err := Load[*audio.SoundEffect](m, "s")
		if err != nil || fx.Channels() != ch || fx.SampleRate() != 22050 {
			t.Fatalf("%d ch: Load: %v", ch, err)
		}
	}
}

// ddsBlocks returns the top level's compressed blocks of a DDS file with
// the plain 128-byte header, checking its FourCC.
func ddsBlocks(t *testing.T, b []byte, fourCC string, w, h int) []byte {
	t.Helper()
	if len(b) < 128 || string(b[:4]) != "DDS " {
		t.Fatalf("not a DDS file (%d bytes)", len(b))
	}
	if got := string(b[84:88]); got != fourCC {
		t.Fatalf("DDS FourCC %q, want %q", got, fourCC)
	}
	size := 16
	if fourCC == "DXT1" {
		size = 8
	}
	n := (w + 3) / 4 * ((h + 3) / 4) * size
	if len(b) < 128+n {
		t.Fatalf("DDS has %d bytes of blocks, want %d", len(b)-128, n)
	}
	return b[128 : 128+n]
}

// testImage is a w*h RGBA image of gradients with varying alpha,
// including fully transparent and opaque areas.
func testImage(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			a := uint8(255)
			switch {
			case x < w/4:
				a = 0
			case x < w/2:
				a = uint8(255 * y / (h - 1))
			}
			img.SetNRGBA(x, y, color.NRGBA{uint8(255 * x / (w - 1)), uint8(255 * y / (h - 1)), uint8(37 * (x + y)), a})
		}
	}
	return img
}

// TestC2_DXTMatchesImageMagick: ImageMagick compresses an RGBA image to
// DDS DXT1 and DXT5; the XNB Texture2D around its blocks decodes to
// ImageMagick's own decode of the same DDS file. ImageMagick writes DXT5
// when asked for DXT3, so the DXT3 file is made from the DXT5 one: its
// colour blocks and a 4-bit alpha pattern, under the FourCC DXT3, which
// ImageMagick reads.
//
// Alpha must be equal. Colour may differ by 1: we expand the 5- and 6-bit
// endpoints exactly (v*255/31 rounded), ImageMagick by bit replication
// (v<<3 | v>>2), which is 1 lower or higher for 5 of the 32 red and blue
// and 11 of the 64 green values; with replication instead our decode
// equals ImageMagick's in every byte (measured).
func TestC2_DXTMatchesImageMagick(t *testing.T) {
	convert := needTool(t, "imagemagick", "/usr/bin/convert")
	r := newRig(t)
	const w, h = 16, 16
	dir := t.TempDir()
	src := filepath.Join(dir, "in.png")
	var pngBuf bytes.Buffer
	if err := png.Encode(&pngBuf, testImage(w, h)); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(src, pngBuf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, c := range []string{"dxt1", "dxt5"} {
		dds := filepath.Join(dir, c+".dds")
		runTool(t, convert, src, "-define", "dds:compression="+c, "-define", "dds:mipmaps=0", dds)
		raw, err := os.ReadFile(dds)
		if err != nil {
			t.Fatal(err)
		}
		files[c] = raw
	}
	dxt3 := slices.Clone(files["dxt5"][:128+w*h])
	copy(dxt3[84:], "DXT3")
	for i := 128; i < len(dxt3); i += 16 {
		for j := range 8 {
			dxt3[i+j] = byte(i/16*7 + j*0x35)
		}
	}
	files["dxt3"] = dxt3
	// ImageMagick's DXT1 blocks are all four-colour and opaque: swapping
	// the endpoints of every other block puts it in the three-colour
	// mode, whose index 3 is transparent black.
	dxt1a := slices.Clone(files["dxt1"][:128+w*h/2])
	for i := 128; i < len(dxt1a); i += 16 {
		copy(dxt1a[i:i+4], []byte{dxt1a[i+2], dxt1a[i+3], dxt1a[i], dxt1a[i+1]})
	}
	files["dxt1a"] = dxt1a
	for _, c := range []struct {
		name   string
		format int32
	}{{"dxt1", surfaceDxt1}, {"dxt1a", surfaceDxt1}, {"dxt3", surfaceDxt3}, {"dxt5", surfaceDxt5}} {
		dds := filepath.Join(dir, c.name+".dds")
		if err := os.WriteFile(dds, files[c.name], 0o644); err != nil {
			t.Fatal(err)
		}
		blocks := ddsBlocks(t, files[c.name], strings.ToUpper(c.name[:4]), w, h)
		want := runTool(t, convert, dds, "-depth", "8", "rgba:-")
		if len(want) != 4*w*h {
			t.Fatalf("%s: ImageMagick decoded %d bytes, want %d", c.name, len(want), 4*w*h)
		}
		m := r.manager(map[string][]byte{"t.xnb": xnbFile(t, 'w', false, textureXNB(c.format, w, h, blocks), "")})
		tex, err := Load[*graphics.Texture2D](m, "t")
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got := pixelsOf(t, tex)
		var maxDiff [4]int
		diffs, alphas := 0, map[byte]bool{}
		for i := range got {
			d := int(got[i]) - int(want[i])
			if d != 0 {
				diffs++
			}
			maxDiff[i%4] = max(maxDiff[i%4], d, -d)
			if i%4 == 3 {
				alphas[got[i]] = true
			}
		}
		t.Logf("%s: max |difference| R %d G %d B %d A %d; %d of %d channel values differ; %d distinct alphas",
			c.name, maxDiff[0], maxDiff[1], maxDiff[2], maxDiff[3], diffs, len(got), len(alphas))
		if maxDiff[3] != 0 || max(maxDiff[0], maxDiff[1], maxDiff[2]) > 1 {
			t.Errorf("%s: differs from ImageMagick's decode by R %d G %d B %d A %d, want at most 1, 1, 1, 0",
				c.name, maxDiff[0], maxDiff[1], maxDiff[2], maxDiff[3])
		}
	}
}
