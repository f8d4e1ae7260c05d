//go:build unix

package graphics_test

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	rtmetrics "runtime/metrics"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/metronome-engine/metronome/engine/graphics"
)

// returnsWithin runs f and fails the test when it has not returned after
// a generous bound (a blocked open), returning f's error. A heap past 256 MiB
// on the way (a read without end, which cannot be stopped) ends the
// process at once rather than the machine's memory.
func returnsWithin(t *testing.T, what string, f func() error) error {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- f() }()
	deadline := time.After(20 * time.Second)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	sample := []rtmetrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	for {
		select {
		case err := <-done:
			return err
		case <-deadline:
			t.Fatalf("%s has not returned after 20 s: blocked", what)
			return nil
		case <-tick.C:
			if rtmetrics.Read(sample); sample[0].Value.Uint64() > 256<<20 {
				panic(fmt.Sprintf("%s: the heap holds %d bytes: reading without end", what, sample[0].Value.Uint64()))
			}
		}
	}
}

// mkfifo makes a FIFO at p, and unblocks a reader stuck opening it at
// the end of the test (a writer's open lets the reader's return; closing
// it gives the reader end of file).
func mkfifo(t *testing.T, p string) {
	t.Helper()
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
	t.Cleanup(func() {
		if f, err := os.OpenFile(p, os.O_WRONLY|syscall.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
	})
}

// TestM2_FIFOAndDeviceURIsAreRefusedAtOnce: a buffer or image URI naming
// a FIFO, or a symlink to /dev/zero, is an ErrBadModel naming the element,
// returned at once with little allocated: the loader opens only regular
// files (a FIFO's open never blocks it) and reads at most what the file
// declares. Through LoadModelFile and CheckModelFile a symlink leading out
// of the model's folder is refused as a URI climbing out of it is; through
// LoadModel with os.DirFS the device it leads to is refused as not a
// regular file.
func TestM2_FIFOAndDeviceURIsAreRefusedAtOnce(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero")
	}
	r := newRig(t)
	cases := []struct {
		name  string
		make  func(t *testing.T, dir string) // makes dir/special
		want  string                         // in LoadModelFile's error
		dirFS string                         // in LoadModel(os.DirFS)'s error
	}{
		{"fifo", func(t *testing.T, dir string) { mkfifo(t, filepath.Join(dir, "special")) }, "not a regular file", "not a regular file"},
		{"symlink to /dev/zero", func(t *testing.T, dir string) {
			must(t, os.Symlink("/dev/zero", filepath.Join(dir, "special")))
		}, "leads out of the model's folder", "not a regular file"},
	}
	for _, c := range cases {
		for _, elem := range []string{"buffer", "image"} {
			t.Run(c.name+" as "+elem, func(t *testing.T) {
				dir := t.TempDir()
				doc := boxJSON(t, dir)
				want := "buffer 0"
				if elem == "buffer" {
					at(doc, "buffers", 0)["uri"] = "special"
				} else {
					want = "image 0"
					d := doc
					d["images"] = []any{map[string]any{"uri": "special"}}
					d["textures"] = []any{map[string]any{"source": 0}}
					d["materials"] = []any{map[string]any{"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 0}}}}
					prim(d)["material"] = 0
				}
				file := writeJSON(t, dir, "box.gltf", doc)
				c.make(t, dir)
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				for _, load := range []struct {
					what string
					want string
					f    func() error
				}{
					{"CheckModelFile", c.want, func() error { return graphics.CheckModelFile(file) }},
					{"LoadModelFile", c.want, func() error {
						m, err := graphics.LoadModelFile(r.dev, file)
						if err == nil {
							m.Dispose()
						}
						return err
					}},
					{"LoadModel(os.DirFS)", c.dirFS, func() error {
						m, err := graphics.LoadModel(r.dev, os.DirFS(dir), "box.gltf")
						if err == nil {
							m.Dispose()
						}
						return err
					}},
				} {
					err := returnsWithin(t, load.what, load.f)
					if !errors.Is(err, graphics.ErrBadModel) || !strings.Contains(err.Error(), want) || !strings.Contains(err.Error(), load.want) {
						t.Errorf("%s: %v; want ErrBadModel naming %q and saying %q", load.what, err, want, load.want)
					}
					t.Logf("%s: %v", load.what, err)
				}
				runtime.ReadMemStats(&after)
				if n := after.TotalAlloc - before.TotalAlloc; n > 16<<20 {
					t.Errorf("the refusals allocated %d bytes, want a few", n)
				}
			})
		}
	}

	t.Run("fifo as the model file", func(t *testing.T) {
		dir := t.TempDir()
		file := filepath.Join(dir, "model.gltf")
		mkfifo(t, file)
		err := returnsWithin(t, "CheckModelFile", func() error { return graphics.CheckModelFile(file) })
		if !errors.Is(err, graphics.ErrBadModel) || !strings.Contains(err.Error(), "not a regular file") {
			t.Errorf("CheckModelFile: %v; want ErrBadModel saying it is not a regular file", err)
		}
	})
}

// TestM2_SymlinksStayInsideTheModelsFolder: a symlink beside a model may
// lead to a file elsewhere in the model's folder, not out of it (as a
// "../" URI may not); the model file itself, named by the caller, may be a
// symlink to anywhere, and its buffers are then read beside the link.
func TestM2_SymlinksStayInsideTheModelsFolder(t *testing.T) {
	r := newRig(t)
	load := func(file string) error {
		m, err := graphics.LoadModelFile(r.dev, file)
		if err == nil {
			m.Dispose()
		}
		if cerr := graphics.CheckModelFile(file); (cerr == nil) != (err == nil) {
			t.Errorf("CheckModelFile: %v; LoadModelFile: %v", cerr, err)
		}
		return err
	}

	// Inside: model.bin is a link to data/real.bin in the same folder.
	dir := t.TempDir()
	boxJSON(t, dir)
	must(t, os.Mkdir(filepath.Join(dir, "data"), 0o755))
	must(t, os.Rename(filepath.Join(dir, "model.bin"), filepath.Join(dir, "data", "real.bin")))
	must(t, os.Symlink(filepath.Join("data", "real.bin"), filepath.Join(dir, "model.bin")))
	if err := load(filepath.Join(dir, "box.gltf")); err != nil {
		t.Errorf("a symlink inside the folder: %v", err)
	}

	// Outside: model.bin is a link to a regular file beside the folder.
	outer := t.TempDir()
	inner := filepath.Join(outer, "model")
	must(t, os.Mkdir(inner, 0o755))
	boxJSON(t, inner)
	must(t, os.Rename(filepath.Join(inner, "model.bin"), filepath.Join(outer, "model.bin")))
	must(t, os.Symlink(filepath.Join("..", "model.bin"), filepath.Join(inner, "model.bin")))
	err := load(filepath.Join(inner, "box.gltf"))
	if !errors.Is(err, graphics.ErrBadModel) || !strings.Contains(err.Error(), "buffer 0") || !strings.Contains(err.Error(), "leads out of the model's folder") {
		t.Errorf("a symlink out of the folder: %v; want ErrBadModel naming buffer 0", err)
	}

	// The model file itself as a link: its buffer is read beside the link.
	linked := t.TempDir()
	boxJSON(t, linked)
	other := t.TempDir()
	must(t, os.Symlink(filepath.Join(linked, "box.gltf"), filepath.Join(other, "box.gltf")))
	must(t, os.Symlink(filepath.Join(linked, "model.bin"), filepath.Join(other, "model.bin")))
	if err := load(filepath.Join(other, "box.gltf")); err == nil {
		t.Errorf("model.bin beside the link leads out of the link's folder: loaded, want an error")
	}
	must(t, os.Remove(filepath.Join(other, "model.bin")))
	b, err := os.ReadFile(filepath.Join(linked, "model.bin"))
	must(t, err)
	must(t, os.WriteFile(filepath.Join(other, "model.bin"), b, 0o644))
	if err := load(filepath.Join(other, "box.gltf")); err != nil {
		t.Errorf("a linked model file with its buffer beside the link: %v", err)
	}
}
