package lsp

import (
	"regexp"
	"strings"

	"github.com/cardpress/cardpress/gamedata"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// cursor is a place in a document, read line by line: completion works
// on what is being typed, which is often not valid YAML yet.
type cursor struct {
	path   string
	text   string
	line   int    // 1-based
	runes  []rune // the line
	at     int    // the cursor's rune index in runes
	before string // the line up to the cursor
}

func (s *server) cursorAt(p protocol.TextDocumentPositionParams) (cursor, *gamedata.Data) {
	path := uriPath(p.TextDocument.URI)
	text := s.text(path)
	runes := []rune(lineOf(text, int(p.Position.Line)+1))
	at := runeIndex(runes, p.Position.Character)
	c := cursor{path: path, text: text, line: int(p.Position.Line) + 1, runes: runes, at: at, before: string(runes[:at])}
	g := s.lastGame(path)
	if g == nil {
		return c, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if g.last == nil {
		return c, nil
	}
	return c, g.last.Data
}

var (
	// typingIcon is an icon name being typed in text: a colon after a
	// space, a quote, markup or the line's start, and letters after it.
	typingIcon = regexp.MustCompile(`(?:^|[\s"'*_(\[])(:[A-Za-z][A-Za-z0-9-]*|:)$`)
	// typingPlaceholder is a {placeholder} being typed.
	typingPlaceholder = regexp.MustCompile(`\{([A-Za-z0-9_]*)$`)
	// typingValue is the value of key being typed (block or flow style).
	typingValue = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_-]*):\s+["']?([A-Za-z0-9_-]*)$`)
	// typingKey is a key being typed on a line of its own.
	typingKey = regexp.MustCompile(`^\s*(?:-\s+)?([A-Za-z0-9_-]*)$`)
	// typingListItem is an item of a flow list being typed: [a, b, c…
	typingListItem = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_-]*):\s+\[[^\]]*?["']?([A-Za-z0-9_-]*)$`)
)

func (s *server) completion(_ *glsp.Context, p *protocol.CompletionParams) (any, error) {
	c, d := s.cursorAt(p.TextDocumentPositionParams)
	if d == nil {
		return []protocol.CompletionItem{}, nil
	}
	role := fileRole(d, c.path)
	var items []protocol.CompletionItem
	switch {
	case typingIcon.MatchString(c.before) && strings.Contains(c.before, ":"):
		for _, name := range iconNames(d) {
			items = append(items, item(name, name+":", protocol.CompletionItemKindConstant, "icon"))
		}
	case typingPlaceholder.MatchString(c.before):
		items = placeholderItems(d, role)
	case typingListItem.MatchString(c.before):
		m := typingListItem.FindStringSubmatch(c.before)
		items = valueItems(d, role, c, m[1])
	case typingValue.MatchString(c.before):
		m := typingValue.FindStringSubmatch(c.before)
		items = valueItems(d, role, c, m[1])
	case typingKey.MatchString(c.before) && role == "cards":
		items = cardKeyItems(d, c)
	}
	if items == nil {
		items = []protocol.CompletionItem{}
	}
	return items, nil
}

func item(label, insert string, kind protocol.CompletionItemKind, detail string) protocol.CompletionItem {
	return protocol.CompletionItem{Label: label, InsertText: &insert, Kind: &kind, Detail: &detail}
}

// valueItems completes the value of key: a deck, a card id, a layout
// field or one of an enum field's values.
func valueItems(d *gamedata.Data, role string, c cursor, key string) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	switch {
	case key == "deck":
		for _, dk := range d.Manifest.Decks {
			items = append(items, item(dk.ID, dk.ID, protocol.CompletionItemKindEnumMember, "deck: "+dk.Name))
		}
	case key == "card" || key == "cards" && role != "manifest":
		for _, card := range d.Cards {
			items = append(items, item(card.ID, card.ID, protocol.CompletionItemKindReference, "card: "+card.Name))
		}
	case role == "layout" && (key == "field" || key == "by" || key == "color_by"):
		for _, name := range fieldNames(d) {
			items = append(items, item(name, name, protocol.CompletionItemKindField, "card field"))
		}
	case role == "cards":
		if f, ok := fieldOf(d, deckOfLine(d, c.path, c.line), key); ok {
			for _, v := range f.Values {
				items = append(items, item(v, v, protocol.CompletionItemKindEnumMember, f.Name+" value"))
			}
		}
	}
	return items
}

// cardKeyItems completes a key of the card being written: the generic
// keys and its deck's fields, with their docs.
func cardKeyItems(d *gamedata.Data, c cursor) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	for _, k := range cardKeys {
		items = append(items, item(k, k+": ", protocol.CompletionItemKindProperty, "card key"))
	}
	deck := deckOfLine(d, c.path, c.line)
	for _, dk := range d.Manifest.Decks {
		if deck != "" && dk.ID != deck {
			continue
		}
		for _, f := range dk.Fields {
			it := item(f.Name, f.Name+": ", protocol.CompletionItemKindField, f.Type+" field of deck "+dk.ID)
			it.Documentation = protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: fieldDoc(f)}
			items = append(items, it)
		}
	}
	return items
}

// placeholderItems completes a {placeholder}: parameters everywhere, and
// card fields in the layout.
func placeholderItems(d *gamedata.Data, role string) []protocol.CompletionItem {
	var items []protocol.CompletionItem
	for _, name := range d.ParamOrder {
		it := item(name, name+"}", protocol.CompletionItemKindVariable, "parameter")
		it.Documentation = protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: paramDoc(d.Params[name])}
		items = append(items, it)
	}
	if role == "layout" {
		for _, name := range fieldNames(d) {
			items = append(items, item(name, name+"}", protocol.CompletionItemKindField, "card field"))
		}
	}
	return items
}
