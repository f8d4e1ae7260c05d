package pacing

import (
	"errors"
	"math"
	"slices"
	"testing"
	"time"
)

// ms returns n milliseconds.
func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

// steps returns n samples first, first+step, ... in a shuffled order (a
// fixed permutation, so the recorder must sort).
func steps(first, step time.Duration, n int) []time.Duration {
	out := make([]time.Duration, n)
	for i := range out {
		j := (i * 7) % n // 7 is coprime to the counts used below
		out[j] = first + time.Duration(i)*step
	}
	return out
}

func record(t *testing.T, samples []time.Duration) *Recorder {
	t.Helper()
	r, err := NewRecorder(len(samples) + 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range samples {
		if !r.Record(d) {
			t.Fatalf("Record(%v) refused", d)
		}
	}
	return r
}

func TestRecorder_NearestRankStats(t *testing.T) {
	cases := []struct {
		name    string
		samples []time.Duration
		want    Stats
	}{
		{"1..100 ms", steps(ms(1), ms(1), 100),
			Stats{Count: 100, Min: ms(1), Median: ms(50), P99: ms(99), Max: ms(100), Mean: 50500 * time.Microsecond}},
		{"even count takes the lower middle", []time.Duration{4, 1, 3, 2},
			Stats{Count: 4, Min: 1, Median: 2, P99: 4, Max: 4, Mean: 2}},
		{"odd count", []time.Duration{5, 1, 3},
			Stats{Count: 3, Min: 1, Median: 3, P99: 5, Max: 5, Mean: 3}},
		{"p99 of 200 is the 198th", steps(1, 1, 200),
			Stats{Count: 200, Min: 1, Median: 100, P99: 198, Max: 200, Mean: 100}},
		{"one sample", []time.Duration{ms(16)},
			Stats{Count: 1, Min: ms(16), Median: ms(16), P99: ms(16), Max: ms(16), Mean: ms(16)}},
		{"negative counts as zero", []time.Duration{-5, 10},
			Stats{Count: 2, Min: 0, Median: 0, P99: 10, Max: 10, Mean: 5}},
		{"mean without overflow", []time.Duration{math.MaxInt64, math.MaxInt64 - 2},
			Stats{Count: 2, Min: math.MaxInt64 - 2, Median: math.MaxInt64 - 2, P99: math.MaxInt64, Max: math.MaxInt64, Mean: math.MaxInt64 - 1}},
	}
	for _, c := range cases {
		if got := record(t, c.samples).Stats(); got != c.want {
			t.Errorf("%s: Stats() = %v, want %v", c.name, got, c.want)
		}
		if got := Summarize(c.samples); got != c.want {
			t.Errorf("%s: Summarize() = %v, want %v", c.name, got, c.want)
		}
	}
	if (&Recorder{}).Stats() != (Stats{}) {
		t.Error("empty recorder: Stats() is not the zero Stats")
	}
}

func TestRecorder_Percentile(t *testing.T) {
	r := record(t, steps(ms(1), ms(1), 100))
	for p, want := range map[int]time.Duration{1: ms(1), 50: ms(50), 90: ms(90), 100: ms(100)} {
		if got, err := r.Percentile(p); err != nil || got != want {
			t.Errorf("Percentile(%d) = %v, %v; want %v", p, got, err, want)
		}
	}
	for _, p := range []int{0, -1, 101} {
		if _, err := r.Percentile(p); err == nil {
			t.Errorf("Percentile(%d): no error", p)
		}
	}
	r.Reset()
	if _, err := r.Percentile(50); err == nil {
		t.Error("Percentile on an empty recorder: no error")
	}
}

func TestRecorder_FullCountsOverflowAndKeepsFirst(t *testing.T) {
	r, err := NewRecorder(3)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= 5; i++ {
		ok := r.Record(ms(i))
		if ok != (i <= 3) {
			t.Errorf("Record #%d = %v", i, ok)
		}
	}
	if r.Len() != 3 || r.Cap() != 3 || r.Overflow() != 2 || !slices.Equal(r.Samples(), []time.Duration{ms(1), ms(2), ms(3)}) {
		t.Errorf("len %d cap %d overflow %d samples %v", r.Len(), r.Cap(), r.Overflow(), r.Samples())
	}
	r.Reset()
	if r.Len() != 0 || r.Overflow() != 0 || r.Cap() != 3 {
		t.Errorf("after Reset: len %d overflow %d cap %d", r.Len(), r.Overflow(), r.Cap())
	}
	for _, c := range []int{0, -4} {
		if _, err := NewRecorder(c); err == nil {
			t.Errorf("NewRecorder(%d): no error", c)
		}
	}
}

func TestRecorder_Histogram(t *testing.T) {
	r := record(t, []time.Duration{ms(1), ms(8), ms(16), ms(16), ms(17), ms(33), ms(34), ms(100)})
	edges := []time.Duration{ms(8), ms(17), ms(34)}
	got, err := r.Histogram(edges)
	want := []int{1, 3, 2, 2} // <8 | [8,17) | [17,34) | >=34
	if err != nil || !slices.Equal(got, want) {
		t.Errorf("Histogram = %v, %v; want %v", got, err, want)
	}
	bad := [][]time.Duration{nil, {ms(2), ms(2)}, {ms(3), ms(1)}}
	for _, e := range bad {
		if _, err := r.Histogram(e); !errors.Is(err, ErrBadEdges) {
			t.Errorf("Histogram(%v): err %v, want ErrBadEdges", e, err)
		}
	}
	if err := r.HistogramInto(edges, make([]int, 3)); err == nil {
		t.Error("HistogramInto with too few counts: no error")
	}
}

func TestRecorder_SteadyStateAllocatesNothing(t *testing.T) {
	r, err := NewRecorder(1024)
	if err != nil {
		t.Fatal(err)
	}
	edges := []time.Duration{ms(8), ms(16), ms(17), ms(33)}
	counts := make([]int, len(edges)+1)
	i := 0
	allocs := testing.AllocsPerRun(2000, func() {
		i++
		if r.Len() == r.Cap() {
			r.Reset()
		}
		r.Record(time.Duration(i%40) * time.Millisecond)
		if i%100 == 0 {
			_ = r.Stats()
			_ = r.HistogramInto(edges, counts)
		}
	})
	if allocs != 0 {
		t.Errorf("Record/Stats/HistogramInto allocate %v times per run, want 0", allocs)
	}
}

// FuzzRecorder_StatsInvariants checks order and membership invariants of
// Stats for arbitrary samples.
func FuzzRecorder_StatsInvariants(f *testing.F) {
	f.Add(int64(16_666_667), int64(1), uint8(60))
	f.Add(int64(-3), int64(math.MaxInt64/4), uint8(7))
	f.Fuzz(func(t *testing.T, base, step int64, n uint8) {
		if n == 0 {
			return
		}
		var samples []time.Duration
		x := base
		for i := 0; i < int(n); i++ {
			samples = append(samples, time.Duration(x))
			x = x*6364136223846793005 + step // an LCG: any spread of values
		}
		s := Summarize(samples)
		if !(s.Min <= s.Median && s.Median <= s.P99 && s.P99 <= s.Max && s.Min <= s.Mean && s.Mean <= s.Max && s.Min >= 0) {
			t.Fatalf("unordered stats %v", s)
		}
		below := 0
		for _, d := range samples {
			if max(d, 0) <= s.Median {
				below++
			}
		}
		if 2*below < len(samples) {
			t.Fatalf("median %v has only %d of %d samples at or below it", s.Median, below, len(samples))
		}
	})
}

func BenchmarkRecorder_Record(b *testing.B) {
	r, err := NewRecorder(1 << 16)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		if r.Len() == r.Cap() {
			r.Reset()
		}
		r.Record(time.Duration(i))
	}
}

func BenchmarkRecorder_Stats1000(b *testing.B) {
	r, err := NewRecorder(1000)
	if err != nil {
		b.Fatal(err)
	}
	for i := range 1000 {
		r.Record(time.Duration(i*7919%1000) * time.Microsecond)
	}
	b.ReportAllocs()
	for b.Loop() {
		_ = r.Stats()
	}
}
