package gamedata

import (
	"slices"
	"strings"
	"testing"
)

func TestFaceCounts(t *testing.T) {
	g := &Data{Manifest: Manifest{Components: []Component{{ID: "chip", Count: 6}, {ID: "blue", Count: 2}}}}
	for _, tc := range []struct {
		c    LayoutComponent
		want []int
	}{
		{LayoutComponent{Faces: []TokenFace{{Count: 3}, {Component: "blue"}, {}}}, []int{3, 2, 1}},
		{LayoutComponent{Component: "chip", Faces: []TokenFace{{Label: "A"}}}, []int{6}},                  // one face: the sheet's count
		{LayoutComponent{Component: "chip", Faces: []TokenFace{{Label: "A"}, {Label: "B"}}}, []int{1, 1}}, // several: 1 each
		{LayoutComponent{Faces: []TokenFace{{Component: "nope"}}}, []int{0}},                              // reported by validation
	} {
		if got := g.FaceCounts(tc.c); !slices.Equal(got, tc.want) {
			t.Errorf("FaceCounts(%+v) = %v, want %v", tc.c.Faces, got, tc.want)
		}
	}
}

func TestTrackSpaces(t *testing.T) {
	g := &Data{Params: map[string]Param{
		"n":    {Value: 12},
		"list": {Value: []any{0, 1, "+2"}},
		"half": {Value: 2.5},
		"text": {Value: "ten"},
		"zero": {Value: 0},
	}}
	for _, tc := range []struct {
		c      LayoutComponent
		n      int
		values []string
		ok     bool
	}{
		{LayoutComponent{Spaces: 7}, 7, nil, true},
		{LayoutComponent{SpacesParam: "n", Values: []string{"a"}}, 12, []string{"a"}, true},
		{LayoutComponent{SpacesParam: "list"}, 3, []string{"0", "1", "+2"}, true},
		{LayoutComponent{SpacesParam: "list", Values: []string{"x"}}, 3, []string{"x"}, true},
		{LayoutComponent{SpacesParam: "half"}, 0, nil, false},
		{LayoutComponent{SpacesParam: "text"}, 0, nil, false},
		{LayoutComponent{SpacesParam: "zero"}, 0, nil, false},
		{LayoutComponent{SpacesParam: "missing"}, 0, nil, false},
	} {
		n, values, ok := g.TrackSpaces(tc.c)
		if n != tc.n || !slices.Equal(values, tc.values) || ok != tc.ok {
			t.Errorf("TrackSpaces(%+v) = %d %v %v, want %d %v %v", tc.c, n, values, ok, tc.n, tc.values, tc.ok)
		}
	}
}

func TestTokenCountsPerPlayer(t *testing.T) {
	g := &Data{Manifest: Manifest{
		Players: Range{Min: 2, Max: 4},
		Components: []Component{
			{ID: "pawn", Count: 8, PerPlayer: true},
			{ID: "coin", Count: 10},
			{ID: "odd", Count: 6, PerPlayer: true},
		},
	}}
	for _, tc := range []struct {
		name    string
		c       LayoutComponent
		want    []int
		players int
		ok      bool
	}{
		{"not per player", LayoutComponent{Kind: "tokens", Component: "coin"}, []int{10}, 0, true},
		{"per-player component", LayoutComponent{Kind: "tokens", Component: "pawn"}, []int{2}, 4, true},
		{"per-player face", LayoutComponent{Kind: "tokens", Faces: []TokenFace{{Label: "A", Count: 4}, {Label: "B", Component: "pawn"}}}, []int{1, 2}, 4, true},
		{"sheet says so", LayoutComponent{Kind: "tokens", PerPlayer: true, Faces: []TokenFace{{Label: "A", Count: 12}}}, []int{3}, 4, true},
		{"uneven: whole counts", LayoutComponent{Kind: "tokens", Component: "odd"}, []int{6}, 0, false},
		{"uneven face", LayoutComponent{Kind: "tokens", PerPlayer: true, Component: "coin"}, []int{10}, 0, false},
		{"only token sheets", LayoutComponent{Kind: "track", Component: "pawn"}, []int{8}, 0, true},
	} {
		got, players, ok := g.TokenCounts(tc.c)
		if !slices.Equal(got, tc.want) || len(players) != tc.players || ok != tc.ok {
			t.Errorf("%s: TokenCounts = %v, %d colours, %v; want %v, %d, %v", tc.name, got, len(players), ok, tc.want, tc.players, tc.ok)
		}
	}
	// The colours are the palette's first, all different in fill, name and shape.
	colors, ok := g.PlayerColors()
	if !ok || len(colors) != 4 {
		t.Fatalf("PlayerColors = %v, %v", colors, ok)
	}
	seen := map[string]bool{}
	for _, c := range PlayerPalette {
		for _, v := range []string{c.Name, c.Color, c.Shape} {
			if seen[v] || v == "" {
				t.Errorf("palette value %q is empty or repeated", v)
			}
			seen[v] = true
		}
	}
	g.Manifest.Players.Max = len(PlayerPalette) + 1
	if _, ok := g.PlayerColors(); ok {
		t.Error("more players than palette colours gave colours")
	}
}

func TestTrackCopies(t *testing.T) {
	g := &Data{Manifest: Manifest{Components: []Component{{ID: "track", Count: 4}}}}
	for _, tc := range []struct {
		c    LayoutComponent
		want int
	}{
		{LayoutComponent{Count: 3, Component: "track", Labels: []string{"A"}}, 3},
		{LayoutComponent{Component: "track", Labels: []string{"A"}}, 4},
		{LayoutComponent{Labels: []string{"A", "B"}}, 2},
		{LayoutComponent{}, 1},
	} {
		if got := g.TrackCopies(tc.c); got != tc.want {
			t.Errorf("TrackCopies(%+v) = %d, want %d", tc.c, got, tc.want)
		}
	}
}

// Per-player counts share out evenly among the most players and a
// labelled track has a label per strip; each problem is one finding at
// the line that causes it. (A colour for each player needs no case: the
// schema allows at most as many players as the palette has colours.)
func TestPerPlayerFindings(t *testing.T) {
	const pawn = "  - {id: coin, name: Coin, kind: money, count: 10, value: 1}\n"
	const sheet = "  - {kind: tokens, component: coin}\n"
	for _, tc := range []struct {
		name  string
		edits []string
		want  []string
		msg   string
	}{
		{name: "four sets of two", edits: []string{
			"game.yaml", pawn, pawn + "  - {id: pawn, name: Pawn, kind: token, count: 8, per_player: true}\n",
			"layout.yaml", sheet, sheet + "  - {kind: tokens, component: pawn}\n"}},
		{name: "uneven per-player component", edits: []string{
			"game.yaml", pawn, pawn + "  - {id: pawn, name: Pawn, kind: token, count: 9, per_player: true}\n",
			"layout.yaml", sheet, sheet + "  - {kind: tokens, component: pawn}\n"},
			want: []string{"cards/mini/game.yaml:13:48 COUNT_MISMATCH"}, msg: `component "pawn" is per player: its count 9 does not share out evenly among the game's 4 players`},
		{name: "uneven sheet face", edits: []string{
			"layout.yaml", sheet, sheet + "  - {kind: tokens, per_player: true, faces: [{label: A, count: 8}, {label: B, count: 6}]}\n"},
			want: []string{"cards/mini/layout.yaml:12:86 COUNT_MISMATCH"}, msg: "prints 6 of this token"},
		{name: "uneven component of a per-player sheet", edits: []string{
			"layout.yaml", sheet, "  - {kind: tokens, component: coin, per_player: true}\n"},
			want: []string{"cards/mini/layout.yaml:11:31 COUNT_MISMATCH"}, msg: `prints 10 of component "coin"`},
		{name: "a face of one", edits: []string{
			"layout.yaml", sheet, sheet + "  - {kind: tokens, per_player: true, faces: [{label: A, count: 4}, {label: B}]}\n"},
			want: []string{"cards/mini/layout.yaml:12:68 COUNT_MISMATCH"}, msg: "prints 1 of this token"},
		{name: "a label per strip", edits: []string{
			"layout.yaml", sheet, sheet + "  - {kind: track, spaces: 5, labels: [Job A, Job B]}\n"}},
		{name: "labels for fewer strips", edits: []string{
			"layout.yaml", sheet, sheet + "  - {kind: track, spaces: 5, count: 3, labels: [Job A, Job B]}\n"},
			want: []string{"cards/mini/layout.yaml:12:48 COUNT_MISMATCH"}, msg: "2 labels for 3 strips"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, fs := Load("cards/mini", workspace(t, miniWith(t, tc.edits...)))
			if got := briefs(fs); !slices.Equal(got, tc.want) {
				t.Fatalf("got  %q\nwant %q\n%s", got, tc.want, lines(fs))
			}
			if tc.msg != "" && !strings.Contains(fs[0].Message, tc.msg) {
				t.Errorf("message %q does not contain %q", fs[0].Message, tc.msg)
			}
			if tc.name == "four sets of two" {
				counts, colors, ok := g.TokenCounts(g.Layout.Components[2])
				if !ok || !slices.Equal(counts, []int{2}) || len(colors) != 4 {
					t.Errorf("pawns print %v in %d colours (%v), want 2 in each of 4", counts, len(colors), ok)
				}
			}
		})
	}
}
