package finding

import "testing"

func TestVisible(t *testing.T) {
	for in, want := range map[string]string{
		"cards.yaml":           "cards.yaml",
		"Café à la carte":      "Café à la carte",
		"a\nb":                 `a\nb`,
		"x\r\n::error::forged": `x\r\n::error::forged`,
		"\x1b[31mred\x1b[0m":   `\x1b[31mred\x1b[0m`,
		"tab\there":            `tab\there`,
		"rtl\u202Eevil":        `rtl\u202eevil`,
		"line\u2028sep":        `line\u2028sep`,
		"del\x7f":              `del\x7f`,
		"c1\u0085":             `c1\u0085`,
		"bad \uFFFD stays":     "bad \uFFFD stays",
	} {
		if got := Visible(in); got != want {
			t.Errorf("Visible(%q) = %q, want %q", in, got, want)
		}
	}
}
