package timing

import (
	"runtime"
	"slices"
	"testing"
	"time"
)

// pacer records when each fixed-step update starts, on the real clock.
type pacer struct {
	clock  *SystemClock
	starts []time.Duration
}

func (p *pacer) Poll()           {}
func (p *pacer) Update(GameTime) { p.starts = append(p.starts, p.clock.Now()) }
func (p *pacer) Draw(GameTime)   {}

// pacingCase is one waiting policy of BenchmarkPacing, with WaitPrecise's
// margin (zero: measured).
type pacingCase struct {
	name   string
	policy WaitPolicy
	margin time.Duration
}

// pacingCases are all policies side by side, and WaitPrecise at a few
// fixed margins: the curve of p99 lateness against CPU.
var pacingCases = []pacingCase{
	{"adaptive", WaitAdaptive, 0},
	{"adaptive-fna", WaitAdaptiveFNA, 0},
	{"busy", WaitBusy, 0},
	{"precise", WaitPrecise, 0},
	{"precise-margin-25us", WaitPrecise, 25 * time.Microsecond},
	{"precise-margin-50us", WaitPrecise, 50 * time.Microsecond},
	{"precise-margin-100us", WaitPrecise, 100 * time.Microsecond},
	{"precise-margin-200us", WaitPrecise, 200 * time.Microsecond},
	{"precise-margin-400us", WaitPrecise, 400 * time.Microsecond},
}

// BenchmarkPacing runs a 60 Hz fixed step on the real system clock with
// trivial callbacks, one op per tick (run it with -benchtime=300x for five
// seconds per policy), under each wait policy in one run: ours (a
// sliding-window sleep estimate), FNA's non-decaying estimate (T6's
// deviation), a pure busy-wait, and WaitPrecise with its measured margin
// and at fixed margins, on the loop's locked OS thread. It reports the mean
// update period error, the p99 lateness of tick starts against the ideal
// schedule, the CPU time spent per second, and the sleep estimate (the
// margin for WaitPrecise). It is a measurement, not a test: nothing here
// passes or fails on speed.
func BenchmarkPacing(b *testing.B) {
	for _, pc := range pacingCases {
		b.Run(pc.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			clock := NewSystemClock()
			p := &pacer{clock: clock, starts: make([]time.Duration, 0, b.N+64)}
			s, err := NewScheduler(clock, clock, p)
			if err != nil {
				b.Fatal(err)
			}
			if err := s.SetWaitPolicy(pc.policy); err != nil {
				b.Fatal(err)
			}
			if err := s.SetWaitMargin(pc.margin); err != nil {
				b.Fatal(err)
			}
			s.Start()
			if err := s.Tick(); err != nil { // the zero first update; the schedule starts here
				b.Fatal(err)
			}
			cpu0, wall0 := cpuTime(), clock.Now()
			b.ResetTimer()
			for range b.N {
				if err := s.Tick(); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			cpu, wall := cpuTime()-cpu0, clock.Now()-wall0
			estimate := s.SleepEstimate()
			if pc.policy == WaitPrecise {
				estimate = s.WaitMargin()
			}
			reportPacing(b, p.starts, cpu, wall, estimate)
		})
	}
}

func reportPacing(b *testing.B, starts []time.Duration, cpu, wall, estimate time.Duration) {
	if len(starts) < 3 {
		return
	}
	period := DefaultTargetElapsedTime.Duration()
	n := len(starts) - 1
	mean := (starts[n] - starts[0]) / time.Duration(n)
	late := make([]time.Duration, 0, n)
	for k := 1; k <= n; k++ {
		late = append(late, starts[k]-(starts[0]+time.Duration(k)*period))
	}
	slices.Sort(late)
	p99 := late[(len(late)*99+99)/100-1]
	b.ReportMetric(float64(mean-period)/1e3, "period-err-µs")
	b.ReportMetric(float64(p99)/1e3, "p99-late-µs")
	b.ReportMetric(float64(cpu)/float64(wall)*1e3, "cpu-ms/s")
	b.ReportMetric(float64(estimate)/1e3, "sleep-est-µs")
}
