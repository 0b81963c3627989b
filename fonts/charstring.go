package fonts

import (
	"errors"
	"fmt"
	"slices"
)

// errOverBudget stops a walk that has run MaxGlyphOperations.
var errOverBudget = errors.New("over budget")

// walk runs every glyph's charstring as sfnt will, without drawing, and
// refuses a font whose glyphs run more than the limits allow.
func (f *cffFont) walk(name func(g int) string) error {
	total := 0
	for _, subrs := range f.lsubrs {
		if len(subrs) > cffMaxSubrs {
			return fmt.Errorf("its CFF table has %d local subroutines, and cardpress reads at most %d", len(subrs), cffMaxSubrs)
		}
	}
	for g, cs := range f.charstrings {
		w := charstringWalk{font: f, lsubrs: f.lsubrs[0]}
		if f.fdOf != nil {
			w.lsubrs = f.lsubrs[f.fdOf[g]]
		}
		err := w.run(cs)
		switch {
		case errors.Is(err, errOverBudget):
			return fmt.Errorf("%s runs more than %d charstring operations (counting those of its subroutines, each time they run), and cardpress runs at most that", name(g), MaxGlyphOperations)
		case errors.As(err, new(unsupported)):
			return fmt.Errorf("%s: its charstring %v (CFF table)", name(g), err)
		case err != nil:
			return damaged("%s: its charstring %v (CFF table)", name(g), err)
		}
		if total += w.ops; total > MaxFontOperations {
			return fmt.Errorf("its glyphs run more than %d charstring operations in all, and cardpress runs at most that", MaxFontOperations)
		}
	}
	return nil
}

// unsupported is a charstring that is sound but uses what sfnt does not
// read: FONT_UNSUPPORTED rather than FONT_DAMAGED.
type unsupported string

func (e unsupported) Error() string { return string(e) }

// charstringWalk is one glyph's run of a Type 2 charstring, as sfnt's
// interpreter (x/image/font/sfnt, postscript.go) runs it: the same
// operators, the same operand counts, the same bytes skipped by hint
// masks, the same subroutine called. Only the outline is not drawn.
type charstringWalk struct {
	font      *cffFont
	lsubrs    [][]byte
	stack     []int32
	calls     [][]byte // what is left of each caller
	hintBits  int
	seenWidth bool
	ops       int
}

func (w *charstringWalk) run(code []byte) error {
	for {
		if len(code) == 0 {
			if len(w.calls) == 0 {
				return errors.New("ends without endchar")
			}
			return errors.New("has a subroutine that ends without return")
		}
		if w.ops++; w.ops > MaxGlyphOperations {
			return errOverBudget
		}
		n, size, err := charstringNumber(code)
		if err != nil {
			return err
		}
		if size > 0 {
			if len(w.stack) == cffMaxStack {
				return fmt.Errorf("has more than %d operands", cffMaxStack)
			}
			w.stack, code = append(w.stack, n), code[size:]
			continue
		}
		op := int(code[0])
		code = code[1:]
		if op == 12 {
			if len(code) == 0 {
				return errors.New("is cut short")
			}
			op, code = 1200+int(code[0]), code[1:]
		}
		var done bool
		if code, done, err = w.operator(op, code); err != nil || done {
			return err
		}
	}
}

// charstringNumber reads the operand at the start of code, and its size;
// size 0 is an operator.
func charstringNumber(code []byte) (int32, int, error) {
	short := func(n int) error {
		if len(code) < n {
			return errors.New("is cut short")
		}
		return nil
	}
	switch b := int32(code[0]); {
	case b == 28:
		if err := short(3); err != nil {
			return 0, 0, err
		}
		return int32(int16(u16(code, 1))), 3, nil
	case b < 32:
		return 0, 0, nil
	case b < 247:
		return b - 139, 1, nil
	case b < 251:
		if err := short(2); err != nil {
			return 0, 0, err
		}
		return (b-247)*256 + int32(code[1]) + 108, 2, nil
	case b < 255:
		if err := short(2); err != nil {
			return 0, 0, err
		}
		return -(b-251)*256 - int32(code[1]) - 108, 2, nil
	default:
		if err := short(5); err != nil {
			return 0, 0, err
		}
		// A 16.16 fixed-point number, rounded as sfnt rounds it.
		n := int32(u32(code, 1))
		return n>>16 + 1&(n>>15), 5, nil
	}
}

// operator runs op: the control flow and the stem count sfnt has, and
// the operand count each operator pops; done is a glyph's endchar.
func (w *charstringWalk) operator(op int, code []byte) (rest []byte, done bool, err error) {
	switch op {
	case 1, 3, 18, 23: // hstem, vstem, hstemhm, vstemhm
		err = w.stems()
	case 19, 20: // hintmask, cntrmask: hint bits of mask follow
		if len(w.stack) > 0 {
			err = w.stems()
		}
		w.seenWidth = true
		skip := (w.hintBits + 7) / 8
		if err == nil && len(code) < skip {
			err = errors.New("is cut short in a hint mask")
		}
		if err == nil {
			code = code[skip:]
		}
	case 4, 22: // vmoveto, hmoveto
		w.width(1)
	case 21: // rmoveto
		w.width(2)
	case 5, 6, 7, 8, 24, 25, 26, 27, 30, 31: // lines and curves
	case 1234, 1236: // hflex, hflex1: pop their operands, not all
		need := 7
		if op == 1236 {
			need = 9
		}
		if len(w.stack) < need {
			return nil, false, errors.New("has a flex with too few operands")
		}
		w.stack = w.stack[:len(w.stack)-need]
		return code, false, nil
	case 10, 29: // callsubr, callgsubr
		code, err = w.call(op, code)
		return code, false, err
	case 11: // return
		if len(w.calls) == 0 {
			return nil, false, errors.New("returns from no subroutine")
		}
		code, w.calls = w.calls[len(w.calls)-1], w.calls[:len(w.calls)-1]
		return code, false, nil
	case 14: // endchar
		w.width(0)
		if len(w.stack) != 0 {
			return nil, false, unsupported("uses endchar with operands (an accented character drawn as two, which sfnt does not read)")
		}
		if len(code) > 0 || slices.ContainsFunc(w.calls, func(c []byte) bool { return len(c) > 0 }) {
			return nil, false, errors.New("goes on after its endchar")
		}
		return nil, true, nil
	default:
		if op >= 1200 {
			return nil, false, unsupported(fmt.Sprintf("uses operator 12 %d, which sfnt does not read", op-1200))
		}
		return nil, false, unsupported(fmt.Sprintf("uses operator %d, which sfnt does not read", op))
	}
	w.stack = w.stack[:0]
	return code, false, err
}

// width drops the glyph's width, the optional first operand of its first
// stem, move or endchar, when there is one more operand than the operator
// takes (sfnt's t2CReadWidth); n < 0 is an even number of operands.
func (w *charstringWalk) width(n int) {
	if w.seenWidth {
		return
	}
	w.seenWidth = true
	if n >= 0 && len(w.stack) == n+1 || n < 0 && len(w.stack)%2 == 1 {
		w.stack = w.stack[1:]
	}
}

// stems counts stem hints: the hint mask's length depends on them.
func (w *charstringWalk) stems() error {
	w.width(-1)
	if len(w.stack)%2 != 0 {
		return errors.New("has a stem hint with an odd number of operands")
	}
	if w.hintBits += len(w.stack) / 2; w.hintBits > cffMaxHintBits {
		return fmt.Errorf("has more than %d stem hints", cffMaxHintBits)
	}
	return nil
}

// call enters the subroutine the top operand names, with sfnt's bias.
func (w *charstringWalk) call(op int, code []byte) ([]byte, error) {
	subrs := w.lsubrs
	if op == 29 {
		subrs = w.font.gsubrs
	}
	if len(w.stack) == 0 {
		return nil, errors.New("calls a subroutine without naming it")
	}
	if len(w.calls) == cffMaxCallDepth || len(subrs) == 0 {
		return nil, fmt.Errorf("nests subroutines more than %d deep, or calls one the font does not have", cffMaxCallDepth)
	}
	i := w.stack[len(w.stack)-1] + subrBias(len(subrs))
	w.stack = w.stack[:len(w.stack)-1]
	if i < 0 || int(i) >= len(subrs) {
		return nil, fmt.Errorf("calls subroutine %d of %d", i, len(subrs))
	}
	if len(subrs[i]) > cffMaxCharstring {
		return nil, fmt.Errorf("calls a subroutine of %d bytes, and sfnt reads at most %d", len(subrs[i]), cffMaxCharstring)
	}
	w.calls = append(w.calls, code)
	return subrs[i], nil
}

// subrBias is the Type 2 charstring subroutine number bias.
func subrBias(n int) int32 {
	switch {
	case n < 1240:
		return 107
	case n < 33900:
		return 1131
	}
	return 32768
}
