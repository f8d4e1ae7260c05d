package graphics

// CompileWGSLStages exposes the per-stage SPIR-V NewEffectWGSL hands the
// backend, for spirv-val.
func CompileWGSLStages(src string) (vertex, fragment []byte, err error) {
	c, err := compileWGSL(src)
	if err != nil {
		return nil, nil, err
	}
	return c.vertex, c.fragment, nil
}
