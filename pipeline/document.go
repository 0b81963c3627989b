package pipeline

import (
	"fmt"
	"maps"
	"strings"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/render"
)

// Document assembles what the renderer draws: layout and print settings
// from the data, card text from the engine, and every {placeholder} of the
// reference sheet filled from the same parameters the engine plays with.
func Document(g *LoadedGame) *render.Document {
	d := g.Data
	values := templateValues(g)
	// Undefined placeholders were reported by validation
	// (gamedata.CheckPlaceholders); here they are left as written.
	fill := func(text string, _ finding.Pos) string {
		s, _ := expand(text, values)
		return s
	}
	return &render.Document{
		GameID: d.Manifest.ID,
		Title:  d.Manifest.Title,
		Card:   d.Manifest.Print.Card,
		Layout: d.Layout,
		Backs:  d.Manifest.Print.Backs,
		Images: d.Images,
		Fonts:  d.Fonts,
		Icons:  d.Icons,
		// One player aid each.
		Players:    d.Manifest.Players.Max,
		Cards:      cardFaces(g),
		Components: components(d, fill),
		Box:        boxOf(d),
		Reference:  referenceSheet(d, fill),
	}
}

// cardFaces are the game's cards as the renderer prints them.
func cardFaces(g *LoadedGame) []render.CardFace {
	d := g.Data
	backOf := map[string]string{}
	for _, dk := range d.Manifest.Decks {
		backOf[dk.ID] = dk.Back
	}
	kwName := map[string]string{}
	for _, kw := range d.Manifest.Keywords {
		kwName[kw.ID] = kw.Name
	}
	var faces []render.CardFace
	for i, c := range d.Cards {
		var names []string
		for _, kw := range c.Keywords {
			names = append(names, kwName[kw])
		}
		face := render.CardFace{
			ID: c.ID, Deck: c.Deck, Back: backOf[c.Deck], Copies: max(c.Count, 1), Size: d.CardSize(c.Deck),
			Keywords: c.Keywords, Players: c.Players, Pos: c.Pos, Values: c.Values,
			Fields: map[string]string{
				"name":     c.Name,
				"keywords": gamedata.JoinList(names),
				"flavor":   c.Flavor,
				"count":    "",
			},
		}
		if face.Copies > 1 {
			face.Fields["count"] = fmt.Sprintf("×%d in the deck", face.Copies)
		}
		// Every card prints the fields its deck declares, with or without
		// an engine: they are the data the rules play with (a suit, a
		// rank, penalty points). An engine's own fields add to them.
		maps.Copy(face.Fields, d.FieldTexts(c))
		face.Images = d.ImageFields(c)
		if g.Engine != nil {
			engineFaces(g.Engine, i, &face)
		}
		ownBack(d, &face)
		faces = append(faces, face)
	}
	return faces
}

// engineFaces adds what the engine prints on card i: its rules text, and
// its own fields on the front and on a back of its own.
func engineFaces(e engine.Game, i int, face *render.CardFace) {
	face.Rules = rulesLines(e.CardRules(i))
	cf, ok := e.(engine.CardFaces)
	if !ok {
		return
	}
	front, back := cf.CardFields(i)
	var backRules []engine.RulesLine
	if bt, ok := e.(engine.BackTexts); ok {
		backRules = bt.BackRules(i)
	}
	if back != nil || backRules != nil {
		// The back shows the same generic fields unless the
		// engine gives its own.
		face.BackFields = maps.Clone(face.Fields)
		maps.Copy(face.BackFields, back)
		face.BackRules = rulesLines(backRules)
	}
	maps.Copy(face.Fields, front)
}

// components are the layout's boards, token sheets and tracks, sized by
// the data.
func components(d *gamedata.Data, fill func(string, finding.Pos) string) []render.Component {
	var comps []render.Component
	for _, lc := range d.Layout.Components {
		comp := render.Component{Kind: lc.Kind, Title: lc.Title, Note: fill(lc.Note, lc.Pos),
			SlotDiameter: lc.SlotDiameter, Label: lc.Label, Diameter: lc.Diameter, Color: lc.Color, Pos: lc.Pos}
		switch lc.Kind {
		case "board":
			comp.Rows = boardRows(d, lc.RowsParam, lc.Label)
		case "tokens":
			tokenSheet(d, lc, &comp)
		case "track":
			comp.Spaces, comp.Values, _ = d.TrackSpaces(lc)
			comp.Start, comp.SpaceSize, comp.Count, comp.Labels = 1, lc.SpaceSize, d.TrackCopies(lc), lc.Labels
			if lc.Start != nil {
				comp.Start = *lc.Start
			}
		}
		comps = append(comps, comp)
	}
	return comps
}

// tokenSheet fills a token sheet's faces and counts: a per-player sheet's
// counts are one player's set.
func tokenSheet(d *gamedata.Data, lc gamedata.LayoutComponent, comp *render.Component) {
	counts, players, _ := d.TokenCounts(lc)
	comp.Players = players
	if len(lc.Faces) == 0 {
		comp.Count = counts[0]
	}
	for j, f := range lc.Faces {
		comp.Faces = append(comp.Faces, render.TokenFace{Label: f.Label, Back: f.Back,
			Color: f.Color, BackColor: f.BackColor, Count: counts[j]})
		comp.Count += comp.Faces[j].Count
	}
	if name := componentName(d, lc.Component); comp.Title == "" && name != "" {
		comp.Title = fmt.Sprintf("%s × %d", name, comp.Count*max(len(players), 1))
	}
}

// referenceSheet is the reference sheet and player aid with every
// placeholder filled.
func referenceSheet(d *gamedata.Data, fill func(string, finding.Pos) string) render.ReferenceSheet {
	ref := d.Ref
	sheet := render.ReferenceSheet{
		Title: fill(ref.Title, ref.Pos), Subtitle: fill(ref.Subtitle, ref.Pos),
		AidTitle: fill(ref.PlayerAid.Title, ref.Pos), Pos: ref.Pos,
	}
	for _, sec := range ref.Sections {
		rs := render.Section{Heading: fill(sec.Heading, sec.Pos), Pos: sec.Pos}
		for j, item := range sec.Items {
			rs.Items = append(rs.Items, fill(item, itemPos(sec.ItemPos, j, sec.Pos)))
		}
		if sec.Phases {
			for _, ph := range d.Manifest.Phases {
				rs.Phases = append(rs.Phases, render.Phase{ID: ph.ID, Name: ph.Name, Doc: ph.Doc})
			}
		}
		if sec.Board != "" {
			rs.Board = boardRows(d, sec.Board, "{value:money}")
		}
		sheet.Sections = append(sheet.Sections, rs)
	}
	for j, item := range ref.PlayerAid.Items {
		sheet.AidItems = append(sheet.AidItems, fill(item, itemPos(ref.PlayerAid.ItemPos, j, ref.Pos)))
	}
	return sheet
}

// ownBack makes a card two-sided, its back printing its own fields, when
// its deck's layout has a back_face and its fields are the ones its deck
// declares (no engine, or the generic one), unless the engine gave it a
// back already.
func ownBack(d *gamedata.Data, face *render.CardFace) {
	if face.TwoSided() || !d.Manifest.DeclaresFields() || d.Layout.Decks[face.Deck].BackFace == nil {
		return
	}
	face.BackFields = maps.Clone(face.Fields)
	face.BackRules = face.Rules
}

// componentName is the name of the manifest component id ("" when none).
func componentName(d *gamedata.Data, id string) string {
	for _, mc := range d.Manifest.Components {
		if mc.ID == id {
			return mc.Name
		}
	}
	return ""
}

func rulesLines(ls []engine.RulesLine) []render.RulesLine {
	var out []render.RulesLine
	for _, l := range ls {
		out = append(out, render.RulesLine{Phase: l.Phase, Text: l.Text})
	}
	return out
}

func itemPos(ps []finding.Pos, i int, fallback finding.Pos) finding.Pos {
	if i < len(ps) {
		return ps[i]
	}
	return fallback
}

// templateValues are the names a template may use: every rule parameter,
// the engine's derived facts, and the player range.
func templateValues(g *LoadedGame) map[string]any {
	v := map[string]any{
		"players_min": g.Data.Manifest.Players.Min,
		"players_max": g.Data.Manifest.Players.Max,
		"title":       g.Data.Manifest.Title,
		"variant":     g.Data.VariantName(),
	}
	for name, p := range g.Data.Params {
		v[name] = p.Value
	}
	if g.Engine != nil {
		for name, f := range engine.Facts(g.Engine) {
			v[name] = f
		}
	}
	return v
}

// expand fills {name} and {name:money} from values and lists the names it
// could not fill.
func expand(text string, values map[string]any) (string, []string) {
	var missing []string
	out := gamedata.FillTemplate(text, func(p gamedata.Placeholder) (string, bool) {
		v, ok := values[p.Name]
		if !ok {
			missing = append(missing, p.Name)
			return "", false
		}
		return format(v, p.Format), true
	})
	return out, missing
}

// format prints a parameter value for people: lists joined with commas,
// money with its sign before the dollar.
func format(v any, style string) string {
	switch x := v.(type) {
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			parts[i] = format(e, style)
		}
		return strings.Join(parts, ", ")
	case []string:
		return strings.Join(x, ", ")
	}
	if style == "money" {
		if n, ok := asInt(v); ok {
			if n < 0 {
				return fmt.Sprintf("-$%d", -n)
			}
			return fmt.Sprintf("$%d", n)
		}
	}
	return fmt.Sprint(v)
}

func asInt(v any) (int, bool) {
	switch n := v.(type) {
	case int:
		return n, true
	case int64:
		return int(n), true
	case float64:
		if n == float64(int(n)) {
			return int(n), true
		}
	}
	return 0, false
}

// boardRows reads a rows parameter ([{value, slots}]) into labelled rows.
func boardRows(d *gamedata.Data, param, label string) []render.BoardRow {
	p, ok := d.Params[param]
	if !ok {
		return nil
	}
	list, _ := p.Value.([]any)
	var rows []render.BoardRow
	for _, r := range list {
		m, _ := r.(map[string]any)
		slots, _ := asInt(m["slots"])
		text, _ := expand(label, m)
		rows = append(rows, render.BoardRow{Label: text, Slots: slots})
	}
	return rows
}

// boxOf lists the manifest's components, marking those this PDF prints:
// cards, and whatever a layout board, token sheet (or one of its faces) or
// track draws.
func boxOf(d *gamedata.Data) []render.BoxItem {
	drawn := map[string]bool{}
	board := false
	for _, lc := range d.Layout.Components {
		drawn[lc.Component] = lc.Component != ""
		for _, f := range lc.Faces {
			drawn[f.Component] = f.Component != ""
		}
		board = board || lc.Kind == "board"
	}
	var box []render.BoxItem
	for _, c := range d.Manifest.Components {
		printed := c.Kind == "cards" || drawn[c.ID] || (c.Kind == "board" && board)
		box = append(box, render.BoxItem{Name: c.Name, Count: c.Count, Printed: printed})
	}
	return box
}
