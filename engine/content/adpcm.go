package content

import (
	"encoding/binary"
	"fmt"
)

// MS-ADPCM (WAVE format 2): blocks of 4-bit deltas predicted from the two
// previous samples with one of a set of coefficient pairs, the step size
// adapting per nibble. The block header gives the predictor index, the
// step and the first two samples of each channel.

var adpcmAdapt = [16]int32{230, 230, 230, 230, 307, 409, 512, 614, 768, 614, 512, 409, 307, 230, 230, 230}

var adpcmStandard = [][2]int32{{256, 0}, {512, -256}, {0, 0}, {192, 64}, {240, 0}, {460, -208}, {392, -232}}

// decodeADPCM decodes MS-ADPCM data with block alignment align; format is
// the WAVEFORMATEX, whose extension may carry the coefficient table.
func decodeADPCM(data, format []byte, ch, align int) ([]float32, error) {
	if align < 7*ch+1 || align > 1<<16 {
		return nil, badXNB("MS-ADPCM block align %d for %d channels", align, ch)
	}
	coef := adpcmStandard
	if len(format) >= 22 {
		n := int(binary.LittleEndian.Uint16(format[20:]))
		if n > 0 {
			if n > 256 || len(format) < 22+4*n {
				return nil, badXNB("MS-ADPCM coefficient table of %d pairs in a %d-byte format", n, len(format))
			}
			coef = make([][2]int32, n)
			for i := range coef {
				coef[i][0] = int32(int16(binary.LittleEndian.Uint16(format[22+4*i:])))
				coef[i][1] = int32(int16(binary.LittleEndian.Uint16(format[24+4*i:])))
			}
		}
	}
	perBlock := (align-7*ch)*2/ch + 2
	blocks := len(data) / align
	out := make([]float32, 0, (blocks+1)*perBlock*ch)
	for len(data) >= 7*ch {
		b := data[:min(align, len(data))]
		data = data[len(b):]
		var err error
		if out, err = adpcmBlock(out, b, ch, coef); err != nil {
			return nil, err
		}
	}
	return out, nil
}

type adpcmState struct {
	c1, c2, delta, s1, s2 int32
}

// next decodes one nibble. The prediction is floored (an arithmetic
// shift), as in Microsoft's reference codec and sox: dividing by 256
// rounds negative predictions toward zero instead, and the error then
// feeds back through the predictor (hundreds of LSB within a block).
func (s *adpcmState) next(nib byte) int32 {
	n := int32(nib)
	if n >= 8 {
		n -= 16
	}
	p := (s.s1*s.c1+s.s2*s.c2)>>8 + n*s.delta
	p = max(-32768, min(32767, p))
	s.s2, s.s1 = s.s1, p
	s.delta = max(adpcmAdapt[nib]*s.delta/256, 16)
	return p
}

// adpcmBlock decodes one block (possibly a short last one) onto out.
func adpcmBlock(out []float32, b []byte, ch int, coef [][2]int32) ([]float32, error) {
	var st [2]adpcmState
	for c := range ch {
		p := int(b[c])
		if p >= len(coef) {
			return nil, fmt.Errorf("MS-ADPCM predictor %d of %d: %w", p, len(coef), ErrBadXNB)
		}
		st[c].c1, st[c].c2 = coef[p][0], coef[p][1]
		st[c].delta = int32(int16(binary.LittleEndian.Uint16(b[ch+2*c:])))
		st[c].s1 = int32(int16(binary.LittleEndian.Uint16(b[3*ch+2*c:])))
		st[c].s2 = int32(int16(binary.LittleEndian.Uint16(b[5*ch+2*c:])))
	}
	for c := range ch {
		out = append(out, float32(st[c].s2)/32768)
	}
	for c := range ch {
		out = append(out, float32(st[c].s1)/32768)
	}
	c := 0
	for _, v := range b[7*ch:] {
		for _, nib := range [2]byte{v >> 4, v & 0xf} {
			out = append(out, float32(st[c].next(nib))/32768)
			c = (c + 1) % ch
		}
	}
	return out, nil
}
