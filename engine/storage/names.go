package storage

import (
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"
)

// ErrBadName is wrapped by the errors for names the container refuses
// (see the package documentation's Names).
var ErrBadName = errors.New("storage: bad name")

// maxElement is the longest element, in bytes, that every common file
// system accepts.
const maxElement = 255

// tmpSuffix ends the container's temporary files (which begin with a dot).
const tmpSuffix = ".tmp"

// nameError is a refused name: what is wrong and what to change.
func nameError(kind, name, why string) error {
	return fmt.Errorf("%w: %s %q %s", ErrBadName, kind, name, why)
}

// checkGame checks a game name: one element.
func checkGame(game string) error {
	if game == "" {
		return nameError("game name", game, "is empty: give the game's name, such as \"MyGame\"")
	}
	if strings.ContainsAny(game, `/\`) {
		return nameError("game name", game, "has a slash or a backslash: the game's folder is one element, such as \"MyGame\"")
	}
	return checkElement("game name", game, game)
}

// checkName checks a file name: elements separated by "/".
func checkName(name string) error {
	const kind = "file name"
	switch {
	case name == "":
		return nameError(kind, name, "is empty: give a name such as \"save.dat\"")
	case strings.HasPrefix(name, "/"):
		return nameError(kind, name, "is absolute: give a name inside the container's folder, such as \"save.dat\" or \"slots/1.sav\"")
	case strings.HasSuffix(name, "/"):
		return nameError(kind, name, "ends with a slash: name a file, not a folder")
	}
	for elem := range strings.SplitSeq(name, "/") {
		if elem == "" {
			return nameError(kind, name, "has an empty element (two slashes in a row): separate folders with one slash")
		}
		if err := checkElement(kind, name, elem); err != nil {
			return err
		}
	}
	return nil
}

// checkElement checks one element of name (of the given kind).
func checkElement(kind, name, elem string) error {
	switch {
	case elem == "." || elem == "..":
		return nameError(kind, name, "has a \""+elem+"\" element, which would leave or repeat its folder: name the file itself")
	case !utf8.ValidString(elem):
		return nameError(kind, name, "is not valid UTF-8")
	}
	for _, r := range elem {
		switch {
		case r == 0:
			return nameError(kind, name, "has a NUL byte: remove it")
		case r < 0x20 || r == 0x7f:
			return nameError(kind, name, fmt.Sprintf("has the control character %U: remove it", r))
		case r == '\\':
			return nameError(kind, name, "has a backslash: separate folders with \"/\"")
		case strings.ContainsRune(`<>:"|?*`, r):
			return nameError(kind, name, fmt.Sprintf("has %q, which Windows forbids in file names: use another character", r))
		}
	}
	switch {
	case len(elem) > maxElement:
		return nameError(kind, name, fmt.Sprintf("has an element of %d bytes: keep each element to %d bytes", len(elem), maxElement))
	case strings.HasPrefix(elem, "."):
		return nameError(kind, name, "has an element that begins with a dot (the container's temporary files do): drop the dot")
	case strings.HasSuffix(elem, ".") || strings.HasSuffix(elem, " "):
		return nameError(kind, name, "has an element that ends with a dot or a space, which Windows drops: remove it")
	}
	if reservedOnWindows(elem) {
		return nameError(kind, name, "is a device name on Windows (CON, PRN, AUX, NUL, COM0-9, LPT0-9, with any extension): choose another name")
	}
	return nil
}

// reservedOnWindows reports whether elem names a Windows device: the part
// before its first dot, in any case, trailing spaces ignored.
func reservedOnWindows(elem string) bool {
	base, _, _ := strings.Cut(elem, ".")
	base = strings.ToUpper(strings.TrimRight(base, " "))
	switch base {
	case "CON", "PRN", "AUX", "NUL", "CONIN$", "CONOUT$":
		return true
	}
	if len(base) >= 4 && (strings.HasPrefix(base, "COM") || strings.HasPrefix(base, "LPT")) {
		switch base[3:] {
		case "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "¹", "²", "³":
			return true
		}
	}
	return false
}

// isTemp reports whether elem is one of the container's temporary files.
func isTemp(elem string) bool {
	return strings.HasPrefix(elem, ".") && strings.HasSuffix(elem, tmpSuffix)
}
