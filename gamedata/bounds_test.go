package gamedata

import (
	"slices"
	"testing"
)

// A count that failed its schema is reported there, once: the copy totals
// neither wrap nor repeat it as a COUNT_MISMATCH.
func TestCountsThatFailTheirSchemaAreNotComparedAgain(t *testing.T) {
	cases := []struct {
		name  string
		edits []string
		want  []string
	}{
		{"component count of 2^63-1",
			[]string{"game.yaml", "count: 3, deck: main", "count: 9223372036854775807, deck: main"},
			[]string{"cards/mini/game.yaml:11:48 SCHEMA"}},
		{"card count of 2^63-1",
			[]string{"cards.yaml", "count: 2", "count: 9223372036854775807"},
			[]string{"cards/mini/cards.yaml:5:12 SCHEMA"}},
		{"two card counts whose sum would wrap",
			// Added as ints, 2 × (2^63-1) wraps to -2: the totals saturate
			// instead, and a deck with a rejected count is not compared.
			[]string{"cards.yaml", "count: 2", "count: 9223372036854775807", "cards.yaml", "power: 2\n", "power: 2\n    count: 9223372036854775807\n"},
			[]string{"cards/mini/cards.yaml:5:12 SCHEMA", "cards/mini/cards.yaml:12:12 SCHEMA"}},
		{"token face count",
			[]string{"layout.yaml", "{kind: tokens, component: coin}", "{kind: tokens, component: coin, faces: [{label: a, count: 9223372036854775807}, {label: b, count: 1}]}"},
			[]string{"cards/mini/layout.yaml:11:63 SCHEMA"}},
		{"token sheet component count",
			[]string{"game.yaml", "count: 10, value: 1", "count: 0, value: 1", "layout.yaml", "{kind: tokens, component: coin}", "{kind: tokens, component: coin, faces: [{label: a, count: 1}]}"},
			[]string{"cards/mini/game.yaml:12:48 SCHEMA"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, fs := Load("cards/mini", workspace(t, miniWith(t, tc.edits...)))
			if got := briefs(fs); !slices.Equal(got, tc.want) {
				t.Errorf("got %q\nwant %q", got, tc.want)
			}
		})
	}
}

// A count that passes its schema is still compared: the check above only
// skips what was already reported.
func TestValidCountsAreStillCompared(t *testing.T) {
	_, fs := Load("cards/mini", workspace(t, miniWith(t, "game.yaml", "count: 3, deck: main", "count: 4, deck: main")))
	if got, want := briefs(fs), []string{"cards/mini/game.yaml:11:48 COUNT_MISMATCH"}; !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

func TestTrackSpacesParameterIsBounded(t *testing.T) {
	files := miniWith(t, "game.yaml", "  rows:\n", "  loot:\n    default: 501\n  rows:\n",
		"layout.yaml", "component: coin}\n", "component: coin}\n  - {kind: track, spaces_param: loot}\n")
	_, fs := Load("cards/mini", workspace(t, files))
	var got []string
	for _, f := range fs {
		got = append(got, brief(f)+": "+f.Message)
	}
	// The mini engine has no parameter loot: that is reported too.
	want := []string{
		`cards/mini/game.yaml:24:3 SCHEMA_UNKNOWN_FIELD: engine mini has no parameter "loot"`,
		`cards/mini/layout.yaml:12:33 SCHEMA: parameter "loot" gives 501 spaces: a track has at most 500`,
	}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}
