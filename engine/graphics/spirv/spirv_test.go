package spirv

import (
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"
)

//go:generate glslc --target-env=vulkan1.0 -o testdata/layout.vert.spv testdata/layout.vert
//go:generate glslc --target-env=vulkan1.0 -o testdata/textures.frag.spv testdata/textures.frag

// crossReflection is the part of `spirv-cross FILE --reflect` the
// reflector is compared with.
type crossReflection struct {
	EntryPoints []struct {
		Name string `json:"name"`
		Mode string `json:"mode"`
	} `json:"entryPoints"`
	Types           map[string]crossType `json:"types"`
	Inputs          []crossVar           `json:"inputs"`
	Outputs         []crossVar           `json:"outputs"`
	Textures        []crossRes           `json:"textures"`
	SeparateImages  []crossRes           `json:"separate_images"`
	SeparateSampler []crossRes           `json:"separate_samplers"`
	UBOs            []crossRes           `json:"ubos"`
	SSBOs           []crossRes           `json:"ssbos"`
	PushConstants   []crossRes           `json:"push_constants"`
}

type crossType struct {
	Name    string        `json:"name"`
	Members []crossMember `json:"members"`
}

type crossMember struct {
	Name         string `json:"name"`
	Type         string `json:"type"`
	Array        []int  `json:"array"`
	Offset       int    `json:"offset"`
	ArrayStride  int    `json:"array_stride"`
	MatrixStride int    `json:"matrix_stride"`
	RowMajor     bool   `json:"row_major"`
}

type crossVar struct {
	Type     string `json:"type"`
	Name     string `json:"name"`
	Location int    `json:"location"`
	Array    []int  `json:"array"`
}

type crossRes struct {
	Type      string `json:"type"`
	Name      string `json:"name"`
	Set       int    `json:"set"`
	Binding   int    `json:"binding"`
	BlockSize int    `json:"block_size"`
	Array     []int  `json:"array"`
}

// spvFiles returns every .spv file of the repository (the engine's shaders,
// the examples' and the tests' own).
func spvFiles(t *testing.T) []string {
	t.Helper()
	root, err := filepath.Abs("../../..")
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (strings.HasPrefix(d.Name(), ".") && path != root) {
			return filepath.SkipDir
		}
		if !d.IsDir() && strings.HasSuffix(path, ".spv") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 8 {
		t.Fatalf("found %d .spv files under %s, expected the engine's and the tests' shaders", len(files), root)
	}
	return files
}

// TestE1_ReflectionMatchesSpirvCross reflects every SPIR-V module in the
// repository and compares entry points, interface variables, uniform and
// storage blocks (names, sets, bindings, sizes, member offsets, strides)
// and textures with spirv-cross's reflection of the same file.
func TestE1_ReflectionMatchesSpirvCross(t *testing.T) {
	tool, err := exec.LookPath("spirv-cross")
	if err != nil {
		t.Skip("spirv-cross is not installed (Debian package spirv-cross; scripts/lib.sh installs it)")
	}
	for _, path := range spvFiles(t) {
		root, _ := filepath.Abs("../../..")
		name, _ := filepath.Rel(root, path)
		t.Run(name, func(t *testing.T) {
			out, err := exec.Command(tool, path, "--reflect").Output()
			if err != nil {
				t.Fatalf("spirv-cross: %v", err)
			}
			var want crossReflection
			if err := json.Unmarshal(out, &want); err != nil {
				t.Fatalf("spirv-cross output: %v", err)
			}
			b, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			m, err := ReflectBytes(b)
			if err != nil {
				t.Fatal(err)
			}
			compareModule(t, m, &want)
		})
	}
}

func compareModule(t *testing.T, m *Module, want *crossReflection) {
	t.Helper()
	var eps, weps []string
	for _, e := range m.EntryPoints {
		eps = append(eps, e.Name+":"+e.Stage.String())
	}
	for _, e := range want.EntryPoints {
		weps = append(weps, e.Name+":"+e.Mode)
	}
	check(t, "entry points", eps, weps)
	vars := func(vs []Variable) []crossVar {
		var out []crossVar
		for _, v := range vs {
			out = append(out, crossVar{Type: v.Type.String(), Name: v.Name, Location: v.Location, Array: v.Type.Array})
		}
		return out
	}
	check(t, "inputs", sortVars(vars(m.Inputs)), sortVars(want.Inputs))
	check(t, "outputs", sortVars(vars(m.Outputs)), sortVars(want.Outputs))
	res := func(rs []Resource) []crossRes {
		var out []crossRes
		for _, r := range rs {
			out = append(out, crossRes{Type: r.Type.String(), Name: r.Name, Set: r.Set, Binding: r.Binding, Array: r.Type.Array})
		}
		return out
	}
	check(t, "textures", sortRes(res(m.Textures)), sortRes(want.Textures))
	check(t, "separate images", sortRes(res(m.SeparateImages)), sortRes(want.SeparateImages))
	check(t, "separate samplers", sortRes(res(m.SeparateSamplers)), sortRes(want.SeparateSampler))
	blocks := func(bs []Block, push bool) []crossRes {
		var out []crossRes
		for _, b := range bs {
			c := crossRes{Type: b.Type.String(), Name: b.Name, Set: b.Set, Binding: b.Binding, BlockSize: b.Size}
			if push {
				c.Set, c.Binding, c.BlockSize = 0, 0, 0
			}
			out = append(out, c)
		}
		return out
	}
	check(t, "uniform blocks", sortRes(blocks(m.UniformBlocks, false)), sortRes(want.UBOs))
	check(t, "storage blocks", sortRes(blocks(m.StorageBlocks, false)), sortRes(want.SSBOs))
	check(t, "push constants", sortRes(blocks(m.PushConstants, true)), sortRes(want.PushConstants))
	// Every block's type, and the struct types inside, member by member.
	seen := map[string]bool{}
	var walk func(ty Type)
	walk = func(ty Type) {
		key := ty.String()
		if ty.Kind != KindStruct || seen[key] {
			return
		}
		seen[key] = true
		wt, ok := want.Types[key]
		if !ok {
			t.Errorf("type %s (%s): spirv-cross has no such type", key, ty.Name)
			return
		}
		if ty.Name != wt.Name && !(ty.Name == "" && wt.Name == key) {
			t.Errorf("type %s: name %q, spirv-cross %q", key, ty.Name, wt.Name)
		}
		var got []crossMember
		for _, mem := range ty.Members {
			c := crossMember{Name: mem.Name, Type: mem.Type.String(), Array: mem.Type.Array, Offset: mem.Offset,
				ArrayStride: mem.Type.ArrayStride, RowMajor: mem.RowMajor}
			if mem.Type.Columns > 1 {
				c.MatrixStride = mem.Type.MatrixStride
			}
			got = append(got, c)
			walk(mem.Type)
		}
		for i := range wt.Members { // builtin blocks carry no offsets
			if ty.Members[i].builtin {
				got[i].Offset = wt.Members[i].Offset
			}
		}
		check(t, "members of "+key, got, wt.Members)
	}
	for _, list := range [][]Block{m.UniformBlocks, m.StorageBlocks, m.PushConstants} {
		for _, b := range list {
			walk(b.Type)
		}
	}
}

func check[T any](t *testing.T, what string, got, want T) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("%s:\n got %+v\nwant %+v", what, got, want)
	}
}

func sortVars(v []crossVar) []crossVar {
	sort.Slice(v, func(i, j int) bool { return v[i].Name < v[j].Name })
	return v
}

func sortRes(v []crossRes) []crossRes {
	sort.Slice(v, func(i, j int) bool { return v[i].Name < v[j].Name })
	return v
}

// TestE1_ReflectedLayout pins the test shader's std140 offsets as GLSL's
// rules give them (independent of spirv-cross).
func TestE1_ReflectedLayout(t *testing.T) {
	b, err := os.ReadFile("testdata/layout.vert.spv")
	if err != nil {
		t.Fatal(err)
	}
	m, err := ReflectBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	if !m.HasEntryPoint("main", StageVertex) || m.HasEntryPoint("main", StageFragment) {
		t.Errorf("entry points %+v", m.EntryPoints)
	}
	if len(m.UniformBlocks) != 1 {
		t.Fatalf("%d uniform blocks", len(m.UniformBlocks))
	}
	blk := m.UniformBlocks[0]
	if blk.Name != "Params" || blk.Instance != "p" {
		t.Errorf("block %q instance %q", blk.Name, blk.Instance)
	}
	want := map[string]int{"WorldViewProjection": 0, "Time": 64, "Offset": 80, "Scale": 96, "Weights": 112,
		"Bones": 160, "Cells": 288, "Flags": 296, "Enabled": 300, "material": 304}
	for _, mem := range blk.Type.Members {
		if off, ok := want[mem.Name]; ok && off != mem.Offset {
			t.Errorf("%s at %d, std140 puts it at %d", mem.Name, mem.Offset, off)
		}
	}
	if w := blk.Type.Members[4].Type; w.ArrayStride != 16 || !slices.Equal(w.Array, []int{3}) {
		t.Errorf("Weights: stride %d array %v, want 16 [3]", w.ArrayStride, w.Array)
	}
}

// TestE2_MalformedModulesAreErrors feeds truncated and corrupted modules
// to the reflector: errors, never panics.
func TestE2_MalformedModulesAreErrors(t *testing.T) {
	b, err := os.ReadFile("testdata/layout.vert.spv")
	if err != nil {
		t.Fatal(err)
	}
	for _, bad := range [][]byte{nil, {1, 2, 3}, b[:len(b)-2], append([]byte{0, 0, 0, 0}, b[4:]...)} {
		if _, err := ReflectBytes(bad); !errors.Is(err, ErrInvalid) {
			t.Errorf("%d bytes: err %v, want ErrInvalid", len(bad), err)
		}
	}
	w, _ := Words(b)
	cut := slices.Clone(w[:len(w)/2])
	cut = append(cut, 0x00ff0000|opTypeStruct) // an instruction running past the end
	if _, err := Reflect(cut); !errors.Is(err, ErrInvalid) {
		t.Errorf("truncated instruction: err %v", err)
	}
}

// FuzzE2_Reflect: any bytes give a module or an error, never a panic.
func FuzzE2_Reflect(f *testing.F) {
	for _, p := range []string{"testdata/layout.vert.spv", "testdata/textures.frag.spv"} {
		b, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		_, _ = ReflectBytes(b)
	})
}
