package engine

import (
	"math"
	"slices"
	"testing"

	"github.com/metronome-engine/metronome/timing"
)

// The dead-zone sizes worked by hand: 7849/32768, 8689/32768, 30/255.
const (
	dzLeft  = 0.239532470703125
	dzRight = 0.265167236328125
	dzTrig  = 0.11764705882352941
)

func near(a, b float32) bool { return math.Abs(float64(a)-float64(b)) < 1e-5 }

// padWith returns a raw state with the given axes (GLFW's ranges).
func padWith(lx, ly, rx, ry, lt, rt float32) GamepadState {
	var s GamepadState
	s.Axes = [GamepadAxisCount]float32{lx, ly, rx, ry, lt, rt}
	return s
}

// readPad has the fake report raw in slot 0, runs a frame and returns the
// state the game reads with dz.
func readPad(t *testing.T, g *Game, p *fakePlatform, raw GamepadState, dz GamepadDeadZone) GamepadState {
	t.Helper()
	p.padsOn[0] = true
	p.pads[0] = raw
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	s, ok := g.GamePadState(0, dz)
	if !ok || !s.IsConnected {
		t.Fatal("slot 0 reads as not connected")
	}
	return s
}

// TestI6_GamepadReadsAsXNA: the sticks read with Y up and XNA's dead
// zones, the triggers 0..1, with values worked by hand for each mode;
// the raw Axes are unchanged.
func TestI6_GamepadReadsAsXNA(t *testing.T) {
	g, _, p := newInputGame(t, timing.ProfileDefault)
	defer g.Close()
	g.GamePad(0) // mark slot 0 wanted
	type want struct{ lx, ly, rx, ry, lt, rt float32 }
	for _, c := range []struct {
		name string
		raw  GamepadState
		dz   GamepadDeadZone
		want want
	}{
		// Independent axes: 0.5 past the left dead zone: (0.5-dzL)/(1-dzL)
		// = 0.3425097; GLFW's -0.5 (up) reads +0.3425097. Right X -0.6:
		// (-0.6+dzR)/(1-dzR) = -0.4556585; right Y 0.2 is inside. A
		// released trigger (-1) reads 0; half (0) reads
		// (0.5-30/255)/(1-30/255) = 97.5/225 = 0.4333333; full reads 1.
		{"independent", padWith(0.5, -0.5, -0.6, 0.2, -1, 0), DeadZoneIndependentAxes,
			want{0.3425097, 0.3425097, -0.4556585, 0, 0, 0.4333333}},
		{"independent full", padWith(-1, 1, 1, -1, 1, 1), DeadZoneIndependentAxes,
			want{-1, -1, 1, 1, 1, 1}},
		// (0.2, up 0.2): each axis inside 0.2395, so nothing; the circular
		// mode sees length 0.2828427 > dzL and keeps
		// (0.2828427-dzL)/(1-dzL) = 0.0569523 along the diagonal:
		// 0.0402712 per axis.
		{"independent diagonal", padWith(0.2, -0.2, 0, 0, -1, -1), DeadZoneIndependentAxes,
			want{0, 0, 0, 0, 0, 0}},
		{"circular diagonal", padWith(0.2, -0.2, 0, 0, -1, -1), DeadZoneCircular,
			want{0.0402712, 0.0402712, 0, 0, 0, 0}},
		// Circular (0.3, up 0.4), length 0.5: (0.5-dzL)/(1-dzL) =
		// 0.3425097, so x 0.2055058, y 0.2740078. A corner (1, up 1) is
		// clamped to the unit circle: 0.7071068 each.
		{"circular", padWith(0.3, -0.4, 1, -1, -1, 0), DeadZoneCircular,
			want{0.2055058, 0.2740078, 0.7071068, 0.7071068, 0, 0.4333333}},
		// None: the raw values with Y flipped, triggers mapped to 0..1 only,
		// everything clamped to -1..1 / 0..1.
		{"none", padWith(0.1, 0.3, 1.2, -0.05, -1, 0), DeadZoneNone,
			want{0.1, -0.3, 1, 0.05, 0, 0.5}},
	} {
		s := readPad(t, g, p, c.raw, c.dz)
		got := want{s.ThumbSticks.Left[0], s.ThumbSticks.Left[1], s.ThumbSticks.Right[0], s.ThumbSticks.Right[1],
			s.Triggers.Left, s.Triggers.Right}
		if !near(got.lx, c.want.lx) || !near(got.ly, c.want.ly) || !near(got.rx, c.want.rx) ||
			!near(got.ry, c.want.ry) || !near(got.lt, c.want.lt) || !near(got.rt, c.want.rt) {
			t.Errorf("%s: read %+v, want %+v", c.name, got, c.want)
		}
		if s.Axes != c.raw.Axes {
			t.Errorf("%s: raw axes %v, want them unchanged: %v", c.name, s.Axes, c.raw.Axes)
		}
	}
	// GamePad is the default mode.
	p.pads[0] = padWith(0.2, -0.2, 0, 0, -1, -1)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if s, _ := g.GamePad(0); s.ThumbSticks.Left[0] != 0 || s.ThumbSticks.Left[1] != 0 {
		t.Errorf("GamePad: left stick %v, want the independent-axes reading (0, 0)", s.ThumbSticks.Left)
	}
	if !near(dzLeft, GamepadLeftDeadZone) || !near(dzRight, GamepadRightDeadZone) || !near(dzTrig, GamepadTriggerThreshold) {
		t.Error("the dead-zone constants differ from XNA's 7849/32768, 8689/32768, 30/255")
	}
}

// TestI6_StickAndTriggerPseudoButtons: a stick direction is held once the
// processed stick passes the dead-zone size: raw dz(2-dz) = 0.4216891 for
// the left stick in the default mode; a trigger once the processed value
// passes 30/255: raw 0..1 value 0.2214533, GLFW's -0.5570934. They latch
// edges like the buttons (I5), and GamePadState derives them in its mode.
func TestI6_StickAndTriggerPseudoButtons(t *testing.T) {
	g, s, p := newInputGame(t, timing.ProfileDefault)
	defer g.Close()
	var pressed, released []GamepadButton
	s.onUpdate = func(g *Game, _ int, _ timing.GameTime) {
		g.GamePad(0)
		for b := GamepadButton(0); b < GamepadButtonCount; b++ {
			if g.IsButtonJustPressed(0, b) {
				pressed = append(pressed, b)
			}
			if g.IsButtonJustReleased(0, b) {
				released = append(released, b)
			}
		}
	}
	held := func(st GamepadState) []GamepadButton {
		var bs []GamepadButton
		for b := GamepadButton(0); b < GamepadButtonCount; b++ {
			if st.IsButtonDown(b) {
				bs = append(bs, b)
			}
		}
		return bs
	}
	p.padsOn[0] = true
	for i, c := range []struct {
		raw               GamepadState
		held              []GamepadButton
		pressed, released []GamepadButton
	}{
		{padWith(0, -0.42, 0, 0, -0.56, -1), nil, nil, nil},
		{padWith(0, -0.43, 0, 0, -0.55, -1), []GamepadButton{GamepadLeftThumbstickUp, GamepadLeftTrigger},
			[]GamepadButton{GamepadLeftThumbstickUp, GamepadLeftTrigger}, nil},
		{padWith(0.43, 0, -0.5, 0.5, -1, 1),
			[]GamepadButton{GamepadLeftThumbstickRight, GamepadRightThumbstickDown, GamepadRightThumbstickLeft, GamepadRightTrigger},
			[]GamepadButton{GamepadLeftThumbstickRight, GamepadRightThumbstickDown, GamepadRightThumbstickLeft, GamepadRightTrigger},
			[]GamepadButton{GamepadLeftThumbstickUp, GamepadLeftTrigger}},
	} {
		pressed, released = nil, nil
		p.pads[0] = c.raw
		if err := g.RunOneFrame(); err != nil {
			t.Fatal(err)
		}
		st, _ := g.GamePad(0)
		if h := held(st); !slices.Equal(h, c.held) {
			t.Errorf("step %d: held %v, want %v", i, h, c.held)
		}
		if i > 0 && (!slices.Equal(pressed, c.pressed) || !slices.Equal(released, c.released)) {
			t.Errorf("step %d: edges pressed %v released %v, want %v and %v", i, pressed, released, c.pressed, c.released)
		}
	}
	// Up 0.3 is inside the default dead zone's threshold (processed
	// 0.0795) but past 0.2395 raw: held only with DeadZoneNone.
	p.pads[0] = padWith(0, -0.3, 0, 0, -1, -1)
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if st, _ := g.GamePad(0); st.IsButtonDown(GamepadLeftThumbstickUp) {
		t.Error("up 0.3 holds LeftThumbstickUp with independent axes")
	}
	if st, _ := g.GamePadState(0, DeadZoneNone); !st.IsButtonDown(GamepadLeftThumbstickUp) {
		t.Error("up 0.3 does not hold LeftThumbstickUp without a dead zone")
	}
	// A platform's own pseudo-buttons are ignored; an empty slot is the
	// zero state (no half-pressed triggers).
	p.pads[0] = padWith(0, 0, 0, 0, -1, -1)
	p.pads[0].Buttons[GamepadRightTrigger] = true
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if st, _ := g.GamePad(0); st.IsButtonDown(GamepadRightTrigger) {
		t.Error("the platform's RightTrigger pseudo-button got through")
	}
	p.padsOn[0] = false
	if err := g.RunOneFrame(); err != nil {
		t.Fatal(err)
	}
	if st, ok := g.GamePad(0); ok || st != (GamepadState{}) {
		t.Errorf("an empty slot reads %+v, %v; want the zero state", st, ok)
	}
}

// hidePads is a Platform without the optional GamepadDevices.
type hidePads struct{ Platform }

// TestI6_VibrationAndCapabilities: SetVibration reports false with no pad,
// a pad without motors, or a platform without GamepadDevices, and clamps
// what it passes on to 0..1; capabilities come from the platform.
func TestI6_VibrationAndCapabilities(t *testing.T) {
	g, _, p := newInputGame(t, timing.ProfileDefault)
	defer g.Close()
	if g.SetVibration(0, 1, 1) {
		t.Error("SetVibration reported true with no pad")
	}
	if c := g.GamePadCapabilities(0); c != (GamepadCapabilities{}) {
		t.Errorf("empty slot's capabilities %+v, want the zero value", c)
	}
	p.padsOn[0] = true
	if g.SetVibration(0, 1, 1) {
		t.Error("SetVibration reported true for a pad without motors")
	}
	p.padCaps[0] = GamepadCapabilities{GamePadType: GamepadTypeGamePad, HasAButton: true,
		HasLeftVibrationMotor: true, HasRightVibrationMotor: true}
	if !g.SetVibration(0, 2, float32(math.NaN())) || !g.SetVibration(0, 0.25, -1) {
		t.Error("SetVibration reported false for a pad with motors")
	}
	if want := []string{"0: 1 0", "0: 0.25 0"}; !slices.Equal(p.vibrations, want) {
		t.Errorf("vibrations %q, want %q (clamped to 0..1)", p.vibrations, want)
	}
	if c := g.GamePadCapabilities(0); !c.IsConnected || c.GamePadType != GamepadTypeGamePad || !c.HasAButton {
		t.Errorf("capabilities %+v, want the platform's, connected", c)
	}
	if g.SetVibration(-1, 1, 1) || g.SetVibration(MaxGamepads, 1, 1) || g.GamePadCapabilities(MaxGamepads).IsConnected {
		t.Error("an out-of-range slot vibrated or reads connected")
	}

	bare, err := NewGame(&scriptGame{}, hidePads{newFakePlatform(nil)}, Config{Source: p.clock, Waiter: p.clock})
	if err != nil {
		t.Fatal(err)
	}
	bare.platform.(hidePads).Platform.(*fakePlatform).padsOn[0] = true
	if bare.SetVibration(0, 1, 1) {
		t.Error("SetVibration reported true on a platform that cannot rumble")
	}
	if c := bare.GamePadCapabilities(0); c != (GamepadCapabilities{IsConnected: true}) {
		t.Errorf("capabilities without GamepadDevices %+v, want only IsConnected", c)
	}
}
