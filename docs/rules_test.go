package docs

import (
	"bytes"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the table of tests in rules.md")

// ruleTest matches a test, fuzz or benchmark function whose name carries a
// rule id: TestT9_..., FuzzG2_..., BenchmarkP4_...
var ruleTest = regexp.MustCompile(`(?m)^func ((?:Test|Fuzz|Benchmark)([A-Z][0-9]+)_\w*)\(`)

// ruleDef matches a rule's definition in rules.md: a list item starting with
// the bold id.
var ruleDef = regexp.MustCompile(`(?m)^- \*\*([A-Z][0-9]+)\*\*`)

const (
	tableBegin = "<!-- tests:begin -->"
	tableEnd   = "<!-- tests:end -->"
)

// repoRoot is the module's root, one level above this package.
func repoRoot(t *testing.T) string {
	t.Helper()
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(root, "go.mod")); err != nil {
		t.Fatalf("no go.mod above docs/: %v", err)
	}
	return root
}

// walkFiles calls fn for every regular file below root whose name ends in
// one of exts, skipping .git and other modules nested below root.
func walkFiles(t *testing.T, root string, exts []string, fn func(rel string, data []byte)) {
	t.Helper()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != root && (d.Name() == ".git" || fileExists(filepath.Join(path, "go.mod"))) {
				return filepath.SkipDir
			}
			return nil
		}
		for _, ext := range exts {
			if strings.HasSuffix(path, ext) {
				data, err := os.ReadFile(path)
				if err != nil {
					return err
				}
				rel, _ := filepath.Rel(root, path)
				fn(filepath.ToSlash(rel), data)
				break
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

func fileExists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// testsByRule maps each rule id to the tests whose names carry it, as
// "package/dir.TestName", sorted.
func testsByRule(t *testing.T, root string) map[string][]string {
	byRule := map[string][]string{}
	walkFiles(t, root, []string{"_test.go"}, func(rel string, data []byte) {
		for _, m := range ruleTest.FindAllSubmatch(data, -1) {
			name := path(rel) + "." + string(m[1])
			byRule[string(m[2])] = append(byRule[string(m[2])], name)
		}
	})
	for id := range byRule {
		sort.Strings(byRule[id])
	}
	return byRule
}

func path(rel string) string {
	dir := filepath.ToSlash(filepath.Dir(rel))
	if dir == "." {
		return "(root)"
	}
	return dir
}

// ruleOrder sorts ids by family letter, then number: T2 before T10.
func ruleOrder(ids []string) {
	sort.Slice(ids, func(i, j int) bool {
		a, b := ids[i], ids[j]
		if a[0] != b[0] {
			// The sections' order; letters not listed follow, alphabetically,
			// so the order is total and the table stable.
			const order = "TPWGEMIA"
			ra, rb := strings.IndexByte(order, a[0]), strings.IndexByte(order, b[0])
			if ra < 0 {
				ra = len(order) + int(a[0])
			}
			if rb < 0 {
				rb = len(order) + int(b[0])
			}
			return ra < rb
		}
		var na, nb int
		fmt.Sscan(a[1:], &na)
		fmt.Sscan(b[1:], &nb)
		return na < nb
	})
}

// TestRulesAreDefined: every rule id a test name carries is defined in
// rules.md, so a reader can look up what the test pins.
func TestRulesAreDefined(t *testing.T) {
	root := repoRoot(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	defined := map[string]bool{}
	for _, m := range ruleDef.FindAllSubmatch(doc, -1) {
		defined[string(m[1])] = true
	}
	byRule := testsByRule(t, root)
	if len(byRule) == 0 {
		t.Fatal("found no test names carrying a rule id: the scan is broken")
	}
	for id, tests := range byRule {
		if !defined[id] {
			t.Errorf("rule %s is used by %s but not defined in docs/rules.md: add a '- **%s** ...' line", id, tests[0], id)
		}
	}
}

// TestRulesTableIsCurrent: the table at the end of rules.md lists, for each
// rule, the tests that carry its id (go test ./docs -update rewrites it).
func TestRulesTableIsCurrent(t *testing.T) {
	root := repoRoot(t)
	file := filepath.Join(root, "docs", "rules.md")
	doc, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	begin := bytes.Index(doc, []byte(tableBegin))
	end := bytes.Index(doc, []byte(tableEnd))
	if begin < 0 || end < begin {
		t.Fatalf("docs/rules.md lacks the %s ... %s markers", tableBegin, tableEnd)
	}
	byRule := testsByRule(t, root)
	ids := make([]string, 0, len(byRule))
	for id := range byRule {
		ids = append(ids, id)
	}
	ruleOrder(ids)
	var b strings.Builder
	b.WriteString(tableBegin + "\n| rule | tests |\n|---|---|\n")
	for _, id := range ids {
		fmt.Fprintf(&b, "| %s | %s |\n", id, "`"+strings.Join(byRule[id], "`, `")+"`")
	}
	want := append(append(append([]byte{}, doc[:begin]...), b.String()...), doc[end:]...)
	if bytes.Equal(want, doc) {
		return
	}
	if *update {
		if err := os.WriteFile(file, want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Error("docs/rules.md's table of tests is out of date: run go test ./docs -update")
}

// TestDocsStandAlone: no code, doc or script names working material that
// lives outside the repository; rules are defined in docs/ instead.
func TestDocsStandAlone(t *testing.T) {
	root := repoRoot(t)
	// Built from pieces so that this file does not match itself.
	outside := regexp.MustCompile(strings.Join([]string{"DES" + "IGN", "STY" + "LE", `\.\./sha` + "red", "see" + "ds/"}, "|"))
	walkFiles(t, root, []string{".go", ".md", ".sh"}, func(rel string, data []byte) {
		for i, line := range strings.Split(string(data), "\n") {
			if outside.MatchString(line) {
				t.Errorf("%s:%d points outside the repository: %q", rel, i+1, strings.TrimSpace(line))
			}
		}
	})
}
