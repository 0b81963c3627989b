package finding

import (
	"strconv"
	"strings"
	"unicode"
)

// Visible is s with every character that could garble a line of text
// output shown as a Go escape instead: control characters (a newline in a
// file name would forge a new line, and so a GitHub ::error:: command;
// escape sequences would reach the terminal), line and paragraph
// separators, and the bidirectional controls that reorder what is shown.
// Names from the data and from files pass through it in every text output.
func Visible(s string) string {
	if strings.IndexFunc(s, hidden) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if !hidden(r) {
			b.WriteRune(r)
			continue
		}
		q := strconv.QuoteRune(r) // '\n', '\x1b', '\u202e'
		b.WriteString(q[1 : len(q)-1])
	}
	return b.String()
}

// hidden is a character that does not show as itself on a line of text.
func hidden(r rune) bool {
	switch {
	case r == unicode.ReplacementChar:
		return false
	case unicode.IsControl(r), r == '\u2028', r == '\u2029':
		return true
	case r >= '\u202A' && r <= '\u202E', r >= '\u2066' && r <= '\u2069', r == '\u200E', r == '\u200F', r == '\u061C':
		return true // bidirectional overrides, isolates and marks
	}
	return false
}
