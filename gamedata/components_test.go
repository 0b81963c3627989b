package gamedata

import (
	"slices"
	"testing"
)

func TestFaceCounts(t *testing.T) {
	g := &Game{Manifest: Manifest{Components: []Component{{ID: "chip", Count: 6}, {ID: "blue", Count: 2}}}}
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
	g := &Game{Params: map[string]Param{
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
