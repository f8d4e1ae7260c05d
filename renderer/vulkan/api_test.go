package vulkan

import (
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"strings"
	"testing"
)

// TestRendererAPIStaysSmall: what `go doc` lists for Renderer (its
// constructors and methods, those promoted from its unexported parts
// included) stays at most 24 entries. Statistics go through one Status
// value and test-only shorthands live in export_test.go, so a new getter
// or a setter beside SetPresentation shows up here.
func TestRendererAPIStaysSmall(t *testing.T) {
	fset := token.NewFileSet()
	entries, err := os.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, e.Name(), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	p, err := doc.NewFromFiles(fset, files, "github.com/metronome-engine/metronome/renderer/vulkan")
	if err != nil {
		t.Fatal(err)
	}
	for _, typ := range p.Types {
		if typ.Name != "Renderer" {
			continue
		}
		var names []string
		for _, f := range typ.Funcs {
			names = append(names, f.Name)
		}
		for _, m := range typ.Methods {
			names = append(names, m.Name)
		}
		if len(names) > 24 {
			t.Errorf("go doc lists %d functions and methods for Renderer, want at most 24: %s", len(names), strings.Join(names, ", "))
		}
		if len(names) < 10 {
			t.Errorf("found only %d for Renderer (%s): the count is broken", len(names), strings.Join(names, ", "))
		}
		t.Logf("%d: %s", len(names), strings.Join(names, ", "))
		return
	}
	t.Fatal("no Renderer type found")
}
