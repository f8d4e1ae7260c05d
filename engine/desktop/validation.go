package desktop

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// validationReport shows the validation layer's messages as a run goes
// (W3): the first message of each kind in full when it arrives, and at
// the end a summary with each kind's count. A kind is the layer's message
// id ("MessageID = 0x..."), so repeats that differ only in object handles
// count as one. Main thread only.
type validationReport struct {
	out      io.Writer
	read     []int          // per renderer (Platform.made): messages already taken
	seen     map[string]int // kind -> occurrences
	first    []string       // each kind's first message, in arrival order
	kinds    []string       // the kinds, in the same order
	total    int
	reported bool // Report ran
}

// messageKind returns what tells m's kind: the layer's message id, or the
// whole message when it has none.
func messageKind(m string) string {
	const id = "MessageID = "
	i := strings.Index(m, id)
	if i < 0 {
		return m
	}
	k := m[i+len(id):]
	if j := strings.IndexAny(k, " |"); j >= 0 {
		k = k[:j]
	}
	return k
}

// summaryWidth bounds a message's length in the summary's repeat lines.
const summaryWidth = 160

// takeValidation reads the messages that arrived since the last call from every
// renderer and prints the new distinct ones. It allocates only when
// messages arrived.
func (p *Platform) takeValidation() {
	v := &p.validation
	for i, r := range p.made {
		if i == len(v.read) {
			v.read = append(v.read, 0)
		}
		if r.Status().Messages == v.read[i] {
			continue
		}
		msgs := r.Messages()
		for _, m := range msgs[v.read[i]:] {
			v.add(m)
		}
		v.read[i] = len(msgs)
	}
}

// add counts m and prints it if it is new.
func (v *validationReport) add(m string) {
	if v.seen == nil {
		v.seen = make(map[string]int)
	}
	v.total++
	k := messageKind(m)
	v.seen[k]++
	if v.seen[k] > 1 {
		return
	}
	v.first = append(v.first, m)
	v.kinds = append(v.kinds, k)
	fmt.Fprintf(v.writer(), "validation: %s\n", m)
}

func (v *validationReport) writer() io.Writer {
	if v.out == nil {
		return os.Stderr
	}
	return v.out
}

// Report ends the run's check (engine.PlatformReporter; Close calls it
// after Destroy, when the teardown's leak reports are in): it prints the
// messages not shown yet and a summary with each kind's count, and returns an error when the validation layer reported anything.
// Nil when validation was off or nothing was reported; a second call
// returns nil.
func (p *Platform) Report() error {
	v := &p.validation
	if v.reported {
		return nil
	}
	v.reported = true
	p.takeValidation()
	if v.total == 0 {
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "validation: %d message(s) of %d kind(s)\n", v.total, len(v.kinds))
	for i, k := range v.kinds {
		fmt.Fprintf(&b, "  %5dx %s\n", v.seen[k], shorten(v.first[i], summaryWidth))
	}
	_, _ = io.WriteString(v.writer(), b.String())
	return fmt.Errorf("desktop: the Vulkan validation layer reported %d message(s) of %d kind(s) (printed as they came); the first: %s",
		v.total, len(v.kinds), v.first[0])
}

// shorten cuts s to n bytes at most, marking the cut.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-3] + "..."
}
