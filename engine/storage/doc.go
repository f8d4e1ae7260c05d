// Package storage keeps a game's files (saves, settings, scores) in a
// folder of their own under the user's data folder, written crash-safe
// (rule S1 in docs/rules.md): after a crash, a kill or a power loss at any
// moment a file holds its old content or its new one, never a torn or an
// empty one.
//
// It is XNA 4.0's StorageContainer in Go's manners, without the Xbox's
// device selection: [Open] returns the game's [Container] (XNA's
// OpenContainer), whose WriteFile and Create write a file (CreateFile),
// ReadFile reads one (OpenFile), Exists (FileExists), List (GetFileNames)
// and Remove (DeleteFile) do what their names say.
//
// # Where
//
// The game's folder is named after the game, inside the platform's user
// data folder ([DataDir]):
//
//   - Linux and other Unix systems: $XDG_DATA_HOME, or ~/.local/share when
//     it is unset, empty or not absolute (the XDG base directory rules);
//   - Windows: %APPDATA% (the roaming application data folder);
//   - macOS and iOS: ~/Library/Application Support;
//   - Plan 9: $home/lib.
//
// [OpenDir] makes a container in a folder of the caller's choice (a
// portable install's own folder, a test's temporary one).
//
// # How a file is written
//
// Every write goes to a new temporary file beside the target (a hidden
// name, ".NAME.RANDOM.tmp"), which is flushed to the disk (fsync), closed,
// renamed over the target in one step, and then the folder itself is
// flushed so the rename is on the disk too. A kill before the rename
// leaves the old file and at most a stray temporary file (List never
// shows those; the next successful write of that name removes them); a
// kill after it leaves the new file. Windows cannot flush a folder: there
// the rename relies on NTFS's journal, so a power loss right after a write
// may bring back the old content, never a torn one. Folders the container
// creates get mode 0700 and files 0600: saves are the user's own.
//
// # Names
//
// A name is a path inside the container's folder: one or more elements
// separated by "/" ("settings.json", "slots/1.sav"; the folders are made
// as needed). Names are refused, with an error wrapping [ErrBadName] that
// says what to change, when they could leave the folder or would not work
// on every platform the game may be copied to: empty names and elements,
// absolute names, "." and "..", backslashes, NUL and other control
// characters, the characters < > : " | ? * that Windows forbids, elements
// that begin with a dot (the container's temporary files) or end with a
// dot or a space (Windows drops those), Windows' reserved device names
// (CON, PRN, AUX, NUL, COM0-COM9, LPT0-LPT9, with or without an
// extension, in any case), invalid UTF-8, and elements longer than 255
// bytes. The game name passed to [Open] follows the same rules and is one
// element. Names are compared as the file system does: "Save" and "save"
// are one file on Windows and macOS.
//
// The container reaches its files through an [os.Root], so a symbolic
// link inside the folder cannot lead a name out of it either.
//
// A Container holds no open files between calls and may be used from
// several goroutines. While two writers write one name at once, the file
// is always one complete content, but one of the writes may fail: a
// finished write removes the temporary files of its name, the other
// writer's too.
//
// The package is pure Go (no cgo).
package storage
