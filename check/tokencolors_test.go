package check

import (
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// Two kinds of token under ΔE00 10 apart are reported at the second, with
// the measured difference and the first one's line; kinds far apart, in
// the very same colour, or in the players' colours are not.
func TestTokenColors(t *testing.T) {
	at := func(line int) finding.Pos { return finding.Pos{File: "g/layout.yaml", Line: line, Col: 5} }
	d := &gamedata.Data{}
	d.Layout.Components = []gamedata.LayoutComponent{
		{Kind: "tokens", Label: "$1", Color: "#c8e6c9", Pos: at(10)},    // HEAT's $1 and $5, before
		{Kind: "tokens", Label: "$5", Color: "#A5D6A7", Pos: at(11)},    // 7.7 from $1
		{Kind: "tokens", Label: "$25", Color: "#66bb6a", Pos: at(12)},   // 11.9 from $5
		{Kind: "tokens", Label: "again", Color: "#66bb6a", Pos: at(13)}, // the very same colour: a choice
		{Kind: "tokens", PerPlayer: true, Color: "#c8e6c9", Pos: at(14)},
		{Kind: "board", Color: "#c8e6c8", Pos: at(15)},
		{Kind: "tokens", Color: "#1e88e5", Pos: at(16), Faces: []gamedata.TokenFace{
			{Label: "+4", Pos: at(17)},                   // the sheet's colour
			{Label: "+2", Color: "#1f89e6", Pos: at(18)}, // a shade off +4
			{Label: "-1", Color: "#fdd835", Pos: at(19)},
		}},
	}
	fs := TokenColors(d)
	if len(fs) != 2 {
		t.Fatalf("%d findings, want 2: %v", len(fs), fs)
	}
	for i, want := range []struct {
		line int
		text string
	}{
		{11, `token "$5" (#a5d6a7) is ΔE00 7.7 from token "$1" (#c8e6c9, line 10)`},
		{18, `token "+2" (#1f89e6) is ΔE00 0.`},
	} {
		f := fs[i]
		if f.Code != "TOKEN_COLORS_CLOSE" || f.Severity != finding.Warning || f.Pos != at(want.line) || !strings.Contains(f.Message, want.text) {
			t.Errorf("finding %d: %v, want line %d saying %q", i, f, want.line, want.text)
		}
	}
}
