package lsp

import (
	"fmt"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/icon"

	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// target is what the word under the cursor names.
type target struct {
	kind string // "field", "param", "icon", "deck", "card"
	name string
	r    protocol.Range
}

// targetAt reads the word under the cursor and what names it: an icon
// between colons, a {placeholder}, a key (a declared field in a card file),
// the value of deck:, or a card id.
func targetAt(c cursor, d *gamedata.Data) (target, bool) {
	word, start, end := wordAt(c.runes, c.at)
	if word == "" {
		return target{}, false
	}
	l := protocol.UInteger(c.line - 1)
	t := target{name: word, r: protocol.Range{
		Start: protocol.Position{Line: l, Character: utf16Len(c.runes[:start])},
		End:   protocol.Position{Line: l, Character: utf16Len(c.runes[:end])},
	}}
	prev, next := at(c.runes, start-1), at(c.runes, end)
	after := strings.TrimLeft(string(c.runes[end:]), " ")
	role := fileRole(d, c.path)
	_, isParam := d.Params[word]
	_, isCard := cardByID(d, word)
	_, isDeck := deckByID(d, word)
	key := valueKey(string(c.runes[:start]))
	switch {
	case prev == ':' && next == ':':
		t.kind = "icon"
	case prev == '{' && next == '}' && isParam:
		t.kind = "param"
	case strings.HasPrefix(after, ":") && role == "cards":
		t.kind = "field"
	case strings.HasPrefix(after, ":") && isParam && role == "manifest":
		t.kind = "param"
	case key == "deck" && isDeck:
		t.kind = "deck"
	case isCard && !strings.HasPrefix(after, ":"):
		t.kind = "card"
	default:
		return target{}, false
	}
	return t, true
}

// valueKey is the key whose value starts after s, or "".
func valueKey(s string) string {
	m := typingValue.FindStringSubmatch(s)
	if m == nil || m[2] != "" {
		return ""
	}
	return m[1]
}

func at(runes []rune, i int) rune {
	if i < 0 || i >= len(runes) {
		return 0
	}
	return runes[i]
}

// targetAtCursor is the name under the cursor at p (a field, parameter,
// icon, deck or card), with the cursor and the game it is in; false where
// there is none.
func (s *server) targetAtCursor(p protocol.TextDocumentPositionParams) (cursor, *gamedata.Data, target, bool) {
	c, d := s.cursorAt(p)
	if d == nil {
		return c, nil, target{}, false
	}
	t, ok := targetAt(c, d)
	return c, d, t, ok
}

func (s *server) hover(_ *glsp.Context, p *protocol.HoverParams) (*protocol.Hover, error) {
	c, d, t, ok := s.targetAtCursor(p.TextDocumentPositionParams)
	if !ok {
		return nil, nil
	}
	doc := ""
	switch t.kind {
	case "field":
		if f, ok := fieldOf(d, deckOfLine(d, c.path, c.line), t.name); ok {
			doc = fieldDoc(f)
		}
	case "param":
		doc = paramDoc(d.Params[t.name])
	case "icon":
		doc = iconDoc(d, t.name)
	case "deck":
		dk, _ := deckByID(d, t.name)
		doc = fmt.Sprintf("**deck %s**: %s", dk.ID, dk.Name)
	case "card":
		card, _ := cardByID(d, t.name)
		doc = fmt.Sprintf("**card %s**: %s (deck %s)", card.ID, card.Name, card.Deck)
	}
	if doc == "" {
		return nil, nil
	}
	return &protocol.Hover{Contents: protocol.MarkupContent{Kind: protocol.MarkupKindMarkdown, Value: doc}, Range: &t.r}, nil
}

// fieldDoc is a declared field's doc with its type and bounds.
func fieldDoc(f gamedata.Field) string {
	var b strings.Builder
	fmt.Fprintf(&b, "**%s** (%s", f.Name, f.Type)
	if f.Required {
		b.WriteString(", required")
	}
	if f.Min != nil {
		fmt.Fprintf(&b, ", min %g", *f.Min)
	}
	if f.Max != nil {
		fmt.Fprintf(&b, ", max %g", *f.Max)
	}
	if f.MaxLength > 0 {
		fmt.Fprintf(&b, ", at most %d characters", f.MaxLength)
	}
	if len(f.Values) > 0 {
		fmt.Fprintf(&b, ", one of %s", strings.Join(f.Values, ", "))
	}
	b.WriteString(")")
	if f.Doc != "" {
		b.WriteString("\n\n" + f.Doc)
	}
	return b.String()
}

// paramDoc is a parameter's doc with its default.
func paramDoc(p gamedata.Param) string {
	out := fmt.Sprintf("**%s** (parameter, default %v)", p.Name, p.Value)
	if p.Doc != "" {
		out += "\n\n" + p.Doc
	}
	return out
}

func iconDoc(d *gamedata.Data, name string) string {
	if ic, ok := iconDecl(d, name); ok {
		switch {
		case ic.Src != "":
			return fmt.Sprintf("**:%s:** the game's icon, the image %s", name, ic.Src)
		default:
			return fmt.Sprintf("**:%s:** the game's icon, the built-in %s in %s", name, ic.Builtin, ic.Color)
		}
	}
	if _, ok := icon.Builtin(name); ok {
		return fmt.Sprintf("**:%s:** a built-in icon", name)
	}
	return ""
}

func (s *server) definition(_ *glsp.Context, p *protocol.DefinitionParams) (any, error) {
	_, d, t, ok := s.targetAtCursor(p.TextDocumentPositionParams)
	if !ok {
		return nil, nil
	}
	var pos finding.Pos
	switch t.kind {
	case "icon":
		ic, _ := iconDecl(d, t.name)
		pos = ic.Pos
	case "deck":
		dk, _ := deckByID(d, t.name)
		pos = dk.Pos
	case "card":
		card, _ := cardByID(d, t.name)
		pos = card.Pos
	case "param":
		pos = d.Params[t.name].Pos
	}
	if pos.File == "" || pos.Line == 0 {
		return nil, nil
	}
	return protocol.Location{URI: fileURI(pos.File), Range: pointRange(s.text(pos.File), pos.Line, pos.Col)}, nil
}
