package gamedata

import (
	"fmt"
	"strconv"

	"github.com/cardpress/cardpress/finding"
)

var _ = registerCheck(Check{
	ID:    "pieces",
	Doc:   "Checks per-player pieces: a colour for each player, counts that share out evenly, and track strips whose labels match their copies.",
	Codes: []*finding.Code{CodePlayers, CodeCountMismatch},
	// Counts as the cards' copies fill them in; a count already reported is
	// not compared again.
	After: []string{"card-references", "layout-references"},
	run:   (*loader).checkPieces,
})

// ComponentCount is the count of the manifest component id, and whether
// the manifest declares it.
func (g *Data) ComponentCount(id string) (int, bool) {
	if g.componentAt != nil {
		i, ok := g.componentAt[id]
		if !ok {
			return 0, false
		}
		return g.Manifest.Components[i].Count, true
	}
	for _, c := range g.Manifest.Components {
		if c.ID == id {
			return c.Count, true
		}
	}
	return 0, false
}

// FaceCounts gives how many tokens of each face a tokens sheet prints: the
// face's count; else its component's count; else, for a sheet with one
// face, the sheet's component's count; else 1.
func (g *Data) FaceCounts(c LayoutComponent) []int {
	out := make([]int, len(c.Faces))
	for i, f := range c.Faces {
		n := f.Count
		if n <= 0 && f.Component != "" {
			n, _ = g.ComponentCount(f.Component)
		}
		if n <= 0 && f.Component == "" && len(c.Faces) == 1 && c.Component != "" {
			n, _ = g.ComponentCount(c.Component)
		}
		if n <= 0 && f.Count == 0 && f.Component == "" {
			n = 1
		}
		out[i] = max(n, 0)
	}
	return out
}

// TrackSpaces gives a track's number of spaces and the text under each:
// spaces, or the spaces_param parameter (a whole number, or a list whose
// entries are the values); values given in the layout replace the
// parameter's. ok is false when the parameter is missing or neither.
func (g *Data) TrackSpaces(c LayoutComponent) (n int, values []string, ok bool) {
	n, values = c.Spaces, c.Values
	if c.SpacesParam == "" {
		return n, values, true
	}
	p, found := g.Params[c.SpacesParam]
	if !found {
		return 0, values, false
	}
	switch v := p.Value.(type) {
	case int:
		n = v
	case float64:
		if v != float64(int(v)) {
			return 0, values, false
		}
		n = int(v)
	case []any:
		n = len(v)
		if values == nil {
			for _, e := range v {
				values = append(values, fmt.Sprint(e))
			}
		}
	default:
		return 0, values, false
	}
	return n, values, n >= 1
}

// PlayerColor is the colour of one player's pieces: the name printed on
// each piece, its fill, and a shape drawn on it, so the sets still tell
// apart printed in black and white or seen with a colour vision deficiency.
type PlayerColor struct {
	Name  string // "Blue": printed on the pieces
	Color string // #rrggbb fill
	Shape string // square, triangle, diamond, star, cross, hexagon, circle or heart
}

// PlayerPalette is the Okabe–Ito palette, whose colours stay apart for the
// common kinds of colour blindness. An n-player game takes the first n,
// so the six of most games are the plain names players say at the table
// (vermillion is "Red", reddish purple "Purple", sky blue "Sky").
var PlayerPalette = []PlayerColor{
	{"Blue", "#0072b2", "square"},
	{"Orange", "#e69f00", "triangle"},
	{"Green", "#009e73", "diamond"},
	{"Yellow", "#f0e442", "star"},
	{"Red", "#d55e00", "cross"},
	{"Purple", "#cc79a7", "hexagon"},
	{"Sky", "#56b4e9", "circle"},
	{"Black", "#000000", "heart"},
}

// PlayerColors are the colours per-player pieces print in: one for each
// of the game's most players. ok is false when the palette has too few
// (validation reports it) or players.max is not set.
func (g *Data) PlayerColors() (colors []PlayerColor, ok bool) {
	n := g.Manifest.Players.Max
	if n < 1 || n > len(PlayerPalette) {
		return nil, false
	}
	return PlayerPalette[:n:n], true
}

// component is the manifest component id (the first of that id), or nil.
func (g *Data) component(id string) *Component {
	if id == "" {
		return nil
	}
	if g.componentAt != nil {
		if i, ok := g.componentAt[id]; ok {
			return &g.Manifest.Components[i]
		}
		return nil
	}
	for i := range g.Manifest.Components {
		if g.Manifest.Components[i].ID == id {
			return &g.Manifest.Components[i]
		}
	}
	return nil
}

// PerPlayer reports whether a tokens sheet prints one set per player: it
// says so, or a component it takes a count from is per player (so a
// per-player component never prints as one grey heap by omission).
func (g *Data) PerPlayer(c LayoutComponent) bool {
	if c.Kind != "tokens" {
		return false
	}
	if c.PerPlayer {
		return true
	}
	if mc := g.component(c.Component); mc != nil && mc.PerPlayer {
		return true
	}
	for _, f := range c.Faces {
		if mc := g.component(f.Component); mc != nil && mc.PerPlayer {
			return true
		}
	}
	return false
}

// TokenCounts gives how many tokens of each face a tokens sheet prints; a
// sheet without faces is one face of its component's count. For a
// per-player sheet they are the counts of one player's set, with the
// colours of the sets; ok is false when there are too many players for
// the palette or a count does not share out evenly (validation reports
// both), and the counts are then the whole sheet's.
func (g *Data) TokenCounts(c LayoutComponent) (counts []int, colors []PlayerColor, ok bool) {
	if len(c.Faces) > 0 {
		counts = g.FaceCounts(c)
	} else {
		n, _ := g.ComponentCount(c.Component)
		counts = []int{max(n, 0)}
	}
	if !g.PerPlayer(c) {
		return counts, nil, true
	}
	colors, ok = g.PlayerColors()
	if !ok {
		return counts, nil, false
	}
	each := make([]int, len(counts))
	for i, n := range counts {
		if n%len(colors) != 0 {
			return counts, nil, false
		}
		each[i] = n / len(colors)
	}
	return each, colors, true
}

// TrackCopies is how many strips a track prints: count; else its
// component's count; else one per label; else 1.
func (g *Data) TrackCopies(c LayoutComponent) int {
	if c.Count > 0 {
		return c.Count
	}
	if n, ok := g.ComponentCount(c.Component); ok && n > 0 {
		return n
	}
	return max(len(c.Labels), 1)
}

// checkPieces checks what per-player pieces and labelled tracks need: a
// palette colour for every player, per-player counts that share out
// evenly among the most players, and a label for each track strip.
// Counts that failed their schema are reported there, not again here.
func (l *loader) checkPieces() {
	m, d := &l.g.Manifest, l.man
	players := m.Players.Max
	known := players >= 1 && !l.failed(d.pos("players", "max")) && !l.failed(d.pos("players"))
	// The schema caps players.max at the palette's size today; this
	// keeps the two from drifting apart unnoticed.
	_, colored := l.g.PlayerColors()
	tooMany := func(at finding.Pos) finding.Finding {
		return CodePlayers.At(at, "per-player pieces need a colour for each of the game's %d players (players.max); the palette has %d", players, len(PlayerPalette))
	}
	for i, c := range m.Components {
		if !c.PerPlayer || !known {
			continue
		}
		idx := strconv.Itoa(i)
		if !colored {
			l.add(tooMany(d.pos("components", idx, "per_player")))
		}
		if at := d.pos("components", idx, "count"); c.Count%players != 0 && !l.failed(at) {
			l.add(CodeCountMismatch.At(at,
				"component %q is per player: its count %d does not share out evenly among the game's %d players (players.max)", c.ID, c.Count, players))
		}
	}
	if l.lay == nil {
		return
	}
	ld := l.lay
	for i, c := range l.g.Layout.Components {
		idx := strconv.Itoa(i)
		switch {
		case c.Kind == "track" && len(c.Labels) > 0:
			if n := l.g.TrackCopies(c); n != len(c.Labels) && !l.failed(ld.pos("components", idx, "count")) {
				l.add(CodeCountMismatch.At(ld.pos("components", idx, "labels"),
					"%d labels for %d strips: give each strip of the track its label", len(c.Labels), n))
			}
		case l.g.PerPlayer(c) && known:
			if c.PerPlayer && !colored {
				l.add(tooMany(ld.pos("components", idx, "per_player")))
			}
			if !colored {
				continue
			}
			counts, _, ok := l.g.TokenCounts(c)
			if ok {
				continue
			}
			for j, n := range counts {
				if n%players != 0 {
					l.unevenFace(c, idx, j, n, players)
				}
			}
		}
	}
}

// unevenFace reports face j of per-player sheet idx, whose n tokens do not
// share out among the players, at the line the count comes from: the
// face's count, its component, the sheet's component, or the face itself
// (one token, by default). A per-player component's count is reported at
// the component already.
func (l *loader) unevenFace(c LayoutComponent, idx string, j, n, players int) {
	d, face := l.lay, []string{"components", idx, "faces", strconv.Itoa(j)}
	at, id := d.pos("components", idx, "component"), c.Component
	if len(c.Faces) > 0 {
		switch f := c.Faces[j]; {
		case f.Count > 0:
			at, id = d.pos(append(face, "count")...), ""
		case f.Component != "":
			at, id = d.pos(append(face, "component")...), f.Component
		case len(c.Faces) > 1 || c.Component == "":
			at, id = d.pos(face...), ""
		}
	}
	if mc := l.g.component(id); (mc != nil && mc.PerPlayer) || l.failed(at) {
		return
	}
	what := "this token"
	if id != "" {
		what = fmt.Sprintf("component %q", id)
	}
	l.add(CodeCountMismatch.At(at,
		"this per-player sheet prints %d of %s, which does not share out evenly among the game's %d players (players.max)", n, what, players))
}
