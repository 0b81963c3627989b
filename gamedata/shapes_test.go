package gamedata

import (
	"testing"
)

// Files of the wrong shape must give findings, never a panic or a silent
// pass.
func TestWrongShapes(t *testing.T) {
	cases := []struct{ file, data string }{
		{"game.yaml", "- a\n- b\n"},
		{"game.yaml", "just text\n"},
		{"game.yaml", "id: mini\nfiles: [cards.yaml]\ndecks: x\nparameters: [1, 2]\ncomponents: {a: 1}\nprint: 5\n"},
		{"game.yaml", "id: mini\ntitle: M\nplayers: 3\nfiles: {cards: cards.yaml, layout: 5}\ndecks: [{id: main, name: M}]\nprint: {card: {width: x, height: 1}}\n"},
		{"game.yaml", "id: mini\ntitle: M\nplayers: {min: 2, max: 4}\nfiles: {cards: [cards.yaml], layout: layout.yaml}\ndecks: [{id: main, name: M}]\nprint: {card: {width: 1, height: 1}}\nparameters: {hand: {default: .nan}, rows: {default: {x: [1, {y: ~}]}}}\n"},
		{"cards.yaml", "cards: 5\n"},
		{"cards.yaml", "cards:\n  - 5\n  - [a]\n  - {id: x, name: X, power: 1, players: three, keywords: {a: b}, count: 99999999999999999999}\n"},
		{"cards.yaml", "base: &b {id: x, name: X, power: 1}\ncards: [*b, *b, {<<: *b, id: y}]\n"},
		{"cards.yaml", "cards: &c [{id: x, name: X, power: 1}]\nmore: *c\n"},
		{"layout.yaml", "front: [1]\ncomponents: 3\n"},
		{"layout.yaml", "front: {elements: [], accent: {box: [1], by: deck, colors: [a]}}\ncomponents: [{kind: tokens}, {kind: board}, 7]\n"},
		{"reference.yaml", "title: [x]\nsections: [{heading: {a: b}, items: \"{x\"}, 3]\nplayer_aid: {title: t, items: [1, true, ~]}\n"},
		{"reference.yaml", ""},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			files := miniWith(t)
			files["cards/mini/"+tc.file] = tc.data
			g, fs := Load("cards/mini", workspace(t, files))
			if len(fs) == 0 {
				t.Errorf("no findings for %q", tc.data)
			}
			if g != nil {
				g.CheckPlaceholders(nil)
			}
			for _, f := range fs {
				if f.Line < 0 || f.File == "" || f.Code == "" {
					t.Errorf("bad finding %+v", f)
				}
			}
		})
	}
}
