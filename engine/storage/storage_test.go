package storage

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// env is an injected environment: a missing key is unset.
func env(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// dataEnv returns the environment entries that make dir this system's
// user data folder (or, on macOS, the home holding it), and the same as an
// injected environment.
func dataEnv(dir string) ([]string, func(string) string) {
	k := "XDG_DATA_HOME"
	switch runtime.GOOS {
	case "windows":
		k = "APPDATA"
	case "darwin", "ios":
		k = "HOME"
	case "plan9":
		k = "home"
	}
	return []string{k + "=" + dir}, env(k, dir)
}

// TestS1_DataDirPerPlatform: the user data folder comes from XDG_DATA_HOME
// (when absolute) or ~/.local/share on Linux and the other Unix systems,
// %APPDATA% on Windows, ~/Library/Application Support on macOS; missing or
// relative variables are errors that name the variable.
func TestS1_DataDirPerPlatform(t *testing.T) {
	cases := []struct {
		goos string
		env  func(string) string
		want string // "" for an error
		err  string // in the error
	}{
		{"linux", env("XDG_DATA_HOME", "/data/me", "HOME", "/home/me"), "/data/me", ""},
		{"linux", env("HOME", "/home/me"), "/home/me/.local/share", ""},
		{"linux", env("XDG_DATA_HOME", "", "HOME", "/home/me/"), "/home/me/.local/share", ""},
		{"linux", env("XDG_DATA_HOME", "rel/data", "HOME", "/home/me"), "/home/me/.local/share", ""},
		{"freebsd", env("XDG_DATA_HOME", "/xdg"), "/xdg", ""},
		{"openbsd", env("HOME", "/home/b"), "/home/b/.local/share", ""},
		{"linux", env(), "", "$HOME is not set"},
		{"linux", env("HOME", "home/me"), "", `$HOME is "home/me", not an absolute path`},
		{"windows", env("APPDATA", `C:\Users\me\AppData\Roaming`, "HOME", "/home/me"), `C:\Users\me\AppData\Roaming`, ""},
		{"windows", env("APPDATA", `\\server\share\me`), `\\server\share\me`, ""},
		{"windows", env("HOME", "/home/me", "XDG_DATA_HOME", "/x"), "", "%APPDATA% is not set"},
		{"windows", env("APPDATA", `AppData`), "", "not an absolute path"},
		{"darwin", env("HOME", "/Users/me", "XDG_DATA_HOME", "/x"), "/Users/me/Library/Application Support", ""},
		{"ios", env("HOME", "/var/mobile"), "/var/mobile/Library/Application Support", ""},
		{"darwin", env(), "", "$HOME is not set"},
		{"plan9", env("home", "/usr/me"), "/usr/me/lib", ""},
	}
	for _, c := range cases {
		got, err := dataDir(c.goos, c.env)
		switch {
		case c.want != "" && (err != nil || got != c.want):
			t.Errorf("%s: %q, %v; want %q", c.goos, got, err, c.want)
		case c.want == "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: %q, %v; want an error saying %q", c.goos, got, err, c.err)
		}
	}
	if _, err := DataDir(); err != nil && os.Getenv("HOME") != "" && runtime.GOOS == "linux" {
		t.Errorf("DataDir on this machine: %v", err)
	}
}

// TestS1_OpenMakesTheGamesFolder: Open makes the game's folder inside the
// data folder (mode 0700), and refuses a game name that is not one plain
// element.
func TestS1_OpenMakesTheGamesFolder(t *testing.T) {
	_, getenv := dataEnv(filepath.Join(t.TempDir(), "deep", "data"))
	c, err := open("My Game", runtime.GOOS, getenv)
	if err != nil {
		t.Fatal(err)
	}
	base, err := dataDir(runtime.GOOS, getenv)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(base, "My Game"); c.Path() != want {
		t.Fatalf("Path %q, want %q", c.Path(), want)
	}
	fi, err := os.Stat(c.Path())
	if err != nil || !fi.IsDir() {
		t.Fatalf("the game's folder: %v", err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o700 {
		t.Errorf("the game's folder has mode %v, want 0700", fi.Mode().Perm())
	}
	for _, game := range []string{"", "..", ".", "a/b", `a\b`, "/abs", "Studio/Game", "con", "x\x00y", ".hidden", "game."} {
		if _, err := open(game, runtime.GOOS, getenv); !errors.Is(err, ErrBadName) || !strings.Contains(err.Error(), "game name") {
			t.Errorf("game %q: %v; want ErrBadName about the game name", game, err)
		}
	}
	if _, err := open("Game", "linux", env()); err == nil || !strings.Contains(err.Error(), "HOME") {
		t.Errorf("without HOME or XDG_DATA_HOME: %v; want an error naming $HOME", err)
	}
	file := filepath.Join(t.TempDir(), "file")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := OpenDir(filepath.Join(file, "sub")); err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("OpenDir under a file: %v; want an error saying it is not a folder", err)
	}
	if _, err := OpenDir(""); err == nil {
		t.Error("OpenDir(\"\") gave no error")
	}
}

// TestS1_NamesThatLeaveTheFolderAreErrors: every method refuses the names
// that could leave the container's folder or would not work everywhere,
// with an error wrapping ErrBadName that quotes the name, and nothing is
// written outside the folder. The names the rules allow work.
func TestS1_NamesThatLeaveTheFolderAreErrors(t *testing.T) {
	outer := t.TempDir()
	c, err := OpenDir(filepath.Join(outer, "game"))
	if err != nil {
		t.Fatal(err)
	}
	bad := map[string]string{ // name: what the error says
		"":                              "is empty",
		"..":                            `".." element`,
		".":                             `"." element`,
		"../escape":                     `".." element`,
		"a/../../escape":                `".." element`,
		"a/./b":                         `"." element`,
		"/etc/passwd":                   "is absolute",
		"/abs":                          "is absolute",
		"dir/":                          "ends with a slash",
		"a//b":                          "empty element",
		`..\escape`:                     "backslash",
		`a\b`:                           "backslash",
		`C:\x`:                          `':'`,
		"C:x":                           `':'`,
		"nul\x00byte":                   "NUL",
		"tab\there":                     "control character",
		"del\x7f":                       "control character",
		"what?":                         `'?'`,
		"a*b":                           `'*'`,
		"a<b":                           `'<'`,
		"a>b":                           `'>'`,
		"a|b":                           `'|'`,
		`a"b`:                           `'"'`,
		".hidden":                       "begins with a dot",
		"dir/.save.1234.tmp":            "begins with a dot",
		"trailing.":                     "ends with a dot or a space",
		"trailing ":                     "ends with a dot or a space",
		"CON":                           "device name",
		"con.txt":                       "device name",
		"saves/Nul.dat":                 "device name",
		"aux":                           "device name",
		"PRN.log":                       "device name",
		"com1":                          "device name",
		"LPT9.sav":                      "device name",
		"COM¹":                          "device name",
		"conin$":                        "device name",
		"bad\xffutf8":                   "not valid UTF-8",
		strings.Repeat("x", 256):        "256 bytes",
		"d/" + strings.Repeat("y", 300): "300 bytes",
	}
	for name, says := range bad {
		check := func(op string, err error) {
			t.Helper()
			if !errors.Is(err, ErrBadName) || !strings.Contains(err.Error(), says) || !strings.Contains(err.Error(), "file name") {
				t.Errorf("%s(%q): %v; want ErrBadName saying %s", op, name, err, says)
			}
		}
		check("WriteFile", c.WriteFile(name, []byte("x")))
		_, err := c.ReadFile(name)
		check("ReadFile", err)
		_, err = c.Exists(name)
		check("Exists", err)
		check("Remove", c.Remove(name))
		_, err = c.Create(name)
		check("Create", err)
	}
	entries, err := os.ReadDir(outer)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "game" {
		t.Errorf("the folder around the container holds %v, want only game", entries)
	}
	if names, _ := c.List(); len(names) != 0 {
		t.Errorf("the container holds %q after refused names, want nothing", names)
	}

	good := []string{"save.dat", "settings", "a.b.c", "slots/1.sav", "deep/er/still/x", "ünïcödé ok.txt",
		"name with spaces", "COM10", "console", "LPT", "nul_not", strings.Repeat("z", 255)}
	for _, name := range good {
		if err := c.WriteFile(name, []byte(name)); err != nil {
			t.Errorf("WriteFile(%q): %v", name, err)
		}
	}
	names, err := c.List()
	if err != nil {
		t.Fatal(err)
	}
	want := slices.Sorted(slices.Values(good))
	if !slices.Equal(names, want) {
		t.Errorf("List %q, want %q", names, want)
	}
}

// TestS1_SymlinkOutOfTheFolderIsRefused: a symbolic link inside the
// folder that points out of it does not lead a name out.
func TestS1_SymlinkOutOfTheFolderIsRefused(t *testing.T) {
	outer := t.TempDir()
	outside := filepath.Join(outer, "outside")
	if err := os.Mkdir(outside, 0o700); err != nil {
		t.Fatal(err)
	}
	c, err := OpenDir(filepath.Join(outer, "game"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(outside, filepath.Join(c.Path(), "link")); err != nil {
		t.Skipf("this system makes no symbolic links here: %v", err)
	}
	if err := c.WriteFile("link/x", []byte("x")); err == nil {
		t.Error("a write through a link out of the folder succeeded")
	}
	if _, err := c.ReadFile("link/x"); err == nil {
		t.Error("a read through a link out of the folder succeeded")
	}
	if entries, _ := os.ReadDir(outside); len(entries) != 0 {
		t.Errorf("the folder outside holds %v, want nothing", entries)
	}
}

// TestS1_ContainerOperations: WriteFile replaces a file whole, ReadFile
// reads it back, Exists, List and Remove do what XNA's FileExists,
// GetFileNames and DeleteFile do; a missing file is fs.ErrNotExist; a
// Writer changes the file only at Close, Abort leaves it as it was, and a
// used Writer refuses more.
func TestS1_ContainerOperations(t *testing.T) {
	c, err := OpenDir(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	if ok, err := c.Exists("save.dat"); ok || err != nil {
		t.Fatalf("Exists before writing: %v, %v", ok, err)
	}
	if _, err := c.ReadFile("save.dat"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("ReadFile of a missing file: %v; want fs.ErrNotExist", err)
	}
	if err := c.Remove("save.dat"); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("Remove of a missing file: %v; want fs.ErrNotExist", err)
	}
	for _, content := range []string{"first, longer content", "second", ""} {
		if err := c.WriteFile("save.dat", []byte(content)); err != nil {
			t.Fatal(err)
		}
		if got, err := c.ReadFile("save.dat"); err != nil || string(got) != content {
			t.Fatalf("ReadFile %q, %v; want %q", got, err, content)
		}
	}
	fi, err := os.Stat(filepath.Join(c.Path(), "save.dat"))
	if err != nil {
		t.Fatal(err)
	}
	if runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 {
		t.Errorf("a file has mode %v, want 0600", fi.Mode().Perm())
	}

	w, err := c.Create("slots/1.sav")
	if err != nil {
		t.Fatal(err)
	}
	if ok, _ := c.Exists("slots/1.sav"); ok {
		t.Fatal("the file exists before Close")
	}
	w.Write([]byte("slot "))
	w.Write([]byte("one"))
	if names, _ := c.List(); !slices.Equal(names, []string{"save.dat"}) {
		t.Fatalf("List while writing: %q; want the temporary file hidden", names)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.ReadFile("slots/1.sav"); string(got) != "slot one" {
		t.Fatalf("after Close: %q", got)
	}
	if _, err := w.Write([]byte("more")); err == nil || w.Close() == nil || w.Abort() == nil {
		t.Error("a closed Writer accepted more")
	}

	w, err = c.Create("slots/1.sav")
	if err != nil {
		t.Fatal(err)
	}
	w.Write([]byte("never"))
	if err := w.Abort(); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.ReadFile("slots/1.sav"); string(got) != "slot one" {
		t.Fatalf("after Abort: %q, want the old content", got)
	}
	if n := countTemps(t, filepath.Join(c.Path(), "slots")); n != 0 {
		t.Fatalf("%d temporary files after Abort", n)
	}

	// A killed write's leftovers: hidden from List, removed by the next
	// write of that name, a temporary file of another name kept.
	for _, n := range []string{tempName("1.sav"), tempName("2.sav")} {
		if err := os.WriteFile(filepath.Join(c.Path(), "slots", n), []byte("torn"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	if names, _ := c.List(); !slices.Equal(names, []string{"save.dat", "slots/1.sav"}) {
		t.Fatalf("List %q; want the leftovers hidden", names)
	}
	if err := c.WriteFile("slots/1.sav", []byte("slot one again")); err != nil {
		t.Fatal(err)
	}
	if n := countTemps(t, filepath.Join(c.Path(), "slots")); n != 1 {
		t.Errorf("%d temporary files after the next write, want 1 (the other name's)", n)
	}

	if ok, err := c.Exists("slots"); ok || err != nil {
		t.Errorf("Exists of a folder: %v, %v; want false", ok, err)
	}
	if err := c.Remove("slots"); err == nil || !strings.Contains(err.Error(), "folder") {
		t.Errorf("Remove of a folder: %v; want an error", err)
	}
	if err := c.WriteFile("save.dat/inner", nil); err == nil || !strings.Contains(err.Error(), "not a folder") {
		t.Errorf("a file used as a folder: %v; want an error saying it is not a folder", err)
	}
	if ok, err := c.Exists("save.dat/inner"); ok || err != nil {
		t.Errorf("Exists under a file: %v, %v; want false", ok, err)
	}
	if err := c.Remove("save.dat"); err != nil {
		t.Fatal(err)
	}
	if ok, _ := c.Exists("save.dat"); ok {
		t.Error("the file exists after Remove")
	}
	if names, _ := c.List(); !slices.Equal(names, []string{"slots/1.sav"}) {
		t.Errorf("List %q after Remove", names)
	}
	big := bytes.Repeat([]byte("0123456789abcdef"), 1<<16)
	if err := c.WriteFile("big", big); err != nil {
		t.Fatal(err)
	}
	if got, _ := c.ReadFile("big"); !bytes.Equal(got, big) {
		t.Error("a 1 MiB file did not read back")
	}
}

// The temporary names are hidden, carry the file's name, stay within one
// element's length and are told apart from other names' leftovers.
func TestS1_TemporaryNames(t *testing.T) {
	long := strings.Repeat("m", 254)
	for _, base := range []string{"a", "save.dat", strings.Repeat("n", 233), strings.Repeat("n", 234), long + "1", long + "2"} {
		n := tempName(base)
		if !isTemp(n) || !isTempOf(n, base) || len(n) > maxElement || checkElement("file name", n, n) == nil {
			t.Errorf("tempName(%d bytes) = %q (%d bytes): hidden %v, of its name %v", len(base), n, len(n), isTemp(n), isTempOf(n, base))
		}
		if isTempOf(n, base[:len(base)-1]) || isTempOf(n, base+"x") || isTempOf(n, long+"3") || isTempOf(n, "b") {
			t.Errorf("%q counts as another name's temporary file", n)
		}
	}
	if a, b := tempName("a"), tempName("a"); a == b {
		t.Error("two temporary names alike")
	}
}
