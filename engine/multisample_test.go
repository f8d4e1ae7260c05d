package engine

import "testing"

// TestG22_PreferMultiSamplingReachesTheRenderer: PreferMultiSampling set
// before the game starts asks the renderer for PreferredMultiSampleCount
// samples per pixel at creation; cleared and applied, the renderer gets a
// reset to 0; set and applied again, 8 again. A negative count in a Reset
// is an error that reaches no renderer.
func TestG22_PreferMultiSamplingReachesTheRenderer(t *testing.T) {
	g, p, _ := startGame(t, func(g *Game) { g.GraphicsDeviceManager().PreferMultiSampling = true })
	if got := p.rendCfg[0].Present.MultiSampleCount; got != PreferredMultiSampleCount {
		t.Errorf("create: renderer asked for %d samples, want %d", got, PreferredMultiSampleCount)
	}
	if got := g.GraphicsDevice().PresentationParameters().MultiSampleCount; got != PreferredMultiSampleCount {
		t.Errorf("PresentationParameters.MultiSampleCount %d, want %d", got, PreferredMultiSampleCount)
	}
	gm := g.GraphicsDeviceManager()
	gm.PreferMultiSampling = false
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	gm.PreferMultiSampling = true
	if err := gm.ApplyChanges(); err != nil {
		t.Fatal(err)
	}
	var got []int
	for _, s := range p.renderer.sets {
		got = append(got, s.MultiSampleCount)
	}
	if len(got) != 2 || got[0] != 0 || got[1] != PreferredMultiSampleCount {
		t.Errorf("SetPresentation sample counts %v, want [0 %d]", got, PreferredMultiSampleCount)
	}
	pp := g.GraphicsDevice().PresentationParameters()
	pp.MultiSampleCount = -1
	n := len(p.renderer.sets)
	if err := g.GraphicsDevice().Reset(pp); err == nil || len(p.renderer.sets) != n {
		t.Errorf("MultiSampleCount -1: err %v, renderer calls %d -> %d", err, n, len(p.renderer.sets))
	}
}
