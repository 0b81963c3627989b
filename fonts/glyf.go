package fonts

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

// checkGlyphs reads the header of every glyph, the outline sizes of plain
// ones and the component records of composite ones, each within its own
// bytes, and keeps the components for checkComposites.
func (f *fontFile) checkGlyphs() error {
	glyf := f.table("glyf")
	f.first = make([]int32, f.numGlyphs+1)
	copied := 0 // what the PDF writer copies of composite glyphs
	for g := range f.numGlyphs {
		f.first[g] = int32(len(f.comps))
		data := glyf[f.loca[g]:f.loca[g+1]]
		switch {
		case len(data) == 0: // a blank glyph, such as the space
		case len(data) < 10:
			return damaged("%s is %d bytes, shorter than a glyph's header (glyf table)", f.glyphName(int32(g), nil), len(data))
		case int16(u16(data, 0)) >= 0:
			if err := f.plainGlyph(data, g); err != nil {
				return err
			}
		default:
			if err := f.compositeGlyph(data, g); err != nil {
				return err
			}
			if copied += len(data) * (len(f.comps) - int(f.first[g])); copied > MaxCompositeBytes {
				return fmt.Errorf("its composite glyphs are too large: their bytes times their components come to more than %d MiB, and cardpress reads at most that", MaxCompositeBytes>>20)
			}
		}
	}
	f.first[f.numGlyphs] = int32(len(f.comps))
	return nil
}

// plainGlyph checks that a glyph of contours holds its contours' ends and
// its instructions; one of no contours needs nothing past its header.
func (f *fontFile) plainGlyph(data []byte, g int) error {
	contours := u16(data, 0)
	at := 10 + 2*contours
	if contours > 0 && (at+2 > len(data) || at+2+u16(data, at) > len(data)) {
		return damaged("%s is too short for its %d contours and instructions (glyf table)", f.glyphName(int32(g), nil), contours)
	}
	return nil
}

// compositeGlyph reads the component records of glyph g, each a glyph of
// the font, with the record's size as the PDF writer reads it: at most one
// kind of scale.
func (f *fontFile) compositeGlyph(data []byte, g int) error {
	for at := 10; ; {
		if at+4 > len(data) {
			return damaged("composite %s is cut short (glyf table)", f.glyphName(int32(g), nil))
		}
		flags, c := u16(data, at), u16(data, at+2)
		if c >= f.numGlyphs {
			return damaged("composite %s is made of glyph %d, and the font has %d", f.glyphName(int32(g), nil), c, f.numGlyphs)
		}
		at += 4 + 2
		if flags&argWords != 0 {
			at += 2
		}
		switch flags & (haveScale | haveXYScale | have2x2) {
		case 0:
		case haveScale:
			at += 2
		case haveXYScale:
			at += 4
		case have2x2:
			at += 8
		default:
			return damaged("composite %s has a component with more than one kind of scale", f.glyphName(int32(g), nil))
		}
		if at > len(data) {
			return damaged("composite %s is cut short (glyf table)", f.glyphName(int32(g), nil))
		}
		switch {
		case len(f.comps)-int(f.first[g]) >= MaxGlyphComponents:
			return f.tooManyComponents(f.glyphName(int32(g), nil))
		case len(f.comps) >= MaxFontComponents:
			return f.tooManyComponents("")
		}
		f.comps = append(f.comps, uint16(c))
		if flags&moreComponents == 0 {
			return nil
		}
	}
}

// checkComposites follows the components of every composite glyph, depth
// first with a stack of its own (a recursion would be what it guards
// against), and refuses a glyph that contains itself, nests deeper than
// MaxComponentDepth, or expands to more than MaxGlyphComponents; and a
// font whose glyphs expand to more than MaxFontComponents in all.
func (f *fontFile) checkComposites() error {
	const (
		unseen = iota
		open   // on the stack: meeting it again is a cycle
		done
	)
	state := make([]uint8, f.numGlyphs)
	depth := make([]uint8, f.numGlyphs)
	expanded := make([]int32, f.numGlyphs) // capped at MaxGlyphComponents+1
	var stack []frame
	total := 0
	for root := range f.numGlyphs {
		if state[root] != unseen {
			continue
		}
		state[root] = open
		stack = append(stack[:0], frame{int32(root), f.first[root]})
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			if top.next < f.first[top.g+1] {
				c := int32(f.comps[top.next])
				top.next++
				switch state[c] {
				case open:
					return f.cycle(stack, c)
				case unseen:
					state[c] = open
					stack = append(stack, frame{c, f.first[c]})
				}
				continue
			}
			g := top.g
			stack = stack[:len(stack)-1]
			state[g] = done
			d, e := 0, 0
			for _, c := range f.comps[f.first[g]:f.first[g+1]] {
				d = max(d, int(depth[c])+1)
				e = min(e+1+int(expanded[c]), MaxGlyphComponents+1)
			}
			switch {
			case d > MaxComponentDepth:
				return fmt.Errorf("%s nests composite glyphs %d deep, and cardpress reads at most %d", f.glyphName(g, stack), d, MaxComponentDepth)
			case e > MaxGlyphComponents:
				return f.tooManyComponents(f.glyphName(g, stack))
			}
			depth[g], expanded[g] = uint8(d), int32(e)
			if total += e; total > MaxFontComponents {
				return f.tooManyComponents("")
			}
		}
	}
	return nil
}

// frame is a glyph on checkComposites' stack and its next component.
type frame struct{ g, next int32 }

// tooManyComponents words a glyph, or the whole font (""), over the limits
// of expanded components.
func (f *fontFile) tooManyComponents(glyph string) error {
	if glyph == "" {
		return fmt.Errorf("its composite glyphs expand to more than %d components in all, and cardpress reads at most that", MaxFontComponents)
	}
	return fmt.Errorf("%s is made of more than %d components (counting those of the composite glyphs in it, each time they occur), and cardpress reads at most that", glyph, MaxGlyphComponents)
}

// cycle words the cycle closed by component c of the glyph on top of the
// stack, where c is too.
func (f *fontFile) cycle(stack []frame, c int32) error {
	if stack[len(stack)-1].g == c {
		return damaged("%s is made of itself (a composite glyph that contains itself)", f.glyphName(c, nil))
	}
	i := len(stack) - 1
	for stack[i].g != c {
		i--
	}
	var path []string
	for j, fr := range stack[i:] {
		if n := len(stack) - i; n > 6 && j == 3 {
			path = append(path, fmt.Sprintf("… %d more …", n-5))
		}
		if n := len(stack) - i; n <= 6 || j < 3 || j >= n-2 {
			path = append(path, strconv.Itoa(int(fr.g)))
		}
	}
	return damaged("%s is made of itself through other composite glyphs (a cycle: glyph %s → %d)", f.glyphName(c, nil), strings.Join(path, " → "), c)
}

// glyphName names glyph g with a character that prints it; for a glyph no
// character maps to, with the glyph at the bottom of stack, whose
// components it is among.
func (f *fontFile) glyphName(g int32, stack []frame) string {
	name := fmt.Sprintf("glyph %d", g)
	if r := f.charOf(int(g)); r >= 0 {
		return name + " (" + showChar(r) + ")"
	}
	if len(stack) > 0 && stack[0].g != g {
		if r := f.charOf(int(stack[0].g)); r >= 0 {
			return fmt.Sprintf("%s, part of glyph %d (%s),", name, stack[0].g, showChar(r))
		}
	}
	return name
}

// showChar is U+XXXX and the character, when it shows on its own.
func showChar(r rune) string {
	if unicode.In(r, unicode.L, unicode.N, unicode.P, unicode.S) {
		return fmt.Sprintf("U+%04X %c", r, r)
	}
	return fmt.Sprintf("U+%04X", r)
}
