package preview

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image"
	"maps"
	"slices"
	"sync/atomic"
	"time"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/icon"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render"
)

// snapshot is one load of the games: what the page shows until the next
// save. It is never changed once published, so handlers read it without
// locks.
type snapshot struct {
	gen      int
	at       time.Time
	took     time.Duration
	games    []*gameView
	findings []findingView
	errors   int
	warnings int
	// failure is a load that could not run at all (a crash in the
	// loader), shown in place of everything else.
	failure string
	// pictures draws each image the page links to, by its key.
	pictures map[string]func() (image.Image, error)
}

type findingView struct {
	Text     string // file:line:col: severity CODE: message
	Severity string
}

// gameView is one game as the page shows it.
type gameView struct {
	ID, Title string
	// Broken is data with errors: no cards are shown, only the findings,
	// so nothing stale looks current.
	Broken     bool
	HasEngine  bool
	Decks      []deckView
	Reference  *render.ReferenceSheet
	RefImage   string
	Box        []render.BoxItem
	BoxImage   string
	Components []string
	game       *pipeline.LoadedGame
}

type deckView struct {
	ID, Name string
	Cards    []cardView
}

type cardView struct {
	ID     string
	Name   string
	Copies int
	// Width and Height are the card's trim size in mm, for an outline of
	// the card's own shape.
	Width, Height float64
	Front         faceView
	Back          faceView
	FrontImage    string
	BackImage     string
}

type faceView struct {
	Title  string // the back's title, for a common back
	Name   string
	Fields []fieldView // the others
	Rules  []string
}

type fieldView struct{ Name, Value string }

// build loads the games under paths and makes the page's view of them. A
// crash anywhere in loading is caught and shown, never taking the server
// down.
func build(paths []string, gen int, drawer Drawer, load func([]string) ([]*pipeline.LoadedGame, []finding.Finding)) (snap *snapshot) {
	start := time.Now()
	snap = &snapshot{gen: gen, at: start, pictures: map[string]func() (image.Image, error){}}
	defer func() {
		if r := recover(); r != nil {
			*snap = snapshot{gen: gen, at: start, failure: fmt.Sprintf("loading crashed: %v", r), pictures: snap.pictures}
		}
		snap.took = time.Since(start)
	}()
	games, fs := load(paths)
	for _, g := range games {
		if g.Valid {
			// The static half of lint: what it finds without smoke games.
			// Ignore entries are checked for staleness only when the whole
			// of lint ran, which is so for a game without an engine.
			fs = append(fs, check.ApplyIgnores(g.Data, pipeline.Static(g), g.Engine == nil)...)
		}
		snap.games = append(snap.games, viewGame(g, drawer, snap.pictures))
	}
	fs = finding.Sort(fs)
	snap.errors, snap.warnings = finding.Count(fs)
	for _, f := range fs {
		snap.findings = append(snap.findings, findingView{Text: f.String(), Severity: f.Severity.String()})
	}
	return snap
}

func viewGame(g *pipeline.LoadedGame, drawer Drawer, pictures map[string]func() (image.Image, error)) *gameView {
	d := g.Data
	v := &gameView{ID: d.Manifest.ID, Title: d.Manifest.Title, Broken: !g.Valid, HasEngine: d.Manifest.HasEngine(), game: g}
	if v.Title == "" {
		v.Title = v.ID
	}
	if v.Broken {
		return v
	}
	doc := pipeline.Document(g)
	dk := ""
	if drawer != nil {
		dk = docKey(doc)
	}
	picture := func(kind string, part any, draw func() (image.Image, error)) string {
		if drawer == nil {
			return ""
		}
		key := pictureKey(dk, kind, part)
		pictures[key] = draw
		return "/img/" + key + ".png"
	}

	deckAt := map[string]int{}
	for _, m := range d.Manifest.Decks {
		deckAt[m.ID] = len(v.Decks)
		v.Decks = append(v.Decks, deckView{ID: m.ID, Name: m.Name})
	}
	for i := range doc.Cards {
		c := &doc.Cards[i]
		k, ok := deckAt[c.Deck]
		if !ok {
			k = len(v.Decks)
			deckAt[c.Deck] = k
			v.Decks = append(v.Decks, deckView{ID: c.Deck, Name: c.Deck})
		}
		size := c.Size
		if size.Width == 0 {
			size = doc.Card
		}
		cv := cardView{ID: c.ID, Name: c.Fields["name"], Copies: c.Copies, Width: 63, Height: 88,
			Front: faceOf(c.Fields, c.Rules)}
		if size.Width > 0 && size.Height > 0 {
			cv.Width, cv.Height = size.Width, size.Height
		}
		if c.TwoSided() {
			cv.Back = faceOf(c.BackFields, c.BackRules)
		} else {
			b := doc.Backs[c.Back]
			cv.Back = faceView{Title: b.Title}
			if b.Subtitle != "" {
				cv.Back.Fields = []fieldView{{"subtitle", b.Subtitle}}
			}
		}
		// The key of a side is its content, not its place in the file, so
		// an edit elsewhere leaves its picture cached.
		plain := *c
		plain.Pos = finding.Pos{}
		card := i
		cv.FrontImage = picture("front", plain, func() (image.Image, error) { return drawer.Card(doc, card, false) })
		cv.BackImage = picture("back", plain, func() (image.Image, error) { return drawer.Card(doc, card, true) })
		v.Decks[k].Cards = append(v.Decks[k].Cards, cv)
	}
	v.Decks = slices.DeleteFunc(v.Decks, func(dv deckView) bool { return len(dv.Cards) == 0 })

	v.Reference = &doc.Reference
	// The sheet's colours may come from the first card's back.
	firstBack := ""
	if len(doc.Cards) > 0 {
		firstBack = doc.Cards[0].Back
	}
	v.RefImage = picture("reference", []any{doc.Reference, firstBack}, func() (image.Image, error) { return drawer.Reference(doc) })
	v.Box = doc.Box
	if len(doc.Box) > 0 {
		v.BoxImage = picture("box", doc.Box, func() (image.Image, error) { return drawer.Box(doc) })
	}
	for _, c := range doc.Components {
		title := c.Title
		if title == "" {
			title = c.Kind
		}
		v.Components = append(v.Components, title)
	}
	return v
}

// faceOf is a side's caption: its name, the other fields in order of
// their names, empty ones left out, and its rules lines.
func faceOf(fields map[string]string, rules []render.RulesLine) faceView {
	f := faceView{Name: fields["name"]}
	for _, name := range slices.Sorted(maps.Keys(fields)) {
		if fields[name] == "" || name == "name" {
			continue
		}
		f.Fields = append(f.Fields, fieldView{name, icon.Words(fields[name])})
	}
	for _, r := range rules {
		line := icon.Words(r.Text)
		if r.Phase != "" {
			line = r.Phase + ": " + line
		}
		f.Rules = append(f.Rules, line)
	}
	return f
}

// docKey sums what every picture of a document depends on besides its own
// part: sizes, layout, backs and icons, and the bytes of its images and
// fonts (hashed as they are: encoding megabytes of art as JSON on every
// save would cost more than the load).
func docKey(doc *render.Document) string {
	h := sha256.New()
	shared := struct {
		GameID, Title string
		Card          any
		Layout        any
		Backs         any
		Icons         any
	}{doc.GameID, doc.Title, doc.Card, doc.Layout, doc.Backs, doc.Icons}
	if err := json.NewEncoder(h).Encode(shared); err != nil {
		fmt.Fprintf(h, "unencodable %d %d", time.Now().UnixNano(), unencodable.Add(1))
	}
	blob := func(name string, data []byte) {
		fmt.Fprintf(h, "%q %d\n", name, len(data))
		h.Write(data)
	}
	for _, path := range slices.Sorted(maps.Keys(doc.Images)) {
		img := doc.Images[path]
		if img == nil {
			continue
		}
		blob("image "+path+" "+img.Format, img.Data)
	}
	for _, id := range slices.Sorted(maps.Keys(doc.Fonts)) {
		tf := doc.Fonts[id]
		if tf == nil {
			continue
		}
		// In a fixed order: the key must not depend on a map's.
		for i, f := range []*fonts.Font{tf.Regular, tf.Bold, tf.Italic, tf.BoldItalic} {
			if f != nil {
				blob(fmt.Sprintf("font %s %d", id, i), f.TTF)
			}
		}
	}
	return hex.EncodeToString(h.Sum(nil))
}

// unencodable numbers the keys of parts json could not encode.
var unencodable atomic.Int64

func pictureKey(doc, kind string, part any) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", doc, kind)
	if err := json.NewEncoder(h).Encode(part); err != nil {
		fmt.Fprintf(h, "unencodable %d %d", time.Now().UnixNano(), unencodable.Add(1))
	}
	return hex.EncodeToString(h.Sum(nil))[:32]
}

// outline is a card side drawn as its shape with a label, when no Drawer
// draws the real one.
type outline struct {
	Width, Height float64
	Label         string
}

// FrontOutline and BackOutline are the outlines of the two sides.
func (c cardView) FrontOutline() outline { return outline{c.Width, c.Height, c.Name} }

func (c cardView) BackOutline() outline {
	label := c.Back.Title
	if label == "" {
		label = c.Back.Name
	}
	return outline{c.Width, c.Height, label}
}
