package vulkan

import (
	"fmt"
	"image"
	"image/png"
	"os"

	"github.com/metronome-engine/metronome/renderer/present"
)

// The renderer's tests read single fields of Status and set the interval
// or half rate alone; these shorthands are theirs, not the API's.

func (r *Renderer) DeviceName() string                       { return r.Status().Device }
func (r *Renderer) FramesInFlight() int                      { return r.Status().FramesInFlight }
func (r *Renderer) HalfRate() bool                           { return r.Status().HalfRate }
func (r *Renderer) Hidden() uint64                           { return r.Status().Hidden }
func (r *Renderer) InPlace() bool                            { return r.Status().InPlace }
func (r *Renderer) MessageCount() int                        { return r.Status().Messages }
func (r *Renderer) ModeInUse() present.PresentMode           { return r.Status().ModeInUse }
func (r *Renderer) Presentation() present.Choice             { return r.Status().Presentation }
func (r *Renderer) PresentationCounts() present.SwitchCounts { return r.Status().Counts }
func (r *Renderer) Presents() uint64                         { return r.Status().Presents }
func (r *Renderer) Rebuilds() int                            { return r.Status().Rebuilds }
func (r *Renderer) Skipped() uint64                          { return r.Status().Skipped }
func (r *Renderer) SupportedPresentModes() present.ModeSet   { return r.Status().Supported }
func (r *Renderer) Validating() bool                         { return r.Status().Validating }

// SetSwapInterval sets the interval, keeping half rate.
func (r *Renderer) SetSwapInterval(n int) error {
	return errorf("set swap interval", r.pres.SetPresentation(n, r.pres.halfRate))
}

// SetHalfRate sets half rate, keeping the interval.
func (r *Renderer) SetHalfRate(on bool) error {
	return errorf("set half rate", r.pres.SetPresentation(r.pres.choice.Requested, on))
}

// WritePNG writes img to path as a PNG file (goldens, failed runs).
func WritePNG(path string, img image.Image) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return fmt.Errorf("write png: %w", err)
	}
	defer func() {
		if cerr := f.Close(); cerr != nil && err == nil {
			err = fmt.Errorf("write png: %w", cerr)
		}
	}()
	if err := png.Encode(f, img); err != nil {
		return fmt.Errorf("write png %s: %w", path, err)
	}
	return nil
}
