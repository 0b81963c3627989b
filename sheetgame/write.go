package sheetgame

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/cardpress/cardpress/icon"
	"github.com/cardpress/cardpress/newgame"
	"github.com/cardpress/cardpress/spreadsheet"
)

// q is s as a YAML double-quoted string (JSON's form, which YAML reads).
func q(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// Files writes the plan as a game: game.yaml (which names sheetFile as
// the source the cards are kept in), a card file per deck and a starter
// layout. The sheet and its pictures are the caller's to copy.
func (p *Plan) Files(id, title, sheetFile string) ([]newgame.File, error) {
	var files []newgame.File
	size := p.cardSize()
	files = append(files, newgame.File{Name: "game.yaml", Data: []byte(p.manifest(id, title, sheetFile, size))})
	for _, d := range p.Decks {
		comment := fmt.Sprintf("Deck %s, from %s. Edit the sheet and run `cardpress import %s`, or edit this file.", d.ID, sheetPlace(sheetFile, d.Sheet), sheetFile)
		data, err := spreadsheet.NewFile("# yaml-language-server: $schema=schema/cards.schema.json", comment, d.Cards)
		if err != nil {
			return nil, err
		}
		files = append(files, newgame.File{Name: d.ID + ".yaml", Data: data})
	}
	files = append(files, newgame.File{Name: "layout.yaml", Data: []byte(p.layout(size))})
	return files, nil
}

func sheetPlace(file, sheetName string) string {
	if sheetName == "" {
		return file
	}
	return fmt.Sprintf("sheet %q of %s", sheetName, file)
}

// manifest is game.yaml's text.
func (p *Plan) manifest(id, title, sheetFile string, size cardSize) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("# yaml-language-server: $schema=schema/manifest.schema.json\n")
	w("# Made by `cardpress new --from-sheet %s`: the decks are the sheets (or the\n", sheetFile)
	w("# deck column), the fields the columns, typed by their values. Edit the sheet\n")
	w("# and `cardpress import %s` (or watch/serve) brings it back; or edit the YAML.\n", sheetFile)
	w("id: %s\ntitle: %s\nversion: \"0.1\"\n", id, q(title))
	w("players: {min: 2, max: 4}   # yours to set\n\n")
	w("files:\n  cards: [")
	for i, d := range p.Decks {
		if i > 0 {
			w(", ")
		}
		w("%s.yaml", d.ID)
	}
	w("]\n  layout: layout.yaml\n\n")
	w("# The spreadsheet the cards are kept in: watch and serve import it on every save.\n")
	w("sheet:\n  file: %s\n", q(sheetFile))
	if len(p.Mapping.Columns) > 0 {
		w("  columns:\n")
		keys := make([]string, 0, len(p.Mapping.Columns))
		for h := range p.Mapping.Columns {
			keys = append(keys, h)
		}
		slices.Sort(keys)
		for _, h := range keys {
			w("    %s: %s\n", q(h), p.Mapping.Columns[h])
		}
	}
	w("\n# What is in the box: each deck's cards, counted from the deck.\ncomponents:\n")
	for _, d := range p.Decks {
		w("  - {id: %s-cards, name: %s, kind: cards, deck: %s}\n", d.ID, q(d.Name+" cards"), d.ID)
	}
	w("\ndecks:\n")
	for _, d := range p.Decks {
		w("  - id: %s\n    name: %s\n    back: %s\n", d.ID, q(d.Name), d.ID)
		if len(d.Fields) > 0 {
			w("    fields:\n")
		}
		for _, f := range d.Fields {
			w("      - {name: %s, type: %s", f.Name, f.Type)
			if len(f.Values) > 0 {
				vs := make([]string, len(f.Values))
				for i, v := range f.Values {
					vs[i] = q(v)
				}
				w(", values: [%s]", strings.Join(vs, ", "))
			}
			if f.Required {
				w(", required: true")
			}
			w(", doc: %s}\n", q(fmt.Sprintf("The column %q of the sheet.", f.Header)))
		}
	}
	if icons := p.ownIcons(); len(icons) > 0 {
		w("\n# Icons the text uses that are not built in: a letter badge until you pick one.\nicons:\n")
		for _, name := range icons {
			w("  - {id: %s, builtin: letter-%c}\n", name, name[0])
		}
	}
	w("\nprint:\n  card: %s\n  backs:\n", size.preset)
	for _, d := range p.Decks {
		w("    %s: {title: %s, subtitle: %s}\n", d.ID, q(strings.ToUpper(d.Name)), q(title))
	}
	return b.String()
}

// ownIcons are the icon names the cards use that are not built in.
func (p *Plan) ownIcons() []string {
	var out []string
	for _, d := range p.Decks {
		for _, f := range d.Fields {
			for _, name := range f.Icons {
				if _, ok := icon.Builtin(name); !ok && !slices.Contains(out, name) {
					out = append(out, name)
				}
			}
		}
	}
	return out
}
