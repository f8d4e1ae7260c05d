package storage

import (
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
)

// DataDir returns the platform's user data folder, the one [Open] makes
// the game's folder in (see the package documentation's Where). It is an
// error when the variable it comes from is unset or not absolute.
func DataDir() (string, error) { return dataDir(runtime.GOOS, os.Getenv) }

// dataDir is DataDir for the system goos with the environment getenv (an
// empty value counts as unset).
func dataDir(goos string, getenv func(string) string) (string, error) {
	switch goos {
	case "windows":
		v := getenv("APPDATA")
		if v == "" {
			return "", errors.New("storage: %APPDATA% is not set: it names the user's application data folder (set it, or use OpenDir)")
		}
		if !windowsAbs(v) {
			return "", fmt.Errorf("storage: %%APPDATA%% is %q, not an absolute path such as C:\\Users\\me\\AppData\\Roaming (fix it, or use OpenDir)", v)
		}
		return v, nil
	case "plan9":
		home, err := homeOf(getenv, "home")
		if err != nil {
			return "", err
		}
		return joinUnix(home, "lib"), nil
	case "darwin", "ios":
		home, err := homeOf(getenv, "HOME")
		if err != nil {
			return "", err
		}
		return joinUnix(home, "Library", "Application Support"), nil
	}
	// The XDG base directory rules: a relative XDG_DATA_HOME is invalid
	// and ignored.
	if v := getenv("XDG_DATA_HOME"); strings.HasPrefix(v, "/") {
		return v, nil
	}
	home, err := homeOf(getenv, "HOME")
	if err != nil {
		return "", err
	}
	return joinUnix(home, ".local", "share"), nil
}

// homeOf returns the home folder from the variable name, which must be set
// and absolute.
func homeOf(getenv func(string) string, name string) (string, error) {
	v := getenv(name)
	if v == "" {
		return "", fmt.Errorf("storage: $%s is not set: the user data folder is found from it (set it, or use OpenDir)", name)
	}
	if !strings.HasPrefix(v, "/") {
		return "", fmt.Errorf("storage: $%s is %q, not an absolute path (fix it, or use OpenDir)", name, v)
	}
	return v, nil
}

// joinUnix joins elements with "/", as filepath.Join does on the systems
// that use it, whatever system runs the code.
func joinUnix(first string, elems ...string) string {
	return strings.TrimRight(first, "/") + "/" + strings.Join(elems, "/")
}

// windowsAbs reports whether p is an absolute Windows path: a drive letter,
// a colon and a separator, or a UNC path (\\server\share).
func windowsAbs(p string) bool {
	if len(p) >= 3 && p[1] == ':' && (p[2] == '\\' || p[2] == '/') {
		c := p[0] | 0x20
		return c >= 'a' && c <= 'z'
	}
	return strings.HasPrefix(p, `\\`) || strings.HasPrefix(p, `//`)
}
