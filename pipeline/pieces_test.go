package pipeline

import (
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render"
)

// Two-sided token faces and track strips in layout.yaml reach the
// renderer with their counts from the faces, the manifest and the rule
// parameters, and print.
func TestTokenFacesAndTracks(t *testing.T) {
	ws := testutil.CopyGame(t, "heat")
	testutil.Edit(t, ws, "cards/heat/layout.yaml", "  - kind: tokens\n    component: heat-token\n    label: \":flame:\"\n", `  - kind: tokens
    title: Chips
    component: heat-token
    faces:
      - {label: "+4", back: "+2", color: "#1e88e5", count: 5}
      - {label: "+2", back: "+1", component: box-chip}
      - {label: "0", back: "-1", back_color: "#333333", count: 9}
  - kind: track
    title: Rounds
    label: Loot
    spaces_param: draft_rounds
    start: 0
    values: [start]
    count: 4
  - kind: tokens
    component: heat-token
    label: HEAT
`)
	testutil.Edit(t, ws, "cards/heat/game.yaml", "  - {id: heat-token, name: Heat token, kind: token, count: 15}\n",
		"  - {id: heat-token, name: Heat token, kind: token, count: 15}\n  - {id: box-chip, name: Box chip, kind: token, count: 1}\n")
	g := load(t, filepath.Join(ws, "cards/heat"))
	doc := Document(g)
	if i := slices.IndexFunc(doc.Box, func(b render.BoxItem) bool { return b.Name == "Box chip" }); i < 0 || !doc.Box[i].Printed {
		t.Errorf("a face's component is not marked printed in the box: %+v", doc.Box)
	}
	var chips, track *render.Component
	for i, c := range doc.Components {
		switch c.Title {
		case "Chips":
			chips = &doc.Components[i]
		case "Rounds":
			track = &doc.Components[i]
		}
	}
	if chips == nil || track == nil {
		t.Fatalf("components %+v", doc.Components)
	}
	want := []render.TokenFace{
		{Label: "+4", Back: "+2", Color: "#1e88e5", Count: 5},
		{Label: "+2", Back: "+1", Count: 1},
		{Label: "0", Back: "-1", BackColor: "#333333", Count: 9},
	}
	if !slices.Equal(chips.Faces, want) || chips.Count != 15 || !chips.TwoSided() {
		t.Errorf("chips = %+v, want faces %+v, 15 in all", chips, want)
	}
	if track.Spaces != 3 || track.Start != 0 || !slices.Equal(track.Values, []string{"start"}) || track.Count != 4 || track.Label != "Loot" {
		t.Errorf("track = %+v, want 3 spaces from 0, values [start], 4 copies", track)
	}
	out := t.TempDir()
	if _, err := Render(g, RenderOptions{OutDir: out}); err != nil {
		t.Fatal(err)
	}
	pages, _ := pdfText(t, filepath.Join(out, "heat", "heat-pnp.pdf"))
	all := strings.Join(pages, "\n")
	for _, s := range []string{"Chips", "Chips (backs)", "Rounds", "Loot", "start"} {
		if !strings.Contains(all, s) {
			t.Errorf("the print-and-play PDF lacks %q", s)
		}
	}
}
