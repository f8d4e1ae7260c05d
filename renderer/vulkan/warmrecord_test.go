package vulkan

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// TestW14_WarmRecordEncodingChecks: the record's file round-trips, and
// each way it can be wrong (magic, length, checksum, a pipeline that does
// not exist, too many entries) is an error that says which.
func TestW14_WarmRecordEncodingChecks(t *testing.T) {
	entries := []warmEntry{{Program: 1, Used: 1}, {Program: 2, Used: 0}, {Program: 3, Used: allCommon}}
	b := encodeWarmRecord(entries)
	got, err := decodeWarmRecord(b)
	if err != nil || len(got) != len(entries) {
		t.Fatalf("round trip: %v, %v", got, err)
	}
	for i := range entries {
		if got[i] != entries[i] {
			t.Fatalf("entry %d = %+v, want %+v", i, got[i], entries[i])
		}
	}
	bad := func(name, want string, edit func([]byte) []byte) {
		t.Helper()
		c := edit(append([]byte(nil), b...))
		if _, err := decodeWarmRecord(c); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, want)
		}
	}
	bad("magic", "bad magic", func(c []byte) []byte { c[0] = 'X'; return c })
	bad("truncated", "truncated", func(c []byte) []byte { return append(c[:len(c)-5], c[len(c)-4:]...) })
	bad("short", "shorter", func(c []byte) []byte { return c[:10] })
	bad("checksum", "checksum", func(c []byte) []byte { c[12] ^= 1; return c })
	many := make([]warmEntry, warmRecordEntries+1)
	bad("too many", "more than", func([]byte) []byte { return encodeWarmRecord(many) })
	bad("no such pipeline", "common pipelines", func([]byte) []byte {
		return encodeWarmRecord([]warmEntry{{Program: 1, Used: allCommon + 1}})
	})
}

// warmLaunch opens a renderer, draws frames frames of the cube (the
// first common pipeline's draw), or of the cube's pass with no draw when
// empty, and destroys it; it returns what its start warmed up.
func warmLaunch(t *testing.T, frames int, empty bool) (wanted uint8, warmed bool, built []bool) {
	t.Helper()
	g := openGPU(t, 64, 64, Options{})
	wanted, warmed = g.r.gpu.warmRec.wanted, g.r.gpu.warm != nil
	for _, k := range commonKeys {
		_, ok := g.r.gpu.pipelines[pipelineKey(k, false)]
		built = append(built, ok)
	}
	for i := range frames {
		if !empty {
			g.draw(t, float64(i)/60)
			continue
		}
		onMain(t, func() error {
			if ok, err := g.r.BeginFrame(); err != nil || !ok {
				return err
			}
			f := cubeFrame(0, 64, 64)
			f.Draws, f.Passes[0].DrawCount = f.Draws[:0], 0
			return g.r.Execute(f)
		})
	}
	onMain(t, func() error { g.r.Destroy(); return nil })
	if msgs := g.messages(); len(msgs) > 0 {
		t.Fatalf("validation: %q", msgs)
	}
	return wanted, warmed, built
}

// TestW14_WarmUpFollowsTheLastLaunch: a program's first launch warms up
// every common pipeline; it drew with the mesh pipeline alone, so the
// next launch builds and warms that one only (not the sprite pipeline);
// a launch that executed no frame changes nothing, one whose frames drew
// nothing leaves the one after it without a warm-up, and a corrupt record
// is ignored with one line (everything warmed).
func TestW14_WarmUpFollowsTheLastLaunch(t *testing.T) {
	folder, log := cacheLaunch(t)
	warmRecordOn = true
	t.Cleanup(func() { warmRecordOn = false })
	record := filepath.Join(folder, warmRecordFile)
	if graphics.CommonPipelines()[0] != meshKey {
		t.Fatal("the cube is not drawn with the first common pipeline")
	}

	wanted, warmed, built := warmLaunch(t, 2, false)
	if wanted != allCommon || !warmed || !built[0] || !built[1] {
		t.Fatalf("first launch: warmed %#x (warm-up %v, built %v), want every common pipeline", wanted, warmed, built)
	}
	if _, err := os.Stat(record); err != nil {
		t.Fatalf("no warm-up record after the first launch: %v", err)
	}
	for _, frames := range []int{0, 1} { // no frame: the record stays
		wanted, warmed, built = warmLaunch(t, frames, true)
		if wanted != 1 || !warmed || !built[0] || built[1] {
			t.Fatalf("after a launch that drew the mesh: warmed %#x (warm-up %v, built %v), want the mesh pipeline alone", wanted, warmed, built)
		}
	}
	wanted, warmed, built = warmLaunch(t, 1, false)
	if wanted != 0 || warmed || built[0] || built[1] {
		t.Fatalf("after a launch that drew nothing: warmed %#x (warm-up %v, built %v), want none", wanted, warmed, built)
	}
	if s := log.String(); s != "" {
		t.Fatalf("a fitting record was reported: %q", s)
	}
	b, err := os.ReadFile(record)
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)-1] ^= 0xff
	if err := os.WriteFile(record, b, 0o644); err != nil {
		t.Fatal(err)
	}
	if wanted, warmed, _ = warmLaunch(t, 1, true); wanted != allCommon || !warmed {
		t.Fatalf("with a corrupt record: warmed %#x (warm-up %v), want every common pipeline", wanted, warmed)
	}
	lines := strings.Split(strings.TrimSpace(log.String()), "\n")
	if len(lines) != 1 || !strings.Contains(lines[0], "warm-up record") || !strings.Contains(lines[0], "corrupt") {
		t.Fatalf("want one line saying the corrupt record was ignored, got %q", log.String())
	}
	if wanted, _, _ = warmLaunch(t, 0, false); wanted != 0 {
		t.Fatalf("the record rewritten after a corrupt one gave %#x, want none (that launch drew nothing)", wanted)
	}
}

// FuzzW14_WarmRecordDecode: any bytes decode to an error or to entries
// that encode back to the same bytes; nothing panics, and nothing is
// allocated before the length is checked (at most warmRecordEntries).
func FuzzW14_WarmRecordDecode(f *testing.F) {
	f.Add(encodeWarmRecord(nil))
	f.Add(encodeWarmRecord([]warmEntry{{Program: 7, Used: 1}, {Program: 9, Used: allCommon}}))
	f.Add([]byte("MTNWARM1\xff\xff\xff\xff\x00\x00\x00\x00"))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, b []byte) {
		entries, err := decodeWarmRecord(b)
		if err != nil {
			return
		}
		if len(entries) > warmRecordEntries {
			t.Fatalf("%d entries decoded, more than %d", len(entries), warmRecordEntries)
		}
		if again := encodeWarmRecord(entries); string(again) != string(b) {
			t.Fatalf("decoded %d entries that encode to other bytes", len(entries))
		}
	})
}
