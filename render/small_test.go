package render

import (
	"strings"
	"testing"

	"github.com/cardpress/cardpress/finding"
)

// Text that shrinks under 6 pt is one warning at the element's layout
// line, counting the cards it happens on; text that stays at 6 pt or more
// is not reported.
func TestTextTooSmallIsOneWarningPerElement(t *testing.T) {
	doc := sampleDoc()
	doc.Cards = doc.Cards[:2]
	rules := &doc.Layout.Front.Elements[2]
	rules.Pos = finding.Pos{File: "layout.yaml", Line: 12, Col: 7}
	for i := range doc.Cards {
		doc.Cards[i].Rules = []RulesLine{{Text: strings.Repeat("Gain a little money and take some Heat. ", 24)}}
	}
	rules.MinSize = 4
	var small []finding.Finding
	for _, f := range CheckFit(doc) {
		if CodeTextSmall.Is(f) && f.Pos == rules.Pos {
			small = append(small, f)
		}
	}
	if len(small) != 1 || small[0].Pos != rules.Pos || small[0].Severity != finding.Warning {
		t.Fatalf("want one warning at %v, got %v", rules.Pos, small)
	}
	if !strings.Contains(small[0].Message, `field "rules" prints at`) || !strings.Contains(small[0].Message, "on 2 cards") {
		t.Errorf("message %q", small[0].Message)
	}
	rules.MinSize = 6
	for _, f := range CheckFit(doc) {
		if CodeTextSmall.Is(f) && f.Pos == rules.Pos {
			t.Errorf("text kept at 6 pt or more was reported: %v", f)
		}
	}
}
