package graphics_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/metronome-engine/metronome/engine/graphics"
	"github.com/metronome-engine/metronome/engine/graphics/graphicstest"
)

// TestE4_SamplerValuesOutOfRangeAreErrors: every new sampler field has a
// range, and a value outside it is an ErrInvalid error naming the field,
// from SetSamplerState and from a SpriteBatch's settings, changing nothing.
func TestE4_SamplerValuesOutOfRangeAreErrors(t *testing.T) {
	dev, err := graphics.NewDevice(graphicstest.New())
	must(t, err)
	inf := float32(math.Inf(1))
	for _, c := range []struct {
		field string
		s     graphics.SamplerState
	}{
		{"Filter", graphics.SamplerState{Filter: graphics.FilterMinPointMagLinearMipPoint + 1}},
		{"MaxAnisotropy", graphics.SamplerState{Filter: graphics.FilterAnisotropic, MaxAnisotropy: -1}},
		{"MaxAnisotropy", graphics.SamplerState{Filter: graphics.FilterAnisotropic, MaxAnisotropy: 17}},
		{"MaxMipLevel", graphics.SamplerState{MaxMipLevel: -1}},
		{"MaxMipLevel", graphics.SamplerState{MaxMipLevel: 32}},
		{"MipMapLevelOfDetailBias", graphics.SamplerState{MipMapLevelOfDetailBias: float32(math.NaN())}},
		{"MipMapLevelOfDetailBias", graphics.SamplerState{MipMapLevelOfDetailBias: inf}},
		{"MipMapLevelOfDetailBias", graphics.SamplerState{MipMapLevelOfDetailBias: -inf}},
	} {
		dev.SetSamplerState(c.s)
		err := dev.Err()
		if !errors.Is(err, graphics.ErrInvalid) || !strings.Contains(err.Error(), c.field) {
			t.Errorf("SetSamplerState(%+v) = %v, want ErrInvalid naming %s", c.s, err, c.field)
		}
		if dev.SamplerState() != graphics.LinearWrap {
			t.Fatalf("a refused state changed the device's: %+v", dev.SamplerState())
		}
		sb, err := graphics.NewSpriteBatch(dev)
		must(t, err)
		if err := sb.BeginWith(graphics.SpriteBatchSettings{Sampler: &c.s}); !errors.Is(err, graphics.ErrInvalid) {
			t.Errorf("sprite batch with %+v: %v, want ErrInvalid", c.s, err)
		}
	}
	for _, s := range []graphics.SamplerState{
		{Filter: graphics.FilterAnisotropic, MaxAnisotropy: 16, MaxMipLevel: 31, MipMapLevelOfDetailBias: -100},
		{Filter: graphics.FilterMinPointMagLinearMipPoint, MipMapLevelOfDetailBias: 3.5},
		graphics.AnisotropicClamp, graphics.AnisotropicWrap, graphics.PointClamp, graphics.LinearWrap,
	} {
		dev.SetSamplerState(s)
	}
}

// TestE4_PredefinedSamplersKeepTheirValues: the predefined states other
// than the anisotropic ones are what they were before mipmaps existed
// (zero in every new field); the anisotropic ones are real anisotropic
// filters with XNA's default of 4 samples.
func TestE4_PredefinedSamplersKeepTheirValues(t *testing.T) {
	c := graphics.AddressClamp
	want := map[string][2]graphics.SamplerState{
		"PointClamp":  {graphics.PointClamp, {Filter: graphics.FilterPoint, AddressU: c, AddressV: c, AddressW: c}},
		"PointWrap":   {graphics.PointWrap, {Filter: graphics.FilterPoint}},
		"LinearClamp": {graphics.LinearClamp, {AddressU: c, AddressV: c, AddressW: c}},
		"LinearWrap":  {graphics.LinearWrap, {}},
		"AnisotropicClamp": {graphics.AnisotropicClamp,
			{Filter: graphics.FilterAnisotropic, AddressU: c, AddressV: c, AddressW: c, MaxAnisotropy: 4}},
		"AnisotropicWrap": {graphics.AnisotropicWrap, {Filter: graphics.FilterAnisotropic, MaxAnisotropy: 4}},
	}
	for name, p := range want {
		if p[0] != p[1] {
			t.Errorf("%s = %+v, want %+v", name, p[0], p[1])
		}
	}
	if graphics.FilterLinear != 0 || graphics.FilterPoint != 1 || graphics.FilterAnisotropic != 2 {
		t.Errorf("TextureFilter values moved: Linear %d Point %d Anisotropic %d", graphics.FilterLinear, graphics.FilterPoint, graphics.FilterAnisotropic)
	}
}

// TestE4_AnisotropyWhereTheDeviceLacksItIsReported: on a backend without
// anisotropic filtering (the fake reports MaxAnisotropy 0) an anisotropic
// sampler is accepted, fits to plain linear filtering, and the device says
// so once; a device with a lower limit than asked caps the samples and
// says so; one that can do it all says nothing.
func TestE4_AnisotropyWhereTheDeviceLacksItIsReported(t *testing.T) {
	for _, c := range []struct {
		limit     int
		set       graphics.SamplerState
		fit       graphics.SamplerState
		fallback  string // a word the report holds, "" for none
		viaSprite bool
	}{
		{0, graphics.AnisotropicWrap, graphics.LinearWrap, "filter linearly", false},
		{0, graphics.AnisotropicClamp, graphics.LinearClamp, "filter linearly", true},
		{1, graphics.AnisotropicWrap, graphics.LinearWrap, "no anisotropic filtering", false},
		{2, graphics.SamplerState{Filter: graphics.FilterAnisotropic, MaxAnisotropy: 8},
			graphics.SamplerState{Filter: graphics.FilterAnisotropic, MaxAnisotropy: 2}, "take 2 samples", false},
		{16, graphics.SamplerState{Filter: graphics.FilterAnisotropic},
			graphics.SamplerState{Filter: graphics.FilterAnisotropic, MaxAnisotropy: 4}, "", false},
		{16, graphics.AnisotropicWrap, graphics.AnisotropicWrap, "", true},
		{0, graphics.LinearClamp, graphics.LinearClamp, "", false},
	} {
		fb := graphicstest.New()
		fb.Limit.MaxAnisotropy = c.limit
		dev, err := graphics.NewDevice(fb)
		must(t, err)
		if c.viaSprite {
			sb, err := graphics.NewSpriteBatch(dev)
			must(t, err)
			must(t, sb.BeginWith(graphics.SpriteBatchSettings{Sampler: &c.set}))
			must(t, sb.End())
		} else {
			dev.SetSamplerState(c.set)
		}
		if got := c.set.Fit(dev.Limits()); got != c.fit {
			t.Errorf("limit %d: Fit(%+v) = %+v, want %+v", c.limit, c.set, got, c.fit)
		}
		got := dev.SamplerFallback()
		if (c.fallback == "") != (got == "") || !strings.Contains(got, c.fallback) {
			t.Errorf("limit %d, %+v: SamplerFallback() = %q, want one holding %q", c.limit, c.set, got, c.fallback)
		}
		if got != "" {
			dev.SetSamplerState(graphics.SamplerState{Filter: graphics.FilterAnisotropic, MaxAnisotropy: 16})
			if again := dev.SamplerFallback(); again != got {
				t.Errorf("the report changed with a second state: %q, was %q", again, got)
			}
		}
	}
}
