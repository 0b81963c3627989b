package gamedata

import (
	"fmt"
	"strings"
	"testing"
)

func TestEmphasize(t *testing.T) {
	show := func(s string, state Emphasis) (string, Emphasis) {
		var parts []string
		Emphasize(s, &state, func(text string, e Emphasis) {
			parts = append(parts, fmt.Sprintf("%d:%s", e, text))
		})
		return strings.Join(parts, "|"), state
	}
	for _, c := range []struct {
		in, want string
		start    Emphasis
		end      Emphasis
	}{
		{in: "plain text", want: "0:plain text"},
		{in: "**Flee:** 3", want: "1:Flee:|0: 3"},
		{in: "*Once* per turn", want: "2:Once|0: per turn"},
		{in: "***both*** then", want: "3:both|0: then"},
		{in: "**a *b** c*", want: "1:a |3:b|2: c"},
		{in: `2 \* 3 = 6`, want: "0:2 * 3 = 6"},
		{in: `**\*star\***`, want: "1:*star*"},
		{in: `back\slash`, want: `0:back\slash`},
		{in: "**open", want: "1:open", end: Bold},
		// A template's bold reaches over what follows: state carries.
		{in: "value", start: Bold, want: "1:value", end: Bold},
		{in: "", want: ""},
		{in: "****", want: ""},
	} {
		got, end := show(c.in, c.start)
		if got != c.want || end != c.end {
			t.Errorf("Emphasize(%q) = %q ending %d, want %q ending %d", c.in, got, end, c.want, c.end)
		}
	}
}

func TestUnclosedEmphasis(t *testing.T) {
	for _, c := range []struct {
		in     string
		off    int
		marker string
	}{
		{"**Flee:** {flee}", -1, ""},
		{"*a* **b** ***c***", -1, ""},
		{`a \* b`, -1, ""},
		{"**Flee: {flee}", 0, "**"},
		{"Gain *2 coins", 5, "*"},
		{"**a *b**", 4, "*"},
		{"*a **b*", 3, "**"},
		{`\**x`, 2, "*"},
	} {
		off, marker := UnclosedEmphasis(c.in)
		if off != c.off || marker != c.marker {
			t.Errorf("UnclosedEmphasis(%q) = %d %q, want %d %q", c.in, off, marker, c.off, c.marker)
		}
	}
}
