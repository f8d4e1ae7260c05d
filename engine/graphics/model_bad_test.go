package graphics_test

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/fstest"
	"unicode"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/modeltest"
)

// boxJSON writes the box as box.gltf + model.bin in dir and returns its
// JSON as a map to change.
func boxJSON(t testing.TB, dir string) map[string]any {
	t.Helper()
	doc, err := modeltest.Box()
	must(t, err)
	must(t, modeltest.Save(doc, filepath.Join(dir, "box.gltf"), ""))
	b, err := os.ReadFile(filepath.Join(dir, "box.gltf"))
	must(t, err)
	var m map[string]any
	must(t, json.Unmarshal(b, &m))
	return m
}

// writeJSON writes doc as dir/name and returns the file's path.
func writeJSON(t testing.TB, dir, name string, doc map[string]any) string {
	t.Helper()
	b, err := json.Marshal(doc)
	must(t, err)
	file := filepath.Join(dir, name)
	must(t, os.WriteFile(file, b, 0o644))
	return file
}

// at returns doc[key][i] as a map.
func at(doc map[string]any, key string, i int) map[string]any {
	return doc[key].([]any)[i].(map[string]any)
}

// boxGLB returns the box as GLB bytes.
func boxGLB(t testing.TB) []byte {
	t.Helper()
	doc, err := modeltest.Box()
	must(t, err)
	file := filepath.Join(t.TempDir(), "box.glb")
	must(t, modeltest.Save(doc, file, ""))
	b, err := os.ReadFile(file)
	must(t, err)
	return b
}

// TestM2_BadContentIsAClearError: each malformed or unsupported file is
// an ErrBadModel error naming the file and the element at fault, with no
// panic and no allocation of what the file only declares.
func TestM2_BadContentIsAClearError(t *testing.T) {
	type edit func(doc map[string]any)
	jsonCases := []struct {
		name string
		edit edit
		want string
	}{
		{"accessor past its view", func(d map[string]any) { at(d, "accessors", 0)["count"] = 25 }, "accessor 0"},
		{"huge count", func(d map[string]any) { at(d, "accessors", 0)["count"] = 1 << 40 }, "reach byte"},
		{"huge count without a view", func(d map[string]any) {
			delete(at(d, "accessors", 0), "bufferView")
			at(d, "accessors", 0)["count"] = 1 << 31
		}, "without a buffer view"},
		{"view past its buffer", func(d map[string]any) { at(d, "bufferViews", 0)["byteLength"] = 1 << 20 }, "buffer view 0"},
		{"buffer longer than its file", func(d map[string]any) { at(d, "buffers", 0)["byteLength"] = 1 << 20 }, "buffer 0"},
		{"uri leaving the folder", func(d map[string]any) { at(d, "buffers", 0)["uri"] = "../model.bin" }, "leaves the model's folder"},
		{"percent-encoded climb", func(d map[string]any) { at(d, "buffers", 0)["uri"] = "%2E%2E/model.bin" }, "leaves the model's folder"},
		{"absolute uri", func(d map[string]any) { at(d, "buffers", 0)["uri"] = "/etc/passwd" }, "absolute path"},
		{"remote uri", func(d map[string]any) { at(d, "buffers", 0)["uri"] = "https://example.com/model.bin" }, "https"},
		{"image uri leaving the folder", func(d map[string]any) {
			d["images"] = []any{map[string]any{"uri": "../../secret.png"}}
		}, "image 0"},
		{"required extension", func(d map[string]any) { d["extensionsRequired"] = []any{"KHR_draco_mesh_compression"} }, "KHR_draco_mesh_compression"},
		{"node cycle", func(d map[string]any) { at(d, "nodes", 0)["children"] = []any{0} }, "node 0"},
		{"child out of range", func(d map[string]any) { at(d, "nodes", 0)["children"] = []any{7} }, "child 7"},
		{"mesh out of range", func(d map[string]any) { at(d, "nodes", 0)["mesh"] = 3 }, "mesh 3"},
		{"material out of range", func(d map[string]any) { prim(d)["material"] = 9 }, "material 9"},
		{"points", func(d map[string]any) { prim(d)["mode"] = 0 }, "points"},
		{"attribute count differs", func(d map[string]any) {
			prim(d)["attributes"].(map[string]any)["NORMAL"] = prim(d)["indices"]
		}, "NORMAL"},
	}
	for _, c := range jsonCases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			doc := boxJSON(t, dir)
			c.edit(doc)
			b, err := json.Marshal(doc)
			must(t, err)
			file := filepath.Join(dir, "box.gltf")
			must(t, os.WriteFile(file, b, 0o644))
			checkBad(t, file, c.want)
		})
	}

	// An index past the vertex count: rewrite one index in the buffer.
	t.Run("index past the vertices", func(t *testing.T) {
		dir := t.TempDir()
		doc := boxJSON(t, dir)
		ia := at(doc, "accessors", int(prim(doc)["indices"].(float64)))
		bv := at(doc, "bufferViews", int(ia["bufferView"].(float64)))
		off := int(bv["byteOffset"].(float64))
		bin, err := os.ReadFile(filepath.Join(dir, "model.bin"))
		must(t, err)
		binary.LittleEndian.PutUint16(bin[off+4:], 24)
		must(t, os.WriteFile(filepath.Join(dir, "model.bin"), bin, 0o644))
		checkBad(t, filepath.Join(dir, "box.gltf"), "index 24 (at 2)")
	})

	glb := boxGLB(t)
	jsonLen := binary.LittleEndian.Uint32(glb[12:])
	glbCases := []struct {
		name string
		edit func(b []byte) []byte
		want string
	}{
		{"truncated header", func(b []byte) []byte { return b[:15] }, "GLB"},
		{"declared length past the file", func(b []byte) []byte { binary.LittleEndian.PutUint32(b[8:], 1<<31); return b }, "the header declares"},
		{"json chunk past the file", func(b []byte) []byte { binary.LittleEndian.PutUint32(b[12:], 1<<30); return b }, "chunk 0 declares"},
		{"bin chunk past the file", func(b []byte) []byte {
			binary.LittleEndian.PutUint32(b[20+jsonLen:], 1<<30)
			return b
		}, "chunk 1 declares"},
		{"cut file", func(b []byte) []byte { return b[:len(b)-100] }, "the file holds"},
		{"version 1", func(b []byte) []byte { binary.LittleEndian.PutUint32(b[4:], 1); return b }, "version 1"},
		{"malformed json", func(b []byte) []byte { b[20] = '['; return b }, "malformed"},
	}
	for _, c := range glbCases {
		t.Run(c.name, func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "box.glb")
			must(t, os.WriteFile(file, c.edit(bytes.Clone(glb)), 0o644))
			checkBad(t, file, c.want)
		})
	}
	t.Run("malformed json file", func(t *testing.T) {
		file := filepath.Join(t.TempDir(), "bad.gltf")
		must(t, os.WriteFile(file, []byte(`{"asset": {"version": "2.0"}, "nodes": [`), 0o644))
		checkBad(t, file, "malformed JSON")
	})
}

// prim returns the box's one primitive.
func prim(d map[string]any) map[string]any {
	return at(d, "meshes", 0)["primitives"].([]any)[0].(map[string]any)
}

// checkBad loads file and wants an ErrBadModel naming the file and want,
// with little allocated on the way.
func checkBad(t *testing.T, file, want string) {
	t.Helper()
	r := newRig(t)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	m, err := graphics.LoadModelFile(r.dev, file)
	runtime.ReadMemStats(&after)
	if err == nil {
		m.Dispose()
		t.Fatalf("loaded; want an error about %q", want)
	}
	if !errors.Is(err, graphics.ErrBadModel) || !strings.Contains(err.Error(), file) || !strings.Contains(err.Error(), want) {
		t.Fatalf("error %q: want ErrBadModel naming %s and %q", err, file, want)
	}
	if n := after.TotalAlloc - before.TotalAlloc; n > 4<<20 {
		t.Errorf("the refusal allocated %d bytes, want well under the declared sizes", n)
	}
	if err := graphics.CheckModelFile(file); !errors.Is(err, graphics.ErrBadModel) {
		t.Errorf("CheckModelFile: %v, want ErrBadModel as LoadModelFile", err)
	}
	t.Logf("%v", err)
}

// FuzzM2_LoadModelNeverPanics: any bytes as a .glb or .gltf load or fail
// with an error, never a panic.
func FuzzM2_LoadModelNeverPanics(f *testing.F) {
	f.Add(boxGLB(f))
	f.Add([]byte(`{"asset":{"version":"2.0"},"buffers":[{"byteLength":4,"uri":"data:application/octet-stream;base64,AAAAAA=="}],"bufferViews":[{"buffer":0,"byteLength":4}],"accessors":[{"bufferView":0,"componentType":5126,"count":1,"type":"SCALAR"}],"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],"nodes":[{"mesh":0}]}`))
	r := newRig(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		fsys := fstest.MapFS{"fuzz.glb": {Data: b}}
		if m, err := graphics.LoadModel(r.dev, fsys, "fuzz.glb"); err == nil {
			m.Dispose()
		}
	})
}

// TestM2_MutatedFilesNeverPanic: 2,000 copies of the box (GLB and
// .gltf with an embedded buffer) with a few random bytes changed each
// load or fail with an error, never a panic (a fixed seed: the same
// files every run).
func TestM2_MutatedFilesNeverPanic(t *testing.T) {
	r := newRig(t)
	doc, err := modeltest.Box()
	must(t, err)
	var js bytes.Buffer
	doc.Buffers[0].URI = "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(doc.Buffers[0].Data)
	must(t, json.NewEncoder(&js).Encode(doc))
	seeds := map[string][]byte{"box.glb": boxGLB(t), "box.gltf": js.Bytes()}
	rng := rand.New(rand.NewPCG(1, 2))
	loaded := 0
	for i := range 2000 {
		name := "box.glb"
		if i%2 == 1 {
			name = "box.gltf"
		}
		b := bytes.Clone(seeds[name])
		for range 1 + rng.IntN(4) {
			b[rng.IntN(len(b))] = byte(rng.IntN(256))
		}
		m, err := graphics.LoadModel(r.dev, fstest.MapFS{name: {Data: b}}, name)
		if err == nil {
			loaded++
			m.Dispose()
		}
	}
	t.Logf("%d of 2000 mutated files still loaded; the rest were refused with errors", loaded)
}

// TestM2_EveryBadURIIsABadModelError: each bad buffer or image URI (a
// missing file, a folder, a control character raw or percent-encoded, a
// malformed data: URI, none at all, a scheme, an absolute path, a climb)
// is an ErrBadModel naming the file and the element, from LoadModelFile
// and CheckModelFile alike, with the URI quoted: no control character
// reaches the message.
func TestM2_EveryBadURIIsABadModelError(t *testing.T) {
	r := newRig(t)
	uris := []string{
		"missing.bin", "sub", "sub/", "a\x00b.bin", "%00.bin", "line\nbreak.bin", "tab%09.bin", "esc\x1b[31m.bin",
		"data:text/plain;base64,AAAA", "data:application/octet-stream;base64,!!!!", "data:application/octet-stream,AAAA",
		"data:", "", "/etc/passwd", "C:/x.bin", "\\\\server\\share\\x.bin", "file:///etc/passwd",
		"../model.bin", "%2e%2e/model.bin", "sub/../../model.bin", ".", "%zz.bin",
	}
	for _, elem := range []string{"buffer", "image"} {
		for _, uri := range uris {
			if elem == "image" && strings.HasPrefix(uri, "data:application/octet-stream;base64,") {
				uri = "data:image/png;base64,!!!!"
			}
			t.Run(fmt.Sprintf("%s %q", elem, uri), func(t *testing.T) {
				dir := t.TempDir()
				must(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
				doc := boxJSON(t, dir)
				want := "buffer 0"
				if elem == "buffer" {
					at(doc, "buffers", 0)["uri"] = uri
				} else {
					want = "image 0"
					doc["images"] = []any{map[string]any{"uri": uri}}
					doc["textures"] = []any{map[string]any{"source": 0}}
					doc["materials"] = []any{map[string]any{"pbrMetallicRoughness": map[string]any{"baseColorTexture": map[string]any{"index": 0}}}}
					prim(doc)["material"] = 0
				}
				file := writeJSON(t, dir, "box.gltf", doc)
				m, err := graphics.LoadModelFile(r.dev, file)
				if err == nil {
					m.Dispose()
					t.Fatalf("loaded; want an ErrBadModel naming %s", want)
				}
				cerr := graphics.CheckModelFile(file)
				for _, e := range []error{err, cerr} {
					msg := fmt.Sprint(e)
					if !errors.Is(e, graphics.ErrBadModel) || !strings.Contains(msg, file) || !strings.Contains(msg, want) {
						t.Errorf("%q: want ErrBadModel naming %s and %s", msg, file, want)
					}
					if i := strings.IndexFunc(msg, unicode.IsControl); i >= 0 {
						t.Errorf("%q: a raw control character at byte %d", msg, i)
					}
				}
				t.Log(err)
			})
		}
	}
}
