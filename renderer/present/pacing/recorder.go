package pacing

import (
	"fmt"
	"slices"
	"time"
)

// Recorder records frame intervals (or any durations) for pacing
// statistics. Its storage is allocated once by NewRecorder: Record, Stats
// and HistogramInto never allocate, so it can sit in a frame loop.
// When full, Record keeps the first samples and counts the rest as
// Overflow. A Recorder is not safe for concurrent use.
type Recorder struct {
	samples  []time.Duration // in recording order, len <= cap
	scratch  []time.Duration // sorted copy for Stats, same capacity
	overflow int
}

// NewRecorder returns a Recorder that holds up to capacity samples.
// capacity must be positive.
func NewRecorder(capacity int) (*Recorder, error) {
	if capacity <= 0 {
		return nil, fmt.Errorf("new recorder: capacity %d, want > 0", capacity)
	}
	return &Recorder{
		samples: make([]time.Duration, 0, capacity),
		scratch: make([]time.Duration, 0, capacity),
	}, nil
}

// Record adds one sample; a negative d counts as zero (rule T2). It
// reports false, and counts the sample in Overflow, when the Recorder is
// full.
func (r *Recorder) Record(d time.Duration) bool {
	if len(r.samples) == cap(r.samples) {
		r.overflow++
		return false
	}
	r.samples = append(r.samples, max(d, 0))
	return true
}

// Len returns the number of samples held.
func (r *Recorder) Len() int { return len(r.samples) }

// Cap returns the number of samples the Recorder can hold.
func (r *Recorder) Cap() int { return cap(r.samples) }

// Overflow returns the number of samples refused because it was full.
func (r *Recorder) Overflow() int { return r.overflow }

// Reset forgets all samples and the overflow count, keeping the storage.
func (r *Recorder) Reset() {
	r.samples = r.samples[:0]
	r.overflow = 0
}

// Samples returns the samples in recording order. The slice aliases the
// Recorder's storage: it is valid until the next Record or Reset, and the
// caller must not modify it.
func (r *Recorder) Samples() []time.Duration { return r.samples }

// Stats returns min, median, p99, max and mean of the samples held (the
// nearest-rank definition documented on Stats).
func (r *Recorder) Stats() Stats {
	r.scratch = append(r.scratch[:0], r.samples...)
	slices.Sort(r.scratch)
	return statsOfSorted(r.scratch)
}

// Percentile returns the nearest-rank p-th percentile of the samples
// held, for a whole percent 0 < p <= 100 (see Stats). It is an error when
// the Recorder is empty or p is out of range.
func (r *Recorder) Percentile(p int) (time.Duration, error) {
	if p <= 0 || p > 100 {
		return 0, fmt.Errorf("percentile %d: want 1..100", p)
	}
	if len(r.samples) == 0 {
		return 0, fmt.Errorf("percentile %d: no samples", p)
	}
	r.scratch = append(r.scratch[:0], r.samples...)
	slices.Sort(r.scratch)
	return nearestRank(r.scratch, p), nil
}

// HistogramInto counts the samples held into buckets with the given edges,
// as the package function HistogramInto does; it does not allocate.
func (r *Recorder) HistogramInto(edges []time.Duration, counts []int) error {
	return HistogramInto(r.samples, edges, counts)
}

// Histogram counts the samples held into len(edges)+1 buckets (see
// HistogramInto) in a new slice.
func (r *Recorder) Histogram(edges []time.Duration) ([]int, error) {
	return Histogram(r.samples, edges)
}
