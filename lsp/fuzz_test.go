package lsp

import (
	"io"
	"testing"
	"unicode/utf16"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// FuzzBuffer feeds any text, as an editor buffer, to what reads buffers
// without loading the game: the ranges of findings, the word under the
// cursor and the outline. None may panic, and a range stays on its line.
func FuzzBuffer(f *testing.F) {
	f.Add("cards:\n  - id: a\n    rules: \"take :coin: now\"\n", 3, 12)
	f.Add("cards: [{id: 'it''s', name: \"\\\"x\"}]\n", 1, 10)
	f.Add("- {a: [b, {c: d}], e: :f:}\n", 1, 23)
	f.Add("\xff\xfe\x00é😀:x:\n", 1, 3)
	s := newServer(io.Discard)
	f.Fuzz(func(t *testing.T, text string, line, col int) {
		line, col = line%1000, col%1000
		r := findingRange(text, line, col)
		width := protocol.UInteger(len(utf16.Encode([]rune(lineOf(text, line)))))
		if line > 0 && (int(r.Start.Line) != line-1 || r.End.Line != r.Start.Line || r.Start.Character > r.End.Character || r.End.Character > width) {
			t.Errorf("findingRange(%d, %d) = %+v on a line %d wide", line, col, r, width)
		}
		runes := []rune(lineOf(text, line))
		wordAt(runes, min(max(col, 0), len(runes)))
		s.docs["/fuzz/cards.yaml"] = text
		if _, err := s.documentSymbol(nil, &protocol.DocumentSymbolParams{TextDocument: protocol.TextDocumentIdentifier{URI: "file:///fuzz/cards.yaml"}}); err != nil {
			t.Error(err)
		}
	})
}
