package timing

// GameTime is what Update and Draw are told about the clock. It is passed by
// value, so a callback that changes its copy cannot change the scheduler's
// state (rule T15).
type GameTime struct {
	// TotalGameTime is the game time before this Update's step (T7), or
	// after all of the tick's steps in Draw (T8).
	TotalGameTime TimeSpan
	// ElapsedGameTime is the step this Update covers: TargetElapsedTime in
	// fixed step, except the game's very first Update, which sees zero
	// (T7). In Draw it is TargetElapsedTime x steps of the tick (T8). In
	// variable step it is the measured interval (T13).
	ElapsedGameTime TimeSpan
	// IsRunningSlowly reports that fixed-step updates are falling behind
	// (T10; T22 under ProfileXNA). Always false in variable step.
	IsRunningSlowly bool
	// Alpha is, in Draw, where to draw between the state before the last
	// update (0) and the latest state (1), for render interpolation
	// (T8 extension): under fixed step the time left in the accumulator
	// after the tick's updates divided by TargetElapsedTime, in [0, 1); in
	// variable step 1, since the latest update covered all the time passed.
	// So lerp(prev, cur, Alpha) draws right in both modes. It is 0 in
	// Update.
	Alpha float64
}
