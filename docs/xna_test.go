package docs

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// xnaPackages maps the short package names docs/xna.md uses to folders of
// this module.
var xnaPackages = map[string]string{
	"engine": "engine", "graphics": "engine/graphics", "packed": "engine/graphics/packed", "audio": "engine/audio", "geom": "engine/geom",
	"storage": "engine/storage", "content": "engine/content", "timing": "timing", "present": "renderer/present",
}

// mathglNames are the names of github.com/go-gl/mathgl/mgl32 the table may
// use (outside this module, so listed here).
var mathglNames = map[string]bool{"Vec2": true, "Vec3": true, "Vec4": true, "Mat4": true, "Quat": true}

// xnaRow matches a row of the table: | Type (kind) | Go | Status |.
var xnaRow = regexp.MustCompile(`(?m)^\| (\w+) \((class|struct|enum|interface|delegate)\) \|([^|]*)\|([^|]*)\|$`)

// goName matches a name in the Go column: pkg.Name or pkg.Type.Member.
var goName = regexp.MustCompile("`([a-z0-9]+)\\.([A-Z]\\w*)(?:\\.([A-Z]\\w*))?`")

// exported returns the names declared in the Go files of dir (tests
// excluded): top-level names, and Type.Method and Type.Field.
func exported(t *testing.T, dir string) map[string]bool {
	t.Helper()
	names := map[string]bool{}
	fset := token.NewFileSet()
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(fset, f, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range af.Decls {
			switch d := d.(type) {
			case *ast.FuncDecl:
				if d.Recv == nil {
					names[d.Name.Name] = true
					continue
				}
				rt := d.Recv.List[0].Type
				if s, ok := rt.(*ast.StarExpr); ok {
					rt = s.X
				}
				if ix, ok := rt.(*ast.IndexExpr); ok {
					rt = ix.X
				}
				if id, ok := rt.(*ast.Ident); ok {
					names[id.Name+"."+d.Name.Name] = true
				}
			case *ast.GenDecl:
				for _, s := range d.Specs {
					switch s := s.(type) {
					case *ast.TypeSpec:
						names[s.Name.Name] = true
						if st, ok := s.Type.(*ast.StructType); ok {
							for _, fl := range st.Fields.List {
								for _, n := range fl.Names {
									names[s.Name.Name+"."+n.Name] = true
								}
							}
						}
					case *ast.ValueSpec:
						for _, n := range s.Names {
							names[n.Name] = true
						}
					}
				}
			}
		}
	}
	return names
}

// TestXNATableNamesExist: docs/xna.md lists each XNA 4.0 type once, with
// a status, and every Go name it gives exists in this module (a package
// not yet in the tree is skipped until it is).
func TestXNATableNamesExist(t *testing.T) {
	root := repoRoot(t)
	data, err := os.ReadFile(filepath.Join(root, "docs", "xna.md"))
	if err != nil {
		t.Fatal(err)
	}
	rows := xnaRow.FindAllStringSubmatch(string(data), -1)
	if len(rows) != 236 {
		t.Errorf("%d rows, want FNA's 236 XNA types", len(rows))
	}
	seen := map[string]bool{}
	cache := map[string]map[string]bool{}
	checked := 0
	for _, r := range rows {
		typ, goCol, status := r[1], r[3], strings.TrimSpace(r[4])
		if seen[typ] {
			t.Errorf("%s is listed twice", typ)
		}
		seen[typ] = true
		if status == "" {
			t.Errorf("%s has no status", typ)
		}
		if strings.HasPrefix(status, "present") && !strings.Contains(goCol, "`") {
			t.Errorf("%s is present but names no Go name", typ)
		}
		for _, m := range goName.FindAllStringSubmatch(goCol, -1) {
			pkg, name := m[1], m[2]
			if m[3] != "" {
				name += "." + m[3]
			}
			if pkg == "mgl32" {
				if !mathglNames[name] {
					t.Errorf("%s: mgl32.%s is not among the mathgl names this test knows", typ, name)
				}
				continue
			}
			dir, ok := xnaPackages[pkg]
			if !ok {
				t.Errorf("%s: unknown package %q in %s", typ, pkg, m[0])
				continue
			}
			names, ok := cache[dir]
			if !ok {
				if _, err := os.Stat(filepath.Join(root, dir)); err != nil {
					names = nil // not in the tree yet
				} else {
					names = exported(t, filepath.Join(root, dir))
				}
				cache[dir] = names
			}
			if names == nil {
				t.Logf("%s: %s not checked: %s is not in the tree yet", typ, m[0], dir)
				continue
			}
			checked++
			if !names[name] {
				t.Errorf("%s: %s does not exist in %s", typ, m[0], dir)
			}
		}
	}
	t.Logf("%d types, %d Go names checked", len(rows), checked)
}
