package present

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"
)

// modeLetters maps the letters of the P4 table to modes: I(mmediate),
// M(ailbox), F(IFO), R(elaxed FIFO).
var modeLetters = map[byte]PresentMode{'I': ModeImmediate, 'M': ModeMailbox, 'F': ModeFIFO, 'R': ModeFIFORelaxed}

func setOf(t *testing.T, letters string) ModeSet {
	t.Helper()
	var s ModeSet
	for i := 0; i < len(letters); i++ {
		m, ok := modeLetters[letters[i]]
		if !ok {
			t.Fatalf("bad letter %q in %q", letters[i], letters)
		}
		s = s.Add(m)
	}
	return s
}

// p4Table is worked by hand from rule P4, one row per subset of the four
// modes (all 16), giving the mode taken for swap intervals 0, 1 and 2.
var p4Table = []struct {
	supported string
	want      [3]byte // letters for intervals 0, 1, 2; 0 means an error
}{
	{"", [3]byte{}},
	{"I", [3]byte{'I', 'I', 'I'}},
	{"M", [3]byte{'M', 'M', 'M'}},
	{"IM", [3]byte{'I', 'M', 'M'}},
	{"F", [3]byte{'F', 'F', 'F'}},
	{"IF", [3]byte{'I', 'F', 'F'}},
	{"MF", [3]byte{'M', 'F', 'F'}},
	{"IMF", [3]byte{'I', 'F', 'F'}},
	{"R", [3]byte{'R', 'R', 'R'}},
	{"IR", [3]byte{'I', 'R', 'R'}},
	{"MR", [3]byte{'M', 'R', 'R'}},
	{"IMR", [3]byte{'I', 'R', 'R'}},
	{"FR", [3]byte{'F', 'F', 'R'}},
	{"IFR", [3]byte{'I', 'F', 'R'}},
	{"MFR", [3]byte{'M', 'F', 'R'}},
	{"IMFR", [3]byte{'I', 'F', 'R'}},
}

func TestP4_EveryIntervalAgainstEverySubset(t *testing.T) {
	seen := map[ModeSet]bool{}
	for _, row := range p4Table {
		s := setOf(t, row.supported)
		seen[s] = true
		for interval := 0; interval <= 2; interval++ {
			got, err := ChooseMode(interval, s)
			if row.want[interval] == 0 {
				if !errors.Is(err, ErrNoPresentModes) {
					t.Errorf("ChooseMode(%d, %v): err %v, want ErrNoPresentModes", interval, s, err)
				}
				continue
			}
			if err != nil {
				t.Errorf("ChooseMode(%d, %v): %v", interval, s, err)
				continue
			}
			checkChoice(t, interval, s, got, modeLetters[row.want[interval]])
		}
	}
	if len(seen) != 16 {
		t.Fatalf("table covers %d subsets, want 16", len(seen))
	}
}

func checkChoice(t *testing.T, interval int, s ModeSet, got Choice, want PresentMode) {
	t.Helper()
	wanted := [...]PresentMode{ModeImmediate, ModeFIFO, ModeFIFORelaxed}[interval]
	if got.Mode != want || got.Requested != interval {
		t.Errorf("ChooseMode(%d, %v) = %v (requested %d), want %v", interval, s, got.Mode, got.Requested, want)
	}
	if got.FellBack != (want != wanted) {
		t.Errorf("ChooseMode(%d, %v).FellBack = %v, want %v", interval, s, got.FellBack, want != wanted)
	}
	prefix := fmt.Sprintf("swap interval %d wants %v", interval, wanted)
	if !strings.HasPrefix(got.Reason, prefix) || !strings.HasSuffix(got.Reason, " "+want.String()) {
		t.Errorf("ChooseMode(%d, %v).Reason = %q: want it to start %q and end with %v", interval, s, got.Reason, prefix, want)
	}
	if strings.Contains(got.Reason, "fell back") != got.FellBack {
		t.Errorf("ChooseMode(%d, %v).Reason = %q: says 'fell back' iff FellBack (%v)", interval, s, got.Reason, got.FellBack)
	}
	if strings.Contains(got.Reason, "FIFO is missing") != (got.FellBack && !s.Has(ModeFIFO)) {
		t.Errorf("ChooseMode(%d, %v).Reason = %q: must note a missing FIFO exactly when it mattered", interval, s, got.Reason)
	}
}

func TestP4_BadSwapIntervalIsAnError(t *testing.T) {
	for _, interval := range []int{-1, 3, 4, 100, math.MinInt, math.MaxInt} {
		_, err := ChooseMode(interval, AllModes)
		if !errors.Is(err, ErrBadSwapInterval) {
			t.Fatalf("ChooseMode(%d): err %v, want ErrBadSwapInterval", interval, err)
		}
		msg := err.Error()
		if !strings.Contains(msg, fmt.Sprint(interval)) || !strings.Contains(msg, "0, 1, 2") {
			t.Errorf("ChooseMode(%d): error %q must name the value and the allowed ones", interval, msg)
		}
		if _, err := ModeForSwapInterval(interval); !errors.Is(err, ErrBadSwapInterval) {
			t.Errorf("ModeForSwapInterval(%d): err %v, want ErrBadSwapInterval", interval, err)
		}
	}
	// A bad interval is reported even when the set is empty too.
	if _, err := ChooseMode(7, 0); !errors.Is(err, ErrBadSwapInterval) {
		t.Errorf("ChooseMode(7, {}): err %v, want ErrBadSwapInterval", err)
	}
}

func TestP4_ModeForSwapInterval(t *testing.T) {
	want := map[int]PresentMode{0: ModeImmediate, 1: ModeFIFO, 2: ModeFIFORelaxed}
	for interval, m := range want {
		got, err := ModeForSwapInterval(interval)
		if err != nil || got != m {
			t.Errorf("ModeForSwapInterval(%d) = %v, %v; want %v", interval, got, err, m)
		}
	}
}

func TestP4_ModeNamesAndSets(t *testing.T) {
	names := map[PresentMode]string{ModeImmediate: "IMMEDIATE", ModeMailbox: "MAILBOX",
		ModeFIFO: "FIFO", ModeFIFORelaxed: "FIFO_RELAXED", 0: "PresentMode(0)", 9: "PresentMode(9)"}
	for m, name := range names {
		if m.String() != name {
			t.Errorf("PresentMode(%d).String() = %q, want %q", int(m), m.String(), name)
		}
	}
	s := NewModeSet([]PresentMode{ModeFIFO, 0, ModeMailbox, 42, ModeFIFO}...)
	if s.String() != "{MAILBOX, FIFO}" || s.Len() != 2 || !s.Has(ModeMailbox) || s.Has(ModeImmediate) || s.Has(0) {
		t.Errorf("NewModeSet(FIFO, 0, MAILBOX, 42, FIFO) = %v (len %d)", s, s.Len())
	}
	if got := AllModes.Modes(); len(got) != 4 || got[0] != ModeImmediate || got[3] != ModeFIFORelaxed {
		t.Errorf("AllModes.Modes() = %v", got)
	}
	if ModeSet(0).String() != "{}" || ModeSet(0).Modes() != nil {
		t.Errorf("empty set: %q %v", ModeSet(0).String(), ModeSet(0).Modes())
	}
}
