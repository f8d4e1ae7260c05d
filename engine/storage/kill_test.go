package storage

import (
	"bufio"
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
)

// writerEnv makes the test binary a writer process (see TestMain): it
// writes the two payloads to killFile by turns, through Open of killGame
// in the user data folder the test gives it (dataEnv), until it is killed.
const writerEnv = "METRONOME_STORAGE_TEST_WRITER"

const (
	killGame = "KillTest"
	killFile = "slots/save.dat"
)

// TestMain runs the writer when writerEnv asks for it, the tests otherwise.
func TestMain(m *testing.M) {
	if os.Getenv(writerEnv) == "1" {
		os.Exit(runWriter())
	}
	os.Exit(m.Run())
}

// runWriter writes payload 0 and 1 to killFile by turns, forever; it says
// "ready" on stdout before the first write and "done" after each. Only a
// failure returns.
func runWriter() int {
	c, err := Open(killGame)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	p := [2][]byte{payload(0), payload(1)}
	os.Stdout.WriteString("ready\n")
	for i := 0; ; i++ {
		if err := c.WriteFile(killFile, p[i%2]); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		os.Stdout.WriteString("done\n")
	}
}

// payload returns one of the two contents the writer writes: different
// lengths (192 KiB and 320 KiB) and bytes, each byte a function of its
// offset, so any mix, cut or padding of them is told apart.
func payload(which int) []byte {
	n := (192 + 128*which) << 10
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(i*(7+6*which) + i>>11 + which*101)
	}
	return b
}

// TestS1_KilledWriterLeavesTheOldOrTheNewFile: a writer process writes
// two payloads by turns to one file through Open (XDG_DATA_HOME, or the
// system's variable, pointing at a temporary folder); it is killed
// (SIGKILL on Unix) at a random moment of one of its first three writes,
// 300 times (at least 100 on a slow machine, 30 under the race detector),
// and after each kill the file is exactly one of the two complete
// payloads, and List shows that file alone (a killed write's temporary
// file stays hidden). The kill moments are random; the verdict is not:
// every outcome must be a whole payload.
func TestS1_KilledWriterLeavesTheOldOrTheNewFile(t *testing.T) {
	// 300 kills, or as many as 25 s allow on a slow machine (each costs a
	// process start and a few writes with their fsyncs), but never fewer
	// than 100 (30 under the race detector, whose processes start several
	// times slower): the time bounds how much is tried, never the verdict.
	maxKills, minKills, budget := 300, 100, 25*time.Second
	if raceBuild {
		minKills = 30
	}
	if testing.Short() {
		maxKills, minKills = 30, 30
	}
	childEnv, getenv := dataEnv(t.TempDir())
	c, err := open(killGame, runtime.GOOS, getenv)
	if err != nil {
		t.Fatal(err)
	}
	p := [2][]byte{payload(0), payload(1)}
	if err := c.WriteFile(killFile, p[0]); err != nil {
		t.Fatal(err)
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	seed := rand.Uint64()
	rng := rand.New(rand.NewPCG(seed, 0))
	t.Logf("kill delays from seed %d", seed)
	start := time.Now()
	period := 5 * time.Millisecond // one write's time, a running average
	var seen [2]int
	var leftTemps, mostTemps int
	kills := 0
	for ; kills < maxKills && (kills < minKills || time.Since(start) < budget); kills++ {
		i := kills
		cmd := exec.Command(exe)
		cmd.Env = append(append(os.Environ(), writerEnv+"=1"), childEnv...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.StdoutPipe()
		if err != nil {
			t.Fatal(err)
		}
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		lines := bufio.NewReader(out)
		line, _ := lines.ReadString('\n')
		if line != "ready\n" {
			cmd.Process.Kill()
			cmd.Wait()
			t.Fatalf("kill %d: the writer said %q, stderr %q; want ready", i, line, stderr.String())
		}
		// The kill lands at a random point of a random one of the first
		// three writes: after 0-2 finished writes, a delay uniform over
		// the time one write takes (measured from the writers' reports).
		began := time.Now()
		for range rng.IntN(3) {
			if line, _ := lines.ReadString('\n'); line != "done\n" {
				break // the writer failed: its stderr says why, below
			}
			period = (3*period + time.Since(began)) / 4
			began = time.Now()
		}
		time.Sleep(time.Duration(rng.Int64N(int64(period))))
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		cmd.Wait()
		if stderr.Len() != 0 {
			t.Fatalf("kill %d: the writer failed: %s", i, stderr.String())
		}

		got, err := c.ReadFile(killFile)
		if err != nil {
			t.Fatalf("kill %d: %v", i, err)
		}
		switch {
		case bytes.Equal(got, p[0]):
			seen[0]++
		case bytes.Equal(got, p[1]):
			seen[1]++
		default:
			t.Fatalf("kill %d: the file has %d bytes, neither payload (%d or %d bytes) whole: %s",
				i, len(got), len(p[0]), len(p[1]), describe(got, p))
		}
		names, err := c.List()
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(names, []string{killFile}) {
			t.Fatalf("kill %d: List gives %q, want [%s]", i, names, killFile)
		}
		temps := countTemps(t, filepath.Join(c.Path(), "slots"))
		if temps > 0 {
			leftTemps++
		}
		mostTemps = max(mostTemps, temps)
	}
	t.Logf("%d kills in %v (a write took %v): the file was payload 0 after %d, payload 1 after %d; %d kills left a temporary file (at most %d at once)",
		kills, time.Since(start).Round(time.Millisecond), period.Round(time.Microsecond), seen[0], seen[1], leftTemps, mostTemps)
}

// countTemps counts the temporary files in dir.
func countTemps(t *testing.T, dir string) int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if isTemp(e.Name()) {
			n++
		}
	}
	return n
}

// describe says how got differs from the payloads: where it first departs
// from each.
func describe(got []byte, p [2][]byte) string {
	var b strings.Builder
	for i, want := range p {
		at := 0
		for at < len(got) && at < len(want) && got[at] == want[at] {
			at++
		}
		fmt.Fprintf(&b, "payload %d's first %d bytes; ", i, at)
	}
	return strings.TrimSuffix(b.String(), "; ")
}
