package gamedata

import (
	"testing"

	"go.yaml.in/yaml/v3"
)

// A colour key and a picture's src each decode from either of their forms,
// and pick per card as the renderer draws: a map's entry for the card's
// value, else its default, else nothing; a template filled with the
// card's values, or nothing when the card lacks one.
func TestValueMapsPickPerCard(t *testing.T) {
	var lay struct {
		Plain  ColorSpec   `yaml:"plain"`
		Map    ColorSpec   `yaml:"map"`
		File   ImageSource `yaml:"file"`
		Templ  ImageSource `yaml:"templ"`
		Chosen ImageSource `yaml:"chosen"`
	}
	src := `
plain: "#112233"
map: {by: suit, colors: {hearts: "#c0182b", "7": "#00ff00"}, default: "#1b1b1b"}
file: art/a.png
templ: "art/{deck}/{id}.png"
chosen: {by: suit, files: {hearts: h.png}}
`
	if err := yaml.Unmarshal([]byte(src), &lay); err != nil {
		t.Fatal(err)
	}
	card := func(values map[string]string) func(string) (string, bool) {
		return func(f string) (string, bool) { v, ok := values[f]; return v, ok }
	}
	hearts := card(map[string]string{"suit": "hearts", "id": "ace", "deck": "red"})
	seven := card(map[string]string{"suit": "7", "id": "seven"})
	for _, tc := range []struct{ got, want string }{
		{lay.Plain.Pick(hearts), "#112233"},
		{lay.Map.Pick(hearts), "#c0182b"},
		{lay.Map.Pick(seven), "#00ff00"},
		{lay.Map.Pick(card(nil)), "#1b1b1b"},
		{lay.File.PathFor(hearts), "art/a.png"},
		{lay.Templ.PathFor(hearts), "art/red/ace.png"},
		{lay.Templ.PathFor(seven), ""}, // no deck value: no picture
		{lay.Chosen.PathFor(hearts), "h.png"},
		{lay.Chosen.PathFor(seven), ""}, // not listed, no default
	} {
		if tc.got != tc.want {
			t.Errorf("got %q, want %q", tc.got, tc.want)
		}
	}
	if !lay.File.Fixed() || lay.Templ.Fixed() || lay.Chosen.Fixed() {
		t.Error("only the plain file names the same picture on every card")
	}
	// color_by and colors are a value map too, color its default.
	el := Element{Color: PlainColor("#1b1b1b"), ColorBy: "suit", Colors: map[string]string{"hearts": "#c0182b"}}
	if a, b := el.InkColor().Pick(hearts), el.InkColor().Pick(seven); a != "#c0182b" || b != "#1b1b1b" {
		t.Errorf("color_by picks %q and %q, want the hearts red and the element's colour", a, b)
	}
}
