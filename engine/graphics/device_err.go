package graphics

import "sync/atomic"

// A call whose only failure is a programming error (a Device state setter,
// an EffectParameter or SpriteFont setter) returns nothing: it changes
// nothing and records its error on the Device. The first such error is
// kept until it is reported, once, by the next Draw* call, Clear,
// ClearWith, SpriteBatch.End (or an Immediate batch's Draw), EndFrame or
// Err, whichever comes first (rule G20). A draw or clear that reports it
// records nothing; EndFrame still ends the frame and returns its record
// with the error. Errors after the first are dropped until it is reported.

// orphanErr holds the first error of a setter called on a nil
// *EffectParameter (a name Effect.Parameters lacks), which has no Device to
// record on: the next Device to report an error reports it.
var orphanErr atomic.Pointer[error]

// fail keeps err as the device's pending error when none is pending.
func (d *Device) fail(err error) {
	if d.err == nil {
		d.err = err
	}
}

// pending reports whether an error waits to be reported.
func (d *Device) pending() bool { return d.err != nil || orphanErr.Load() != nil }

// take returns the pending error and clears it; nil for none.
func (d *Device) take() error {
	err := d.err
	d.err = nil
	if err == nil {
		if p := orphanErr.Swap(nil); p != nil {
			err = *p
		}
	}
	return err
}

// reportedError is a setter's error as the call that reports it returns it.
type reportedError struct {
	op  string
	err error
}

func (e *reportedError) Error() string {
	return "graphics: " + e.op + ": an earlier call failed, nothing was recorded: " + e.err.Error()
}

func (e *reportedError) Unwrap() error { return e.err }

// report returns the pending error as op's, and clears it.
func (d *Device) report(op string) error {
	return &reportedError{op: op, err: d.take()}
}

// Err returns the first error a setter recorded since the last report,
// nil for none, and clears it: the draws and EndFrame then do not report
// it again. A game calls it to find a setter's error before its next draw
// (after LoadContent's setup, say); a game that does not is told by the
// next draw, Clear or EndFrame.
func (d *Device) Err() error { return d.take() }
