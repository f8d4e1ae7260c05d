package pacing

import (
	"errors"
	"fmt"
	"slices"
	"time"
)

// Stats summarises a set of durations. Percentiles use the nearest-rank
// definition: the p-th percentile of n sorted samples s[0..n-1] is
// s[ceil(p*n/100)-1], always one of the samples (no interpolation); so the
// Median of an even count is the lower of the two middle samples. All
// values are whole nanoseconds; the zero Stats (Count 0) means no samples.
type Stats struct {
	// Count is the number of samples.
	Count int
	// Min and Max are the smallest and largest sample.
	Min, Max time.Duration
	// Median is the nearest-rank 50th percentile.
	Median time.Duration
	// P99 is the nearest-rank 99th percentile.
	P99 time.Duration
	// Mean is the sum divided by Count, rounded down to a whole nanosecond
	// (computed without overflow).
	Mean time.Duration
}

// String formats the stats in one line, for logs and summary tables.
func (s Stats) String() string {
	return fmt.Sprintf("n=%d min=%v median=%v p99=%v max=%v mean=%v", s.Count, s.Min, s.Median, s.P99, s.Max, s.Mean)
}

// statsOfSorted summarises samples sorted in ascending order, all >= 0.
func statsOfSorted(sorted []time.Duration) Stats {
	n := len(sorted)
	if n == 0 {
		return Stats{}
	}
	return Stats{
		Count:  n,
		Min:    sorted[0],
		Max:    sorted[n-1],
		Median: nearestRank(sorted, 50),
		P99:    nearestRank(sorted, 99),
		Mean:   meanOf(sorted),
	}
}

// nearestRank returns the p-th percentile (0 < p <= 100) of sorted, which
// is not empty: sorted[ceil(p*n/100)-1].
func nearestRank(sorted []time.Duration, p int) time.Duration {
	n := len(sorted)
	rank := (p*n + 99) / 100
	return sorted[max(rank, 1)-1]
}

// meanOf returns floor(sum/n) for samples >= 0 without overflowing: the
// quotients and remainders by n are summed apart.
func meanOf(samples []time.Duration) time.Duration {
	n := time.Duration(len(samples))
	var q, r time.Duration
	for _, d := range samples {
		q += d / n
		r += d % n
		q += r / n
		r %= n
	}
	return q
}

// Summarize returns the Stats of samples; negative samples count as zero
// (rule T2: no negative time). It sorts a copy, so it allocates; use a
// Recorder in a frame loop.
func Summarize(samples []time.Duration) Stats {
	sorted := make([]time.Duration, len(samples))
	for i, d := range samples {
		sorted[i] = max(d, 0)
	}
	slices.Sort(sorted)
	return statsOfSorted(sorted)
}

// ErrBadEdges is wrapped by the histogram functions' error when the bucket
// edges are empty or not strictly increasing.
var ErrBadEdges = errors.New("histogram edges must be non-empty and strictly increasing")

// HistogramInto counts samples into len(edges)+1 buckets: counts[0] holds
// samples below edges[0], counts[i] those in [edges[i-1], edges[i]), and
// counts[len(edges)] those at or above the last edge. counts must have
// length len(edges)+1; it is zeroed first. It does not allocate.
func HistogramInto(samples, edges []time.Duration, counts []int) error {
	if err := checkEdges(edges); err != nil {
		return err
	}
	if len(counts) != len(edges)+1 {
		return fmt.Errorf("histogram: %d counts for %d edges, want %d", len(counts), len(edges), len(edges)+1)
	}
	clear(counts)
	for _, d := range samples {
		i, found := slices.BinarySearch(edges, d)
		if found {
			i++
		}
		counts[i]++
	}
	return nil
}

// Histogram is HistogramInto with a new counts slice.
func Histogram(samples, edges []time.Duration) ([]int, error) {
	counts := make([]int, len(edges)+1)
	if err := HistogramInto(samples, edges, counts); err != nil {
		return nil, err
	}
	return counts, nil
}

func checkEdges(edges []time.Duration) error {
	if len(edges) == 0 {
		return fmt.Errorf("histogram: %w (got none)", ErrBadEdges)
	}
	for i := 1; i < len(edges); i++ {
		if edges[i] <= edges[i-1] {
			return fmt.Errorf("histogram: %w (edge %d is %v after %v)", ErrBadEdges, i, edges[i], edges[i-1])
		}
	}
	return nil
}
