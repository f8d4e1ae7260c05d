package launchtrace

import (
	"bytes"
	"regexp"
	"testing"
)

func TestW11_LaunchTraceMarkPrintsTimeAndStep(t *testing.T) {
	var b bytes.Buffer
	restore := capture(&b)
	Mark("window created")
	Mark("renderer created")
	restore()
	Mark("not printed")
	want := `^launch trace: 0 ms is Unix time [0-9]+\.[0-9]{6} s\n` +
		`launch +[0-9]+\.[0-9]{2} ms  window created\n` +
		`launch +[0-9]+\.[0-9]{2} ms  renderer created\n$`
	if !regexp.MustCompile(want).MatchString(b.String()) {
		t.Fatalf("trace %q: want the Unix time of 0 ms once, then a line per step with its time", b.String())
	}
}
