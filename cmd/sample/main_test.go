package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const modulePath = "github.com/metronome-engine/metronome"

// goList runs `go list` with args and returns its output lines.
func goList(t *testing.T, args ...string) []string {
	t.Helper()
	out, err := exec.Command("go", append([]string{"list"}, args...)...).CombinedOutput()
	if err != nil {
		t.Fatalf("go list %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return strings.Fields(string(out))
}

// TestSampleProgramsAreSeparatePackages: each program of the
// sample is its own package under internal/; the game depends on neither
// the pacing experiment nor gonum/plot, and the pacing experiment reaches
// the game through one entry point only (game.RunMeasured and its
// settings, game.Measured).
func TestSampleProgramsAreSeparatePackages(t *testing.T) {
	const base = modulePath + "/cmd/sample"
	pkgs := goList(t, base+"/...")
	for _, want := range []string{base, base + "/internal/game", base + "/internal/clocktool", base + "/internal/pacing"} {
		if !slices.Contains(pkgs, want) {
			t.Errorf("go list %s/... lacks %s: %v", base, want, pkgs)
		}
	}
	for _, dep := range goList(t, "-deps", base+"/internal/game") {
		if strings.Contains(dep, "gonum") || strings.HasPrefix(dep, base+"/internal/pacing") ||
			strings.HasPrefix(dep, base+"/internal/clocktool") || strings.HasPrefix(dep, modulePath+"/renderer/present/pacing") {
			t.Errorf("the game's package depends on %s", dep)
		}
	}
	// The names the pacing package's code uses from the game's package.
	dir := goList(t, "-f", "{{.Dir}}", base+"/internal/pacing")[0]
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("pacing's files: %v, %v", files, err)
	}
	used := map[string]bool{}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		local := ""
		for _, imp := range f.Imports {
			if imp.Path.Value == `"`+base+`/internal/game"` {
				local = "game"
				if imp.Name != nil {
					local = imp.Name.Name
				}
			}
		}
		if local == "" {
			continue
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok && id.Name == local {
					used[sel.Sel.Name] = true
				}
			}
			return true
		})
	}
	if !used["RunMeasured"] {
		t.Errorf("the pacing package does not run the game through game.RunMeasured (uses %v)", used)
	}
	for name := range used {
		if name != "RunMeasured" && name != "Measured" {
			t.Errorf("the pacing package reaches the game through game.%s; want game.RunMeasured (with game.Measured) only", name)
		}
	}
}

// sample help lists the game's flags and every subcommand; an unknown
// subcommand exits 2 with the list.
func TestSampleHelpListsThePrograms(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"help"}, nil, &out, &errb); code != 0 || errb.Len() != 0 {
		t.Fatalf("sample help: exit %d, stderr %q", code, errb.String())
	}
	for _, want := range []string{"-fixed-dt", "clock", "pacing"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("sample help does not mention %q:\n%s", want, out.String())
		}
	}
	out.Reset()
	if code := run([]string{"nope"}, nil, &out, &errb); code != 2 || !strings.Contains(errb.String(), `"nope"`) ||
		!strings.Contains(errb.String(), "pacing") {
		t.Errorf("sample nope: exit %d, stderr %q; want 2 naming the subcommand and listing the others", code, errb.String())
	}
}

// TestG1_SampleUsesThePublicAPIOnly: no file under cmd/ (tests included)
// imports renderer/vulkan or window: the sample does what a game can do,
// through engine, engine/desktop and engine/graphics (screenshots as PNG,
// size checks, display loss and the display server's name included).
func TestG1_SampleUsesThePublicAPIOnly(t *testing.T) {
	banned := []string{`"` + modulePath + `/renderer/vulkan"`, `"` + modulePath + `/window"`}
	fset := token.NewFileSet()
	n := 0
	err := filepath.WalkDir("..", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
			return err
		}
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		n++
		for _, imp := range f.Imports {
			if slices.Contains(banned, imp.Path.Value) {
				t.Errorf("%s imports %s", path, imp.Path.Value)
			}
		}
		return nil
	})
	if err != nil || n < 20 {
		t.Fatalf("walked %d files: %v", n, err)
	}
}
