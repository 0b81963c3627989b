package check

import (
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"

	"github.com/lucasb-eyer/go-colorful"
)

// MinTokenDeltaE is the least CIEDE2000 colour difference (ΔE00) two token
// colours of one game should have. 2.3 is the smallest difference an eye
// sees side by side; tokens are told apart alone, across a table, printed
// by a home printer whose colours drift by several units, so the bar is
// well above that: at 10 the two colours read as different hues or
// clearly different shades at a glance. (HEAT's $1 and $5 tokens, before
// they were told apart, measured 7.7.)
const MinTokenDeltaE = 10.0

// CodeTokenColorsClose is the colour check's finding.
var CodeTokenColorsClose = finding.Declare(finding.Code{ID: "TOKEN_COLORS_CLOSE", Severity: finding.Warning, Scope: finding.Lint,
	Purpose: "Two kinds of token differ in colour by less than ΔE00 10 (CIEDE2000): too close to tell apart on the table."})

var _ = Register(Check{
	ID:    "token-colors",
	Doc:   "Checks that every two kinds of token differ in colour enough to tell apart across a table.",
	Codes: []*finding.Code{CodeTokenColorsClose},
	Step:  Static, Needs: Valid,
	Run: func(in *Input) []finding.Finding { return TokenColors(in.Data) },
})

// tokenColor is the front colour of one kind of token, where it is set.
type tokenColor struct {
	label string
	hex   string
	c     colorful.Color
	pos   finding.Pos
}

// TokenColors reports each pair of token kinds of the game whose front
// colours differ, but by less than MinTokenDeltaE, at the second of the
// two. Kinds in the very same colour are left alone: that is a choice,
// and their labels tell them apart; per-player sheets are in the
// players' colours, which are not the layout's.
func TokenColors(d *gamedata.Data) []finding.Finding {
	var cs []tokenColor
	add := func(label, hex string, pos finding.Pos) {
		if c, err := colorful.Hex(strings.TrimSpace(hex)); err == nil {
			cs = append(cs, tokenColor{label, strings.ToLower(c.Hex()), c, pos})
		}
	}
	for _, lc := range d.Layout.Components {
		if lc.Kind != "tokens" || lc.PerPlayer {
			continue
		}
		if len(lc.Faces) == 0 {
			add(lc.Label, lc.Color, lc.Pos)
		}
		for _, f := range lc.Faces {
			hex := f.Color
			if hex == "" {
				hex = lc.Color
			}
			add(f.Label, hex, f.Pos)
		}
	}
	var out []finding.Finding
	for j := range cs {
		for i := range j {
			a, b := cs[i], cs[j]
			// go-colorful's Lab has L in 0..1, a hundredth of the usual scale.
			if de := 100 * a.c.DistanceCIEDE2000(b.c); a.hex != b.hex && de < MinTokenDeltaE {
				out = append(out, CodeTokenColorsClose.At(b.pos, "token %q (%s) is ΔE00 %.1f from token %q (%s, line %d); under %g they are hard to tell apart: make one lighter, darker or another hue",
					b.label, b.hex, de, a.label, a.hex, a.pos.Line, MinTokenDeltaE))
			}
		}
	}
	return out
}
