package docs

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// readmeProgramMaxLines is the most lines the README's program may have:
// the front page shows a whole game at a glance.
const readmeProgramMaxLines = 30

// readmeProgram returns the README's Go program: the first ```go block
// that is a main package.
func readmeProgram(t *testing.T, root string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range regexp.MustCompile("(?s)```go\n(.*?)```").FindAllSubmatch(data, -1) {
		if bytes.HasPrefix(m[1], []byte("package main\n")) {
			return string(m[1])
		}
	}
	t.Fatal("README.md has no ```go block starting with 'package main': the front page's program is gone")
	return ""
}

// TestReadmeProgramIsSmallAndPublic: the README's program has at most
// readmeProgramMaxLines lines, is gofmt'd, and imports only the module's
// public packages (no internal/, renderer/ or window/: a game needs
// neither).
func TestReadmeProgramIsSmallAndPublic(t *testing.T) {
	src := readmeProgram(t, repoRoot(t))
	if n := strings.Count(src, "\n"); n > readmeProgramMaxLines {
		t.Errorf("README.md's program has %d lines; the front page allows %d", n, readmeProgramMaxLines)
	}
	const mod = "github.com/metronome-engine/metronome/"
	for _, m := range regexp.MustCompile(`"(`+regexp.QuoteMeta(mod)+`[^"]*)"`).FindAllStringSubmatch(src, -1) {
		pkg := strings.TrimPrefix(m[1], mod)
		if strings.Contains("/"+pkg+"/", "/internal/") || strings.HasPrefix(pkg, "renderer/") || strings.HasPrefix(pkg, "window") {
			t.Errorf("README.md's program imports %s: a game uses the public API only (engine, engine/desktop, engine/graphics, timing, ...)", m[1])
		}
	}
	if gofmt, err := exec.LookPath("gofmt"); err == nil {
		cmd := exec.Command(gofmt, "-l")
		cmd.Stdin = strings.NewReader(src)
		out, err := cmd.CombinedOutput()
		if err != nil || len(bytes.TrimSpace(out)) > 0 {
			t.Errorf("README.md's program is not gofmt'd (gofmt -l: %v): %s", err, out)
		}
	}
}

// requireStack reports whether a test that needs a display and a Vulkan
// driver must fail instead of skipping: under CI (METRONOME_REQUIRE_GPU=1,
// which .ci/run sets, as every real-stack test in the module reads it; or
// CI=true, which hosted CI services set).
func requireStack() bool {
	return os.Getenv("METRONOME_REQUIRE_GPU") == "1" || os.Getenv("CI") == "true"
}

func skipOrFail(t *testing.T, format string, args ...any) {
	t.Helper()
	msg := fmt.Sprintf(format, args...)
	if requireStack() {
		t.Fatalf("%s (METRONOME_REQUIRE_GPU=1 or CI=true, so this fails instead of skipping)", msg)
	}
	t.Skip(msg)
}

// firstPresent is the launch trace's line for the first frame on screen
// (METRONOME_LAUNCH_TRACE=1, package internal/launchtrace).
const firstPresent = "first present returned"

// TestReadmeProgramRuns builds the README's program inside this module
// (an overlay adds it as docs/readmegame/main.go; nothing is written to the
// tree) and runs it on the real stack with the validation layer on: it
// must present its first frame, keep running for a second, and end in
// order with exit status 0 when sent SIGTERM (a desktop game ends on
// SIGTERM like a closed window). A program that no longer compiles, fails
// to start, crashes, or trips the validation layer (Run then returns an
// error and the program exits 1) fails the test. Without a display it
// skips, except under CI.
func TestReadmeProgramRuns(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("the README's program is built and run by the Linux pass (it needs cgo, a display and a Go toolchain)")
	}
	root := repoRoot(t)
	src := readmeProgram(t, root)
	if os.Getenv("DISPLAY") == "" {
		skipOrFail(t, "no display (DISPLAY is unset): the README's program opens a window; scripts/test.sh starts Xvfb")
	}
	goCmd, err := exec.LookPath("go")
	if err != nil {
		skipOrFail(t, "no go command to build the README's program: %v", err)
	}

	dir := t.TempDir()
	mainGo := filepath.Join(dir, "main.go")
	if err := os.WriteFile(mainGo, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	overlay, err := json.Marshal(map[string]map[string]string{
		"Replace": {filepath.Join(root, "docs", "readmegame", "main.go"): mainGo},
	})
	if err != nil {
		t.Fatal(err)
	}
	overlayFile := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(overlayFile, overlay, 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "readmegame")
	build := exec.Command(goCmd, "build", "-overlay", overlayFile, "-o", bin, "./docs/readmegame")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("README.md's program does not build: %v\n%s\n--- the program:\n%s", err, out, src)
	}

	cmd := exec.Command(bin)
	cmd.Dir = dir
	// Validation on (a message makes Run return an error), the launch
	// trace on (it says when the first frame was presented), and the
	// lockstep mixer instead of an audio server (the program plays none).
	cmd.Env = append(os.Environ(), "METRONOME_VALIDATION=1", "METRONOME_LAUNCH_TRACE=1", "METRONOME_AUDIO=off")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	var log bytes.Buffer
	presented := make(chan struct{})
	copied := make(chan struct{})
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		defer close(copied)
		sc := bufio.NewScanner(stderr)
		seen := false
		for sc.Scan() {
			log.WriteString(sc.Text() + "\n")
			if !seen && strings.Contains(sc.Text(), firstPresent) {
				seen = true
				close(presented)
			}
		}
		_, _ = io.Copy(&log, stderr)
	}()
	exited := make(chan error, 1)
	go func() {
		<-copied // Wait closes the pipe: read it all first
		exited <- cmd.Wait()
	}()

	select {
	case <-presented:
	case err := <-exited:
		out := log.String()
		if strings.Contains(out, "no usable Vulkan driver") || strings.Contains(out, "vulkan loader") || strings.Contains(out, "no display") {
			skipOrFail(t, "real stack missing: the README's program ended before its first frame (%v):\n%s", err, out)
		}
		t.Fatalf("README.md's program ended before presenting a frame (%v):\n%s", err, out)
	case <-time.After(2 * time.Minute):
		_ = cmd.Process.Kill()
		<-exited
		t.Fatalf("README.md's program presented no frame in 2 minutes:\n%s", log.String())
	}
	// A second of frames, then the end a desktop game gets from SIGTERM.
	select {
	case err := <-exited:
		t.Fatalf("README.md's program ended by itself right after its first frame (%v):\n%s", err, log.String())
	case <-time.After(time.Second):
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-exited:
		if err != nil {
			t.Fatalf("README.md's program did not end cleanly on SIGTERM (%v):\n%s", err, log.String())
		}
	case <-time.After(time.Minute):
		_ = cmd.Process.Kill()
		<-exited
		t.Fatalf("README.md's program did not end within a minute of SIGTERM:\n%s", log.String())
	}
	if !strings.Contains(log.String(), "platform destroyed") {
		t.Errorf("README.md's program exited 0 without its teardown (no 'platform destroyed' in the launch trace):\n%s", log.String())
	}
}

// TestReadmeTestCommandIsCIs: the test command the README gives is the one
// .ci/run runs.
func TestReadmeTestCommandIsCIs(t *testing.T) {
	root := repoRoot(t)
	readme, err := os.ReadFile(filepath.Join(root, "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	ci, err := os.ReadFile(filepath.Join(root, ".ci", "run"))
	if err != nil {
		t.Fatal(err)
	}
	for _, cmd := range []string{"scripts/sample.sh", "scripts/test.sh"} {
		if !regexp.MustCompile(`(?m)^    ` + regexp.QuoteMeta(cmd) + `$`).Match(readme) {
			t.Errorf("README.md no longer gives the command %q on a line of its own", cmd)
		}
		if _, err := os.Stat(filepath.Join(root, cmd)); err != nil {
			t.Errorf("README.md's command %s: %v", cmd, err)
		}
	}
	if !regexp.MustCompile(`(?m)^bash scripts/test\.sh$`).Match(ci) {
		t.Error(".ci/run no longer runs `bash scripts/test.sh`, the test command README.md gives")
	}
}

// mdLink matches a Markdown link or image target: [text](target).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// headingSlugs returns the anchors GitHub gives a Markdown file's headings:
// lower case, punctuation dropped, spaces turned into hyphens, a repeated
// slug numbered (-1, -2, ...). Fenced code blocks are skipped.
func headingSlugs(doc string) map[string]bool {
	slugs := map[string]bool{}
	seen := map[string]int{}
	fenced := false
	for _, line := range strings.Split(doc, "\n") {
		if strings.HasPrefix(line, "```") {
			fenced = !fenced
			continue
		}
		if fenced || !strings.HasPrefix(line, "#") {
			continue
		}
		title := strings.TrimSpace(strings.TrimLeft(line, "#"))
		var b strings.Builder
		for _, r := range strings.ToLower(title) {
			switch {
			case r == ' ':
				b.WriteByte('-')
			case r == '-' || r == '_' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r > 127 && !strings.ContainsRune("→…–—’“”", r):
				b.WriteRune(r)
			}
		}
		slug := b.String()
		if n := seen[slug]; n > 0 {
			slugs[fmt.Sprintf("%s-%d", slug, n)] = true
		} else {
			slugs[slug] = true
		}
		seen[slug]++
	}
	return slugs
}

// TestDocLinksResolve: every relative link in README.md and docs/*.md
// names a file of the repository, and every #anchor a heading of its
// file, so moving a section cannot leave a dead link behind.
func TestDocLinksResolve(t *testing.T) {
	root := repoRoot(t)
	docs, err := filepath.Glob(filepath.Join(root, "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	docs = append(docs, filepath.Join(root, "README.md"))
	checked := 0
	for _, file := range docs {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		rel, _ := filepath.Rel(root, file)
		fenced := false
		for i, line := range strings.Split(string(data), "\n") {
			if strings.HasPrefix(line, "```") {
				fenced = !fenced
			}
			if fenced {
				continue
			}
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				name, anchor, _ := strings.Cut(target, "#")
				dest := file
				if name != "" {
					dest = filepath.Join(filepath.Dir(file), filepath.FromSlash(name))
				}
				checked++
				destData, err := os.ReadFile(dest)
				if err != nil && name != "" {
					if _, serr := os.Stat(dest); serr == nil {
						continue // a folder
					}
					t.Errorf("%s:%d links to %s, which does not exist", rel, i+1, target)
					continue
				}
				if anchor != "" && !headingSlugs(string(destData))[anchor] {
					t.Errorf("%s:%d links to %s: %s has no heading with the anchor #%s", rel, i+1, target, filepath.Base(dest), anchor)
				}
			}
		}
	}
	if checked == 0 {
		t.Fatal("found no relative links in README.md and docs/: the scan is broken")
	}
}

// goModRequire matches a requirement in go.mod, in a require block or on a
// require line: module, version, and "// indirect" when it is.
var goModRequire = regexp.MustCompile(`(?m)^(?:require\s+|\t)(\S+) (v\S+)( // indirect)?$`)

// depRow matches a row of packages.md's table of Go modules.
var depRow = regexp.MustCompile(`(?m)^\| ([a-z][^ |]*) \| (v[0-9][^ |]*) \|`)

// TestDependenciesMatchGoMod: packages.md's table of Go modules lists every
// module go.mod requires directly, each at go.mod's exact version, and no
// module go.mod does not require.
func TestDependenciesMatchGoMod(t *testing.T) {
	root := repoRoot(t)
	mod, err := os.ReadFile(filepath.Join(root, "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join(root, "docs", "packages.md"))
	if err != nil {
		t.Fatal(err)
	}
	required := map[string]string{}
	direct := map[string]bool{}
	for _, m := range goModRequire.FindAllStringSubmatch(string(mod), -1) {
		required[m[1]] = m[2]
		direct[m[1]] = m[3] == ""
	}
	if len(direct) == 0 {
		t.Fatal("found no requirements in go.mod: the scan is broken")
	}
	listed := map[string]bool{}
	for _, m := range depRow.FindAllStringSubmatch(string(doc), -1) {
		listed[m[1]] = true
		switch v, ok := required[m[1]]; {
		case !ok:
			t.Errorf("docs/packages.md lists %s, which go.mod does not require: remove its row", m[1])
		case v != m[2]:
			t.Errorf("docs/packages.md gives %s %s; go.mod requires %s: correct the row", m[1], m[2], v)
		}
	}
	for path, isDirect := range direct {
		if isDirect && !listed[path] {
			t.Errorf("go.mod requires %s %s, which docs/packages.md's table of Go modules does not list: add a row saying what it is for", path, required[path])
		}
	}
}
