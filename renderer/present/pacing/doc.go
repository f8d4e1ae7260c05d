// Package pacing is the presentation lab: a simulated display in exact
// virtual time and the statistics of frame pacing, so that what a player
// sees under each present mode can be measured without the monitor.
//
//   - Display models FIFO, MAILBOX, IMMEDIATE and FIFO_RELAXED queueing
//     against an exact vblank clock at any Rate (with an optional Hold that
//     models rule P8's true half rate: interval 2 on FIFO, each frame shown
//     for two refreshes), and reports judder, repeats, tears, drops and
//     latency (Report).
//   - Recorder records frame intervals without allocating, and Summarize,
//     Histogram and Percentile turn them into statistics.
//
// It is pure Go. The decisions it models (which mode an interval gets) live
// in package present; the pacing experiment of cmd/sample drives both.
package pacing
