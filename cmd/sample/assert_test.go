package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// deviceMethods are the methods that return a renderer or a device value:
// GraphicsDevice.Renderer, Game.GraphicsDevice, GraphicsDevice.Graphics,
// Renderer.Backend, desktop.Renderer.Vulkan.
var deviceMethods = map[string]bool{"Renderer": true, "GraphicsDevice": true, "Graphics": true, "Backend": true, "Vulkan": true}

// deviceTypes are the renderer and device types, in the packages of
// devicePackages.
var (
	deviceTypes    = map[string]bool{"Renderer": true, "GraphicsDevice": true, "Device": true, "Backend": true, "PresentationCounter": true, "FeedbackRenderer": true}
	devicePackages = map[string]bool{"engine": true, "graphics": true, "desktop": true, "vulkan": true, "enginetest": true, "graphicstest": true}
)

// deviceName matches a variable or field named for a renderer or device.
var deviceName = regexp.MustCompile(`(?i)renderer|device|backend|^dev$|^rend$`)

// deviceAssertions returns the positions of the type assertions (and type
// switches) in f whose operand is a renderer or device value: a call of a
// method that returns one, a variable or field named for one, or a
// variable declared with such a type or assigned such a value.
func deviceAssertions(fset *token.FileSet, f *ast.File) []token.Position {
	var found []token.Position
	ast.Inspect(f, func(n ast.Node) bool {
		ta, ok := n.(*ast.TypeAssertExpr)
		if ok && isDeviceValue(ta.X, 0) {
			found = append(found, fset.Position(ta.Pos()))
		}
		return true
	})
	return found
}

// isDeviceValue reports whether e is a renderer or device value, following
// variables to their declarations (depth bounds the chase).
func isDeviceValue(e ast.Expr, depth int) bool {
	if depth > 8 {
		return false
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		return isDeviceValue(e.X, depth+1)
	case *ast.CallExpr:
		if sel, ok := e.Fun.(*ast.SelectorExpr); ok {
			return deviceMethods[sel.Sel.Name]
		}
	case *ast.SelectorExpr:
		return deviceName.MatchString(e.Sel.Name)
	case *ast.Ident:
		if deviceName.MatchString(e.Name) {
			return true
		}
		if e.Obj != nil {
			return declaresDevice(e.Obj.Decl, e.Name, depth)
		}
	}
	return false
}

// declaresDevice reports whether decl, the declaration of name, gives it a
// renderer or device type or value.
func declaresDevice(decl any, name string, depth int) bool {
	switch d := decl.(type) {
	case *ast.Field:
		return isDeviceType(d.Type)
	case *ast.ValueSpec:
		if d.Type != nil && isDeviceType(d.Type) {
			return true
		}
		for i, n := range d.Names {
			if n.Name == name && i < len(d.Values) {
				return isDeviceValue(d.Values[i], depth+1)
			}
		}
	case *ast.AssignStmt:
		for i, l := range d.Lhs {
			if id, ok := l.(*ast.Ident); ok && id.Name == name && i < len(d.Rhs) {
				return isDeviceValue(d.Rhs[i], depth+1)
			}
		}
		if len(d.Rhs) == 1 { // v, ok := x.(T) and the like: the one value on the right
			return isDeviceValue(d.Rhs[0], depth+1)
		}
	}
	return false
}

// isDeviceType reports whether t names a renderer or device type such as
// engine.Renderer or *engine.GraphicsDevice.
func isDeviceType(t ast.Expr) bool {
	if s, ok := t.(*ast.StarExpr); ok {
		t = s.X
	}
	sel, ok := t.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && devicePackages[pkg.Name] && deviceTypes[sel.Sel.Name]
}

// TestNoTypeAssertionOnRendererOrDevice: no Go file under cmd/
// or examples/ (tests included) type-asserts a renderer or device value:
// what the programs need from the renderer (presentation counts, skipped
// presents, the present mode) has a documented method on engine's
// GraphicsDevice, so a program never depends on a concrete renderer.
func TestNoTypeAssertionOnRendererOrDevice(t *testing.T) {
	fset := token.NewFileSet()
	n := 0
	for _, root := range []string{"..", filepath.Join("..", "..", "examples")} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			n++
			for _, at := range deviceAssertions(fset, f) {
				t.Errorf("%s: a type assertion on a renderer or device value; use a method of engine.GraphicsDevice (add one if it lacks what you need)", at)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 50 {
		t.Fatalf("walked %d Go files under cmd/ and examples/, want the whole trees", n)
	}
}

// TestDeviceAssertionDetector: the walk above finds the shapes
// such an assertion takes, and leaves other assertions alone.
func TestDeviceAssertionDetector(t *testing.T) {
	const src = `package p

func f(g *engine.Game, w io.Writer, src timing.Source, r engine.Renderer) {
	_, _ = g.GraphicsDevice().Renderer().(interface{ PresentationCounts() present.SwitchCounts }) // 1
	rend := g.GraphicsDevice().Renderer()
	_ = rend.(*desktop.Renderer) // 2
	x := g.GraphicsDevice().Device.Backend()
	_, _ = x.(interface{ Stats() int }) // 3
	switch v := r.(type) { // 4
	default:
		_ = v
	}
	var b graphics.Backend = nil
	_ = b.(fmt.Stringer) // 5
	_ = (g.GraphicsDevice().Renderer()).(fmt.Stringer) // 6
	_ = s.device.(fmt.Stringer) // 7
	_, _ = w.(*os.File)
	_, _ = src.(*timing.FixedDt)
	var a any = 1
	_ = a.(int)
}
`
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	got := deviceAssertions(fset, f)
	lines := strings.Split(src, "\n")
	var marked []int
	for i, l := range lines {
		if strings.Contains(l, "// ") {
			marked = append(marked, i+1)
		}
	}
	var at []int
	for _, p := range got {
		at = append(at, p.Line)
	}
	if fmt.Sprint(at) != fmt.Sprint(marked) {
		t.Errorf("found assertions on lines %v, want the marked lines %v", at, marked)
	}
}
