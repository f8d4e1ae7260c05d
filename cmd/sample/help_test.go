package main

import (
	"bytes"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// ruleID matches a rule id in text meant for users: "rule T8", "rules P2,
// P4", or an id standing alone such as (P10). The ids are the engine's
// internal bookkeeping (docs/rules.md); users get plain words.
var ruleID = regexp.MustCompile(`(?i:\brules?\s+)[A-Z][0-9]{1,2}\b|\b[TPWGEMKXIACS][0-9]{1,2}\b`)

// notRuleIDs are words the pattern matches that are not rule ids.
var notRuleIDs = map[string]bool{"X11": true}

// ruleIDsIn returns the rule ids in text, one "line: match" each.
func ruleIDsIn(text string) []string {
	var found []string
	for _, line := range strings.Split(text, "\n") {
		for _, m := range ruleID.FindAllString(line, -1) {
			if !notRuleIDs[m] {
				found = append(found, strings.TrimSpace(line)+"  <- "+m)
			}
		}
	}
	return found
}

// TestHelpShowsNoRuleIDs: the help of the sample game (-h, and
// sample help) and of every subcommand says what things do in plain
// words, without the engine's rule ids.
func TestHelpShowsNoRuleIDs(t *testing.T) {
	for _, args := range [][]string{{"-h"}, {"help"}, {"clock", "-h"}, {"pacing", "-h"}, {"sprites", "-h"}} {
		var out, errb bytes.Buffer
		code := run(args, strings.NewReader(""), &out, &errb)
		text := out.String() + errb.String()
		if code != 0 || len(text) < 200 {
			t.Errorf("sample %s: exit %d, %d bytes of help", strings.Join(args, " "), code, len(text))
		}
		for _, f := range ruleIDsIn(text) {
			t.Errorf("sample %s shows a rule id: %s", strings.Join(args, " "), f)
		}
	}
}

// TestErrorsShowNoRuleIDs: the messages for bad flags, files
// and subcommands, which users read, carry no rule ids either. Each case
// exits 2 before any window opens.
func TestErrorsShowNoRuleIDs(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad")
	if err := os.WriteFile(bad, []byte("not a model"), 0o644); err != nil {
		t.Fatal(err)
	}
	cases := [][]string{
		{"-interval", "3"}, {"-hz", "1"}, {"-hz", "fast"}, {"-size", "0x480"}, {"-size", "99999x99999"},
		{"-frames", "-5"}, {"-duration", "0s"}, {"-profile", "mono"}, {"-frames-in-flight", "4"},
		{"-fixed-dt", "-1ms"}, {"-fixed-dt", "1000000h", "-frames", "100000000"}, {"-nosuchflag"}, {"-frames", "1", "extra"},
		{"-model", bad}, {"-model", filepath.Join(dir, "missing.glb")}, {"-anim", "-1"}, {"-anim-time", "-1s"},
		{"-sounds", "drums"}, {"-beat", "0"}, {"-audio-period", "1ms"}, {"-play", bad},
		{"-input", filepath.Join(dir, "missing")}, {"-input", bad}, {"-dump-state", filepath.Join(dir, "no", "such", "dir")},
		{"-screenshot", filepath.Join(dir, "no", "such", "dir.png")},
		{"nosuchprogram"},
		{"clock", "-target", "0"}, {"clock", "-max", "-1"}, {"clock", "-profile", "mono"},
		{"pacing", "-intervals", "7"}, {"pacing", "-hz", "0"}, {"pacing", "-supported", "NONE"},
		{"sprites", "-n", "-1"}, {"sprites", "-size", "0x0"},
	}
	for _, args := range cases {
		var out, errb bytes.Buffer
		code := run(args, strings.NewReader(""), &out, &errb)
		if code != 2 {
			t.Errorf("sample %s: exit %d, want 2 (bad input); stderr %q", strings.Join(args, " "), code, errb.String())
		}
		for _, f := range ruleIDsIn(out.String() + errb.String()) {
			t.Errorf("sample %s: the message shows a rule id: %s", strings.Join(args, " "), f)
		}
	}
}

// TestRuleIDPattern: the pattern finds the shapes of rule ids
// and passes plain words.
func TestRuleIDPattern(t *testing.T) {
	for _, s := range []string{"rule T8", "(rules P2, P4)", "see P10", "rule K3;", "Rules T1"} {
		if len(ruleIDsIn(s)) == 0 {
			t.Errorf("%q: no rule id found", s)
		}
	}
	for _, s := range []string{"on X11 and Xvfb", "1GiB", "FIFO_RELAXED", "0.3 s", "key F toggles", "16-bit", "MP3 FILE", "WxH"} {
		if f := ruleIDsIn(s); len(f) != 0 {
			t.Errorf("%q: found %v", s, f)
		}
	}
}

// TestProgramTextShowsNoRuleIDs: no string literal in the
// programs under cmd/ and examples/ (tests aside) holds a rule id, so no
// help, error, log line, title or HUD text can show one to a user.
func TestProgramTextShowsNoRuleIDs(t *testing.T) {
	fset := token.NewFileSet()
	files := 0
	for _, root := range []string{"..", filepath.Join("..", "..", "examples")} {
		err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, 0)
			if err != nil {
				return err
			}
			files++
			ast.Inspect(f, func(n ast.Node) bool {
				if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					for _, found := range ruleIDsIn(lit.Value) {
						t.Errorf("%s: a string shows a rule id: %s", fset.Position(lit.Pos()), found)
					}
				}
				return true
			})
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < 40 {
		t.Fatalf("read %d program files under cmd/ and examples/, want the whole trees", files)
	}
}
