// Package slug makes ids from names: the name's letters and digits,
// lowercased, accents dropped, every other run of characters one hyphen.
// Game ids (cardpress new) and card ids made from a sheet's names
// (import, new --from-sheet) are made the same way.
package slug

import (
	"strings"
	"unicode"

	"golang.org/x/text/unicode/norm"
)

// Make is name's slug, cut to at most max bytes (at a hyphen's place,
// never leaving one at the end). It may be empty, or start with a digit.
func Make(name string, max int) string {
	var b strings.Builder
	for _, r := range norm.NFD.String(strings.ToLower(name)) {
		if unicode.Is(unicode.Mn, r) {
			continue // the accent of a decomposed letter
		}
		if (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
			continue
		}
		if s := b.String(); s != "" && !strings.HasSuffix(s, "-") {
			b.WriteByte('-')
		}
	}
	id := strings.TrimRight(b.String(), "-")
	if len(id) > max {
		id = strings.TrimRight(id[:max], "-")
	}
	return id
}
