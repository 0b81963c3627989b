package lsp

import (
	"go.yaml.in/yaml/v3"

	"github.com/cardpress/cardpress/source"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// documentSymbol lists the cards of a card file (its cards: entries, by
// id), read from the buffer as it is now; nothing while it does not parse.
func (s *server) documentSymbol(_ *glsp.Context, p *protocol.DocumentSymbolParams) (any, error) {
	path := uriPath(p.TextDocument.URI)
	text := s.text(path)
	symbols := []protocol.DocumentSymbol{}
	if len(text) > source.MaxSize {
		return symbols, nil
	}
	var root yaml.Node
	if yaml.Unmarshal([]byte(text), &root) != nil || len(root.Content) == 0 {
		return symbols, nil
	}
	cards := mappingValue(root.Content[0], "cards")
	if cards == nil || cards.Kind != yaml.SequenceNode {
		return symbols, nil
	}
	for i, card := range cards.Content {
		id := mappingValue(card, "id")
		if id == nil || id.Kind != yaml.ScalarNode {
			continue
		}
		end := lastLine(card)
		if i+1 < len(cards.Content) {
			end = max(cards.Content[i+1].Line-1, card.Line)
		}
		name := ""
		if n := mappingValue(card, "name"); n != nil {
			name = n.Value
		}
		full := protocol.Range{
			Start: protocol.Position{Line: protocol.UInteger(card.Line - 1)},
			End:   protocol.Position{Line: protocol.UInteger(end - 1), Character: utf16Len([]rune(lineOf(text, end)))},
		}
		symbols = append(symbols, protocol.DocumentSymbol{
			Name:           id.Value,
			Detail:         &name,
			Kind:           protocol.SymbolKindObject,
			Range:          full,
			SelectionRange: findingRange(text, id.Line, id.Column),
		})
	}
	return symbols, nil
}

// mappingValue is the value of key in mapping n, or nil.
func mappingValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// lastLine is the last line a node's values start on.
func lastLine(n *yaml.Node) int {
	line := n.Line
	for _, c := range n.Content {
		line = max(line, lastLine(c))
	}
	return line
}
