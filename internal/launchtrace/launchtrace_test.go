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
	restore()
	Mark("not printed")
	if !regexp.MustCompile(`^launch +[0-9]+\.[0-9]{2} ms  window created\n$`).MatchString(b.String()) {
		t.Fatalf("trace %q: want one line with the time and the step", b.String())
	}
}
