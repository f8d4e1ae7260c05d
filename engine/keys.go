package engine

// Key names a physical key by its position on a US keyboard. The values are
// GLFW's key codes (so the desktop adapter converts by a plain cast); text
// input comes as characters instead (Game.TextInput).
type Key int

// Keys. Every GLFW code from 0 to KeyLast is a valid Key; these are the
// named ones.
const (
	KeyUnknown Key = -1

	KeySpace      Key = 32
	KeyApostrophe Key = 39
	KeyComma      Key = 44
	KeyMinus      Key = 45
	KeyPeriod     Key = 46
	KeySlash      Key = 47
	Key0          Key = 48
	Key1          Key = 49
	Key2          Key = 50
	Key3          Key = 51
	Key4          Key = 52
	Key5          Key = 53
	Key6          Key = 54
	Key7          Key = 55
	Key8          Key = 56
	Key9          Key = 57
	KeyEqual      Key = 61
	KeyA          Key = 65
	KeyB          Key = 66
	KeyC          Key = 67
	KeyD          Key = 68
	KeyE          Key = 69
	KeyF          Key = 70
	KeyG          Key = 71
	KeyH          Key = 72
	KeyI          Key = 73
	KeyJ          Key = 74
	KeyK          Key = 75
	KeyL          Key = 76
	KeyM          Key = 77
	KeyN          Key = 78
	KeyO          Key = 79
	KeyP          Key = 80
	KeyQ          Key = 81
	KeyR          Key = 82
	KeyS          Key = 83
	KeyT          Key = 84
	KeyU          Key = 85
	KeyV          Key = 86
	KeyW          Key = 87
	KeyX          Key = 88
	KeyY          Key = 89
	KeyZ          Key = 90
	KeyEscape     Key = 256
	KeyEnter      Key = 257
	KeyTab        Key = 258
	KeyBackspace  Key = 259
	KeyInsert     Key = 260
	KeyDelete     Key = 261
	KeyRight      Key = 262
	KeyLeft       Key = 263
	KeyDown       Key = 264
	KeyUp         Key = 265
	KeyPageUp     Key = 266
	KeyPageDown   Key = 267
	KeyHome       Key = 268
	KeyEnd        Key = 269
	KeyF1         Key = 290
	KeyF2         Key = 291
	KeyF3         Key = 292
	KeyF4         Key = 293
	KeyF5         Key = 294
	KeyF6         Key = 295
	KeyF7         Key = 296
	KeyF8         Key = 297
	KeyF9         Key = 298
	KeyF10        Key = 299
	KeyF11        Key = 300
	KeyF12        Key = 301
	KeyKP0        Key = 320
	KeyKP9        Key = 329
	KeyKPSubtract Key = 333
	KeyKPAdd      Key = 334
	KeyKPEnter    Key = 335
	KeyLeftShift  Key = 340
	KeyLeftCtrl   Key = 341
	KeyLeftAlt    Key = 342
	KeyRightShift Key = 344
	KeyRightCtrl  Key = 345
	KeyRightAlt   Key = 346
	// KeyLast is the highest key code (GLFW's KeyMenu).
	KeyLast Key = 348
)

// MouseButton names a mouse button; GLFW's numbering (0..MouseButtonLast).
type MouseButton int

// Mouse buttons.
const (
	MouseLeft       MouseButton = 0
	MouseRight      MouseButton = 1
	MouseMiddle     MouseButton = 2
	MouseButtonLast MouseButton = 7
)

// Action says what happened to a key or button; GLFW's numbering.
type Action int

// Actions.
const (
	Release Action = 0 // went up
	Press   Action = 1 // went down
	Repeat  Action = 2 // a held key auto-repeated
)
