package spirv

import (
	"errors"
	"fmt"
	"strings"
)

// ErrRefused is wrapped (with ErrInvalid) by Validate's errors about a
// module that may be valid SPIR-V but uses what the validator does not
// check or the device lacks: an opcode, capability, decoration or
// storage class outside the set GLSL 450 shaders for the engine use.
var ErrRefused = errors.New("spirv: not supported")

// Features are the optional shader features a device has enabled: a
// module declaring the matching capability is refused without them.
type Features struct {
	// Float64, Int64 and Int16 allow 64-bit floats, 64-bit and 16-bit
	// integers (Vulkan's shaderFloat64, shaderInt64, shaderInt16).
	Float64, Int64, Int16 bool
	// ClipDistance and CullDistance allow writing gl_ClipDistance and
	// gl_CullDistance (Vulkan's shaderClipDistance, shaderCullDistance).
	ClipDistance, CullDistance bool
}

// Validate checks a SPIR-V module for what a Vulkan 1.0 driver relies on,
// before the module reaches it: the header; every instruction's word
// count, operands and strings; the layout of the module's sections;
// every id defined once, below the bound, and defined where it is used
// (before it, or dominating it within a function); that types are types
// and every instruction's operands have the types it takes; structured
// control flow; the capabilities (against f); one vertex or fragment
// entry point with its interface; std140 layout of uniform blocks;
// locations and built-ins of the stage's inputs and outputs.
//
// It is deliberately conservative: it accepts the instructions,
// decorations and types that GLSL 450 compiled by glslc (without -O, for
// Vulkan 1.0, SPIR-V 1.0) uses for vertex and fragment shaders, and
// refuses the rest with an error wrapping ErrRefused. Every error wraps
// ErrInvalid and names the instruction and what is wrong.
func Validate(words []uint32, f Features) error {
	v := &validator{features: f}
	if err := v.header(words); err != nil {
		return err
	}
	if err := v.parse(words); err != nil {
		return err
	}
	if err := v.check(); err != nil {
		return err
	}
	return nil
}

// ValidateBytes is Validate of little-endian bytes.
func ValidateBytes(b []byte, f Features) error {
	w, err := Words(b)
	if err != nil {
		return err
	}
	return Validate(w, f)
}

// opcode numbers the validator knows.
const (
	opNop                     = 0
	opUndef                   = 1
	opSourceContinued         = 2
	opSource                  = 3
	opSourceExtension         = 4
	opString                  = 7
	opLine                    = 8
	opExtension               = 10
	opExtInstImport           = 11
	opExtInst                 = 12
	opMemoryModel             = 14
	opExecutionMode           = 16
	opCapability              = 17
	opTypeFunction            = 33
	opConstantTrue            = 41
	opConstantFalse           = 42
	opConstantComposite       = 44
	opConstantNull            = 46
	opFunction                = 54
	opFunctionParameter       = 55
	opFunctionEnd             = 56
	opFunctionCall            = 57
	opLoad                    = 61
	opStore                   = 62
	opAccessChain             = 65
	opInBoundsAccessChain     = 66
	opVectorExtractDynamic    = 77
	opVectorInsertDynamic     = 78
	opVectorShuffle           = 79
	opCompositeConstruct      = 80
	opCompositeExtract        = 81
	opCompositeInsert         = 82
	opCopyObject              = 83
	opTranspose               = 84
	opImageSampleImplicitLod  = 87
	opImageSampleExplicitLod  = 88
	opConvertFToU             = 109
	opConvertFToS             = 110
	opConvertSToF             = 111
	opConvertUToF             = 112
	opUConvert                = 113
	opSConvert                = 114
	opFConvert                = 115
	opBitcast                 = 124
	opSNegate                 = 126
	opFNegate                 = 127
	opIAdd                    = 128
	opFAdd                    = 129
	opISub                    = 130
	opFSub                    = 131
	opIMul                    = 132
	opFMul                    = 133
	opUDiv                    = 134
	opSDiv                    = 135
	opFDiv                    = 136
	opUMod                    = 137
	opSRem                    = 138
	opSMod                    = 139
	opFRem                    = 140
	opFMod                    = 141
	opVectorTimesScalar       = 142
	opMatrixTimesScalar       = 143
	opVectorTimesMatrix       = 144
	opMatrixTimesVector       = 145
	opMatrixTimesMatrix       = 146
	opOuterProduct            = 147
	opDot                     = 148
	opAny                     = 154
	opAll                     = 155
	opIsNan                   = 156
	opIsInf                   = 157
	opLogicalEqual            = 164
	opLogicalNotEqual         = 165
	opLogicalOr               = 166
	opLogicalAnd              = 167
	opLogicalNot              = 168
	opSelect                  = 169
	opIEqual                  = 170
	opSLessThanEqual          = 179
	opFOrdEqual               = 180
	opFUnordGreaterThanEqual  = 191
	opShiftRightLogical       = 194
	opShiftRightArithmetic    = 195
	opShiftLeftLogical        = 196
	opBitwiseOr               = 197
	opBitwiseXor              = 198
	opBitwiseAnd              = 199
	opNot                     = 200
	opDPdx                    = 207
	opDPdy                    = 208
	opFwidth                  = 209
	opPhi                     = 245
	opLoopMerge               = 246
	opSelectionMerge          = 247
	opLabel                   = 248
	opBranch                  = 249
	opBranchConditional       = 250
	opSwitch                  = 251
	opKill                    = 252
	opReturn                  = 253
	opReturnValue             = 254
	opUnreachable             = 255
	opNoLine                  = 317
	scPrivate                 = 6
	scFunction                = 7
	version10                 = 0x00010000
	maxBound                  = 1 << 20
	maxArrayLength            = 1 << 16
	decRelaxedPrecision       = 0
	decColMajor               = 5
	decNoPerspective          = 13
	decFlat                   = 14
	decCentroid               = 16
	decInvariant              = 18
	builtinPosition           = 0
	builtinPointSize          = 1
	builtinClipDistance       = 3
	builtinCullDistance       = 4
	builtinFragCoord          = 15
	builtinPointCoord         = 16
	builtinFrontFacing        = 17
	builtinFragDepth          = 22
	builtinVertexIndex        = 42
	builtinInstanceIndex      = 43
	modelVertex               = 0
	modelFragment             = 4
	modeOriginUpperLeft       = 7
	modeEarlyFragmentTests    = 9
	modeDepthReplacing        = 12
	modeDepthGreater          = 14
	modeDepthUnchanged        = 16
	capMatrix                 = 0
	capShader                 = 1
	capFloat64                = 10
	capInt64                  = 11
	capInt16                  = 22
	capClipDistance           = 32
	capCullDistance           = 33
	imageOperandBias          = 1
	imageOperandLod           = 2
	imageOperandGrad          = 4
	loopControlMask           = 3
	selectionControlMask      = 3
	memoryAccessVolatileOrNT  = 1 | 4
	glslStd450                = "GLSL.std.450"
	sectionCapability         = 0
	sectionExtInstImport      = 1
	sectionMemoryModel        = 2
	sectionEntryPoint         = 3
	sectionExecutionMode      = 4
	sectionDebug1             = 5
	sectionDebug2             = 6
	sectionAnnotation         = 7
	sectionGlobal             = 8
	sectionFunction           = 9
	noIndex                   = -1
	maxStructMembers          = 1 << 12
	maxFunctionParameters     = 255
	maxInterfaceLocationCount = 64
)

// operand kinds of the grammar strings: T result type, R result id, I id,
// L literal word, S string; '?' makes the rest optional, '*' repeats the
// last kind (or pair of kinds) to the end.
var grammar = map[uint16]string{
	opUndef: "TR", opSourceContinued: "S", opSource: "LL?IS", opSourceExtension: "S", opName: "IS",
	opMemberName: "ILS", opString: "RS", opLine: "ILL", opExtInstImport: "RS", opExtInst: "TRIL*I",
	opMemoryModel: "LL", opEntryPoint: "LIS*I", opExecutionMode: "IL*L", opCapability: "L",
	opTypeVoid: "R", opTypeBool: "R", opTypeInt: "RLL", opTypeFloat: "RL", opTypeVector: "RIL",
	opTypeMatrix: "RIL", opTypeImage: "RILLLLLL", opTypeSampler: "R", opTypeSampledImage: "RI",
	opTypeArray: "RII", opTypeStruct: "R*I", opTypePointer: "RLI", opTypeFunction: "RI*I",
	opConstantTrue: "TR", opConstantFalse: "TR", opConstant: "TRL*L", opConstantComposite: "TR*I",
	opConstantNull: "TR", opFunction: "TRLI", opFunctionParameter: "TR", opFunctionEnd: "",
	opFunctionCall: "TRI*I", opVariable: "TRL?I", opLoad: "TRI?L", opStore: "II?L",
	opAccessChain: "TRI*I", opInBoundsAccessChain: "TRI*I", opDecorate: "IL*L", opMemberDecorate: "ILL*L",
	opVectorExtractDynamic: "TRII", opVectorInsertDynamic: "TRIII", opVectorShuffle: "TRII*L",
	opCompositeConstruct: "TR*I", opCompositeExtract: "TRI*L", opCompositeInsert: "TRII*L",
	opCopyObject: "TRI", opTranspose: "TRI", opImageSampleImplicitLod: "TRII?L*I",
	opImageSampleExplicitLod: "TRIIL*I", opPhi: "TR*II", opLoopMerge: "IIL", opSelectionMerge: "IL",
	opLabel: "R", opBranch: "I", opBranchConditional: "III*L", opSwitch: "II*LI", opKill: "",
	opReturn: "", opReturnValue: "I", opUnreachable: "", opNoLine: "",
}

func init() {
	for op := uint16(opConvertFToU); op <= opFConvert; op++ {
		grammar[op] = "TRI"
	}
	grammar[opBitcast], grammar[opSNegate], grammar[opFNegate] = "TRI", "TRI", "TRI"
	for op := uint16(opIAdd); op <= opDot; op++ {
		grammar[op] = "TRII"
	}
	for _, op := range []uint16{opAny, opAll, opIsNan, opIsInf, opLogicalNot, opNot, opDPdx, opDPdy, opFwidth} {
		grammar[op] = "TRI"
	}
	for op := uint16(opLogicalEqual); op <= opLogicalAnd; op++ {
		grammar[op] = "TRII"
	}
	grammar[opSelect] = "TRIII"
	for op := uint16(opIEqual); op <= opFUnordGreaterThanEqual; op++ {
		grammar[op] = "TRII"
	}
	for op := uint16(opShiftRightLogical); op <= opBitwiseAnd; op++ {
		grammar[op] = "TRII"
	}
}

var opNames = map[uint16]string{
	opUndef: "OpUndef", opSource: "OpSource", opName: "OpName", opMemberName: "OpMemberName",
	opExtInstImport: "OpExtInstImport", opExtInst: "OpExtInst", opMemoryModel: "OpMemoryModel",
	opEntryPoint: "OpEntryPoint", opExecutionMode: "OpExecutionMode", opCapability: "OpCapability",
	opTypeVoid: "OpTypeVoid", opTypeBool: "OpTypeBool", opTypeInt: "OpTypeInt", opTypeFloat: "OpTypeFloat",
	opTypeVector: "OpTypeVector", opTypeMatrix: "OpTypeMatrix", opTypeImage: "OpTypeImage",
	opTypeSampledImage: "OpTypeSampledImage", opTypeArray: "OpTypeArray", opTypeStruct: "OpTypeStruct",
	opTypePointer: "OpTypePointer", opTypeFunction: "OpTypeFunction", opConstant: "OpConstant",
	opConstantComposite: "OpConstantComposite", opFunction: "OpFunction", opFunctionCall: "OpFunctionCall",
	opVariable: "OpVariable", opLoad: "OpLoad", opStore: "OpStore", opAccessChain: "OpAccessChain",
	opDecorate: "OpDecorate", opMemberDecorate: "OpMemberDecorate", opVectorShuffle: "OpVectorShuffle",
	opCompositeConstruct: "OpCompositeConstruct", opCompositeExtract: "OpCompositeExtract",
	opCompositeInsert: "OpCompositeInsert", opImageSampleImplicitLod: "OpImageSampleImplicitLod",
	opImageSampleExplicitLod: "OpImageSampleExplicitLod", opPhi: "OpPhi", opLoopMerge: "OpLoopMerge",
	opSelectionMerge: "OpSelectionMerge", opLabel: "OpLabel", opBranch: "OpBranch",
	opBranchConditional: "OpBranchConditional", opSwitch: "OpSwitch", opReturn: "OpReturn",
	opReturnValue: "OpReturnValue", opFAdd: "OpFAdd", opFMul: "OpFMul", opFSub: "OpFSub", opFDiv: "OpFDiv",
	opIAdd: "OpIAdd", opVectorTimesScalar: "OpVectorTimesScalar", opMatrixTimesVector: "OpMatrixTimesVector",
	opMatrixTimesMatrix: "OpMatrixTimesMatrix", opDot: "OpDot", opSelect: "OpSelect", opKill: "OpKill",
}

// opNameOf names an opcode for messages.
func opNameOf(op uint16) string {
	if n, ok := opNames[op]; ok {
		return n
	}
	return fmt.Sprintf("opcode %d", op)
}

// inst is one parsed instruction.
type inst struct {
	op       uint16
	at       int      // word offset in the module
	typ, res uint32   // result type and result id (0 when none)
	ops      []uint32 // the operands after the result type and id
	str      string   // the string operand, if any
	strAt    int      // index in ops where the words after the string start
	fn       int      // function index, -1 outside functions
	block    int      // block index within the function, -1 outside one
}

// fnInfo is one function.
type fnInfo struct {
	def     *inst
	params  []*inst
	blocks  []*block
	byLabel map[uint32]int
	callees []uint32
}

type block struct {
	label  uint32
	insts  []*inst
	succ   []int
	pred   []int
	merge  *inst // the block's OpSelectionMerge or OpLoopMerge
	term   *inst
	idom   int
	reach  bool
	rpo    int
	header bool
}

type validator struct {
	features Features
	bound    uint32
	insts    []*inst
	defs     map[uint32]*inst
	fns      []*fnInfo
	caps     map[uint32]bool
	entry    *inst
	model    uint32
	modes    map[uint32]bool
	decos    map[decoKey][]uint32
	glsl     uint32
	pos      map[*inst]int // position within its block
	clipCull uint32        // clip and cull distances declared
}

type decoKey struct {
	id     uint32
	member int32 // -1 for the id itself
	dec    uint32
}

func (v *validator) errf(in *inst, format string, args ...any) error {
	where := ""
	if in != nil {
		where = fmt.Sprintf(" at word %d (%s", in.at, opNameOf(in.op))
		if in.res != 0 {
			where += fmt.Sprintf(" %%%d", in.res)
		}
		where += ")"
	}
	return fmt.Errorf("spirv: invalid module%s: %s: %w", where, fmt.Sprintf(format, args...), ErrInvalid)
}

func (v *validator) refuse(in *inst, format string, args ...any) error {
	where := ""
	if in != nil {
		where = fmt.Sprintf(" at word %d (%s)", in.at, opNameOf(in.op))
	}
	return fmt.Errorf("spirv: module refused%s: %s: %w: %w", where, fmt.Sprintf(format, args...), ErrRefused, ErrInvalid)
}

func (v *validator) header(w []uint32) error {
	if len(w) < spirvHeaderWords || w[0] != Magic {
		return v.errf(nil, "no SPIR-V header (magic number %#08x)", Magic)
	}
	if w[1] != version10 {
		return v.refuse(nil, "SPIR-V version %d.%d: compile for Vulkan 1.0 (glslc --target-env=vulkan1.0 writes SPIR-V 1.0)", w[1]>>16&0xff, w[1]>>8&0xff)
	}
	if w[4] != 0 {
		return v.errf(nil, "header schema word is %d, want 0", w[4])
	}
	if w[3] == 0 || w[3] > maxBound || int(w[3]) > 4*len(w) {
		return v.refuse(nil, "id bound %d (the module has %d words)", w[3], len(w))
	}
	v.bound = w[3]
	return nil
}

// sectionOf returns the layout section an opcode belongs to outside a
// function (-1: anywhere in the global section or a function).
func sectionOf(op uint16) int {
	switch op {
	case opCapability:
		return sectionCapability
	case opExtInstImport:
		return sectionExtInstImport
	case opMemoryModel:
		return sectionMemoryModel
	case opEntryPoint:
		return sectionEntryPoint
	case opExecutionMode:
		return sectionExecutionMode
	case opString, opSourceExtension, opSource, opSourceContinued:
		return sectionDebug1
	case opName, opMemberName:
		return sectionDebug2
	case opDecorate, opMemberDecorate:
		return sectionAnnotation
	case opFunction:
		return sectionFunction
	case opLine, opNoLine:
		return -1
	}
	return sectionGlobal
}

// parse splits the module into instructions, checks each against its
// grammar, the sections' order and the functions' shape, and records
// every result id.
func (v *validator) parse(w []uint32) error {
	v.defs = map[uint32]*inst{}
	section := sectionCapability
	memoryModels := 0
	var fn *fnInfo
	var blk *block
	inBody := false // past the function's parameters
	for i := spirvHeaderWords; i < len(w); {
		n := int(w[i] >> 16)
		op := uint16(w[i])
		if n == 0 || i+n > len(w) {
			return v.errf(nil, "instruction at word %d (opcode %d) has word count %d, past the end of the %d-word module", i, op, n, len(w))
		}
		in := &inst{op: op, at: i, fn: -1, block: -1, strAt: -1}
		g, ok := grammar[op]
		if !ok {
			return v.refuse(in, "the opcode is not one the engine's validator accepts (GLSL 450 vertex and fragment shaders from glslc)")
		}
		if err := v.operands(in, g, w[i+1:i+n]); err != nil {
			return err
		}
		i += n
		if strings.Contains(g, "R") {
			if in.res == 0 || in.res >= v.bound {
				return v.errf(in, "result id %d is not below the bound %d", in.res, v.bound)
			}
			if v.defs[in.res] != nil {
				return v.errf(in, "id %d is defined twice", in.res)
			}
			v.defs[in.res] = in
		}
		for _, id := range v.idOperands(in) {
			if id == 0 || id >= v.bound {
				return v.errf(in, "operand id %d is not between 1 and the bound %d", id, v.bound)
			}
		}
		v.insts = append(v.insts, in)
		if fn == nil {
			s := sectionOf(op)
			if s == sectionFunction && op != opFunction {
				return v.errf(in, "the instruction is outside a function")
			}
			if s >= 0 {
				if s < section {
					return v.errf(in, "the instruction is out of the module's section order")
				}
				section = s
			} else if section < sectionGlobal {
				return v.errf(in, "OpLine before the types section")
			}
			switch op {
			case opMemoryModel:
				memoryModels++
			case opFunction:
				if memoryModels != 1 {
					return v.errf(in, "%d OpMemoryModel instructions, want 1", memoryModels)
				}
				fn = &fnInfo{def: in, byLabel: map[uint32]int{}}
				v.fns = append(v.fns, fn)
				in.fn = len(v.fns) - 1
				blk, inBody = nil, false
			}
			continue
		}
		in.fn = len(v.fns) - 1
		switch {
		case op == opFunctionParameter:
			if inBody {
				return v.errf(in, "OpFunctionParameter after the function's first block")
			}
			fn.params = append(fn.params, in)
			continue
		case op == opFunctionEnd:
			if blk != nil && blk.term == nil {
				return v.errf(in, "the function's last block has no terminator")
			}
			if len(fn.blocks) == 0 {
				return v.refuse(in, "function %%%d has no body (declarations need the Linkage capability)", fn.def.res)
			}
			fn = nil
			continue
		case op == opLabel:
			if blk != nil && blk.term == nil {
				return v.errf(in, "a block ends without a terminator before label %%%d", in.res)
			}
			inBody = true
			blk = &block{label: in.res, idom: -1}
			fn.byLabel[in.res] = len(fn.blocks)
			fn.blocks = append(fn.blocks, blk)
			in.block = len(fn.blocks) - 1
			blk.insts = append(blk.insts, in)
			continue
		case op == opLine || op == opNoLine:
			if blk == nil || blk.term != nil {
				continue
			}
		case sectionOf(op) != sectionGlobal || op == opTypeVoid || isTypeOp(op) || isConstantOp(op):
			return v.errf(in, "the instruction may not be inside a function")
		}
		if blk == nil || blk.term != nil {
			return v.errf(in, "the instruction is outside a block (no OpLabel before it)")
		}
		in.block = len(fn.blocks) - 1
		if prev := blk.insts[len(blk.insts)-1]; prev.op == opSelectionMerge || prev.op == opLoopMerge {
			ok := op == opBranchConditional || op == opSwitch
			if prev.op == opLoopMerge {
				ok = op == opBranch || op == opBranchConditional
			}
			if !ok {
				return v.errf(in, "%s must be followed by a branch", opNameOf(prev.op))
			}
		}
		switch op {
		case opVariable:
			if len(fn.blocks) != 1 || !allVariables(blk.insts[1:]) {
				return v.errf(in, "a function's variables must come first in its first block")
			}
		case opPhi:
			if !allPhis(blk.insts[1:]) {
				return v.errf(in, "OpPhi must come at the start of its block")
			}
		case opSelectionMerge, opLoopMerge:
			if blk.merge != nil {
				return v.errf(in, "a block has two merge instructions")
			}
			blk.merge = in
		}
		blk.insts = append(blk.insts, in)
		if isTerminator(op) {
			blk.term = in
		}
	}
	if fn != nil {
		return v.errf(nil, "the module ends inside function %%%d", fn.def.res)
	}
	if memoryModels != 1 {
		return v.errf(nil, "%d OpMemoryModel instructions, want 1", memoryModels)
	}
	return nil
}

func allVariables(in []*inst) bool {
	for _, x := range in {
		if x.op != opVariable && x.op != opLine && x.op != opNoLine {
			return false
		}
	}
	return true
}

func allPhis(in []*inst) bool {
	for _, x := range in {
		if x.op != opPhi && x.op != opLine && x.op != opNoLine {
			return false
		}
	}
	return true
}

func isTerminator(op uint16) bool {
	switch op {
	case opBranch, opBranchConditional, opSwitch, opReturn, opReturnValue, opKill, opUnreachable:
		return true
	}
	return false
}

func isTypeOp(op uint16) bool {
	return op >= opTypeVoid && op <= opTypeFunction
}

func isConstantOp(op uint16) bool {
	return op >= opConstantTrue && op <= opConstantNull
}

// operands splits an instruction's operand words by its grammar.
func (v *validator) operands(in *inst, g string, w []uint32) error {
	k := 0
	optional := false
	var out []uint32
	for gi := 0; gi < len(g); gi++ {
		c := g[gi]
		switch c {
		case '?':
			optional = true
			continue
		case '*':
			rest := g[gi+1:]
			if len(w[k:])%len(rest) != 0 {
				return v.errf(in, "%d trailing operand words do not make whole groups of %d", len(w[k:]), len(rest))
			}
			out = append(out, w[k:]...)
			in.ops = out
			return nil
		}
		if k >= len(w) {
			if optional {
				break
			}
			return v.errf(in, "too few operands (word count %d)", len(w)+1)
		}
		switch c {
		case 'T':
			in.typ = w[k]
			k++
		case 'R':
			in.res = w[k]
			k++
		case 'I', 'L':
			out = append(out, w[k])
			k++
		case 'S':
			s, n, ok := literalString(w[k:])
			if !ok {
				return v.errf(in, "a string operand is not nul-terminated within the instruction")
			}
			in.str = s
			k += n
			in.strAt = len(out)
		}
	}
	if k != len(w) {
		return v.errf(in, "%d operand words past the end of its operands", len(w)-k)
	}
	in.ops = out
	return nil
}

// literalString decodes a nul-terminated string and the words it takes.
func literalString(w []uint32) (string, int, bool) {
	b := make([]byte, 0, 16)
	for i, x := range w {
		for k := range 4 {
			c := byte(x >> (8 * k))
			if c == 0 {
				for k2 := k + 1; k2 < 4; k2++ { // the padding must be nuls
					if byte(x>>(8*k2)) != 0 {
						return "", 0, false
					}
				}
				return string(b), i + 1, true
			}
			b = append(b, c)
		}
	}
	return "", 0, false
}

// idOperands returns the operand ids an instruction uses (not literals),
// by its opcode.
func (v *validator) idOperands(in *inst) []uint32 {
	var ids []uint32
	if in.typ != 0 || grammarHasT(in.op) {
		ids = append(ids, in.typ)
	}
	g := grammar[in.op]
	// walk the grammar over ops, skipping T, R and S.
	k := 0
	var rep string
	for gi := 0; gi < len(g) && k < len(in.ops); gi++ {
		c := g[gi]
		switch c {
		case 'T', 'R', '?':
			continue
		case 'S':
			continue
		case '*':
			rep = g[gi+1:]
		}
		if rep != "" {
			for j := 0; k < len(in.ops); j++ {
				if rep[j%len(rep)] == 'I' {
					ids = append(ids, in.ops[k])
				}
				k++
			}
			break
		}
		if c == 'I' {
			ids = append(ids, in.ops[k])
		}
		k++
	}
	return ids
}

func grammarHasT(op uint16) bool {
	g := grammar[op]
	return len(g) > 0 && g[0] == 'T'
}
