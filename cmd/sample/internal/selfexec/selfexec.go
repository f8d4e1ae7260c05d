// Package selfexec lets a test binary run one of the sample's programs in a
// child process of its own: the child is the test binary itself, told by an
// environment variable to act as the program. Tests use it for what only a
// whole process shows (exit statuses, signals, one-line errors before any
// window opens). Only test code imports it.
package selfexec

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
)

// Serve is called from a test package's init. When the variable env is
// set, it runs run with the arguments the variable holds (a JSON list of
// strings) and exits with run's status, as the program's main would, on
// the main thread; otherwise it returns at once.
func Serve(env string, run func(args []string, stdout, stderr io.Writer) int) {
	v, ok := os.LookupEnv(env)
	if !ok {
		return
	}
	os.Unsetenv(env)
	var args []string
	if err := json.Unmarshal([]byte(v), &args); err != nil {
		fmt.Fprintf(os.Stderr, "%s: %v\n", env, err)
		os.Exit(125)
	}
	os.Exit(run(args, os.Stdout, os.Stderr))
}

// Command returns the command that runs this test binary as the program
// Serve serves under env, with args, in this process's environment plus
// extra ("NAME=value" entries).
func Command(env string, args []string, extra ...string) (*exec.Cmd, error) {
	exe, err := os.Executable()
	if err != nil {
		return nil, err
	}
	js, err := json.Marshal(args)
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(exe)
	cmd.Env = append(append(os.Environ(), env+"="+string(js)), extra...)
	return cmd, nil
}
