// Package wayfeedbacktest holds the tests of presentation feedback (rule
// P9) and of the display-locked step (P10) on a display that refreshes:
// headless sway, with the Wayland build. They present through the Vulkan
// renderer, which package window cannot import. Run them with
//
//	scripts/sway.sh -r 60 go test -tags wayland -count=1 ./window/wayfeedbacktest
//
// Without a compositor they skip and say why.
package wayfeedbacktest
