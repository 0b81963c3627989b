package lsp

import (
	"net/url"
	"path/filepath"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/cardpress/cardpress/icon"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Positions: findings and YAML nodes count lines and columns from 1, in
// characters; LSP counts from 0, and columns in UTF-16 code units.

// findingRange is the range of the YAML token at line:col of text: a
// scalar (quoted or plain), a flow collection, or the rest of the line
// when there is no token there.
func findingRange(text string, line, col int) protocol.Range {
	runes := []rune(lineOf(text, line))
	start := min(max(col-1, 0), len(runes))
	end := tokenEnd(runes, start)
	if end == start {
		start, end = 0, len(runes)
	}
	l := protocol.UInteger(line - 1)
	return protocol.Range{
		Start: protocol.Position{Line: l, Character: utf16Len(runes[:start])},
		End:   protocol.Position{Line: l, Character: utf16Len(runes[:end])},
	}
}

// tokenEnd is where the YAML token starting at runes[start] ends.
func tokenEnd(runes []rune, start int) int {
	if start >= len(runes) {
		return start
	}
	switch runes[start] {
	case ':':
		if end := iconEnd(runes, start); end > start {
			return end
		}
	case '"', '\'':
		return quotedEnd(runes, start)
	case '{', '[':
		return flowEnd(runes, start)
	}
	inFlow := flowDepth(runes[:start]) > 0
	end := start
	for i := start; i < len(runes); i++ {
		c := runes[i]
		next := rune(' ')
		if i+1 < len(runes) {
			next = runes[i+1]
		}
		if c == ':' && (next == ' ' || next == '\t') || c == '#' && i > 0 && runes[i-1] == ' ' ||
			inFlow && (c == ',' || c == ']' || c == '}') {
			break
		}
		if c != ' ' && c != '\t' {
			end = i + 1
		}
	}
	return end
}

// iconEnd is the end of the icon token (:name:) at start, its closing
// colon included, or start when there is none.
func iconEnd(runes []rune, start int) int {
	tokens := icon.Scan(string(runes[start:]))
	if len(tokens) == 0 || tokens[0].Start != 0 {
		return start
	}
	return start + utf8.RuneCountInString(string(runes[start:])[:tokens[0].End])
}

// quotedEnd is the end of the quoted scalar at start, its closing quote
// included (the line's end when it continues on the next line).
func quotedEnd(runes []rune, start int) int {
	q := runes[start]
	for i := start + 1; i < len(runes); i++ {
		switch {
		case q == '"' && runes[i] == '\\':
			i++
		case runes[i] == q && q == '\'' && i+1 < len(runes) && runes[i+1] == '\'':
			i++ // '' is a quote inside single quotes
		case runes[i] == q:
			return i + 1
		}
	}
	return len(runes)
}

// flowEnd is the end of the flow collection at start, its closing bracket
// included (the line's end when it continues on the next line).
func flowEnd(runes []rune, start int) int {
	depth := 0
	for i := start; i < len(runes); i++ {
		switch runes[i] {
		case '"', '\'':
			i = quotedEnd(runes, i) - 1
		case '{', '[':
			depth++
		case '}', ']':
			if depth--; depth == 0 {
				return i + 1
			}
		}
	}
	return len(runes)
}

// flowDepth is how many flow collections are open at the end of runes.
func flowDepth(runes []rune) int {
	depth := 0
	for i := 0; i < len(runes); i++ {
		switch runes[i] {
		case '"', '\'':
			i = quotedEnd(runes, i) - 1
		case '{', '[':
			depth++
		case '}', ']':
			depth = max(depth-1, 0)
		}
	}
	return depth
}

func utf16Len(runes []rune) protocol.UInteger {
	return protocol.UInteger(len(utf16.Encode(runes)))
}

// runeIndex is the index in runes of the UTF-16 offset char.
func runeIndex(runes []rune, char protocol.UInteger) int {
	n := 0
	for i, r := range runes {
		if protocol.UInteger(n) >= char {
			return i
		}
		n += len(utf16.Encode([]rune{r}))
	}
	return len(runes)
}

// fileURI is path's file:// URI.
func fileURI(path string) protocol.DocumentUri {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}

// uriPath is the file path of a file:// URI, or "" for any other.
func uriPath(uri protocol.DocumentUri) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "file" {
		return ""
	}
	return filepath.Clean(filepath.FromSlash(u.Path))
}

// pointRange is the empty range at line:col (1-based) of text.
func pointRange(text string, line, col int) protocol.Range {
	r := findingRange(text, line, col)
	r.End = r.Start
	return r
}

// wordAt is the word under the cursor on a line: letters, digits, '_'
// and '-', with where it starts and ends (rune indexes).
func wordAt(runes []rune, at int) (word string, start, end int) {
	isWord := func(r rune) bool {
		return r == '_' || r == '-' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'
	}
	start, end = at, at
	for start > 0 && isWord(runes[start-1]) {
		start--
	}
	for end < len(runes) && isWord(runes[end]) {
		end++
	}
	return string(runes[start:end]), start, end
}
