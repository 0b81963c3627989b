package gamedata

import (
	"errors"
	"io/fs"
	"regexp"
	"slices"
	"strconv"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

var _ = registerCheck(Check{
	ID:      "game-files",
	Doc:     "Checks as the game is read that the folder has a game.yaml, names an engine that is registered and whose schemas compile, and stays within the game's limits of size, values and cards.",
	Codes:   []*finding.Code{CodeNoManifest, CodeUnknownEngine, CodeEngineSchema, CodeGameTooLarge},
	Reading: true,
})

// manifest loads game.yaml; false when there is no usable manifest.
func (l *loader) manifest() bool {
	if _, err := l.dir.Stat(ManifestName); errors.Is(err, fs.ErrNotExist) {
		l.add(CodeNoManifest.At(finding.Pos{File: l.g.Dir}, "no %s in this folder: not a game folder", ManifestName))
		return false
	}
	l.spend(ManifestName)
	d, found := l.open(ManifestName, l.compile(schema.Manifest), l.modeline(ManifestName, schema.Manifest))
	l.add(found...)
	if d == nil || d.val == nil {
		return false
	}
	l.man = d
	m := &l.g.Manifest
	l.decode(d, found, d.file.Root, m)
	m.Pos = d.filePos()
	m.IDPos = d.pos("id")
	m.PlayersPos = d.pos("players")
	componentAt := make(map[string]int, len(m.Components))
	for i := range m.Components {
		m.Components[i].Pos = d.pos("components", strconv.Itoa(i))
		if _, dup := componentAt[m.Components[i].ID]; !dup {
			componentAt[m.Components[i].ID] = i
		}
	}
	l.g.componentAt = componentAt
	for i := range m.Decks {
		m.Decks[i].Pos = d.pos("decks", strconv.Itoa(i))
	}
	for i := range m.Lint.Ignore {
		m.Lint.Ignore[i].Pos = d.pos("lint", "ignore", strconv.Itoa(i))
	}
	return true
}

// decode fills out from n, reporting a failure only when the schema found
// nothing: otherwise it is the same problem again, worse worded.
func (l *loader) decode(d *doc, fileFindings []finding.Finding, n *yaml.Node, out any) {
	err := decode(n, out)
	if err == nil {
		return
	}
	for _, f := range fileFindings {
		if f.File == d.file.Name && f.Severity == finding.Error {
			return
		}
	}
	l.add(schema.CodeType.At(d.file.Pos(n), "%s", oneLine(err.Error())))
}

// params collects the manifest's parameters and validates the object of
// their defaults against the engine's params.schema.json, reporting at the
// default values in game.yaml.
func (l *loader) params() {
	d := l.man
	pnode := d.node("parameters")
	if pnode != nil && pnode.Kind == yaml.AliasNode {
		pnode = pnode.Alias
	}
	if pnode == nil || pnode.Kind != yaml.MappingNode {
		pnode = nil
	}
	defaults := map[string]any{}
	l.defaults = defaults
	declared := map[string]bool{}
	if pnode != nil {
		for i := 0; i+1 < len(pnode.Content); i += 2 {
			name := pnode.Content[i].Value
			if declared[name] || !d.has([]string{"parameters", name}) {
				continue
			}
			declared[name] = true
			l.g.ParamOrder = append(l.g.ParamOrder, name)
			p := Param{Name: name}
			if entry, ok := schema.ValueAt(d.val.Data, "parameters", name).(map[string]any); ok {
				p.Doc, _ = entry["doc"].(string)
				p.Source, _ = entry["source"].(string)
				if v, ok := entry["default"]; ok {
					p.Value = v
					defaults[name] = v
					p.Node = d.node("parameters", name, "default")
				}
			}
			p.Pos = d.pos("parameters", name, "default")
			l.g.Params[name] = p
		}
	}
	if !l.engineOK || d.node("parameters") != nil && pnode == nil {
		// Parameters that are not a mapping are reported by the manifest
		// schema; checking their defaults would only add noise.
		return
	}
	sch := l.compile(schema.EnginePath(l.g.Manifest.Engine, schema.EngineParams))
	if sch == nil {
		return
	}
	engine := l.g.Manifest.Engine
	l.add(d.problems(sch.Validate(defaults), func(p schema.Problem) (schema.Problem, bool) {
		switch {
		case len(p.Path) == 0 && p.Code == schema.CodeRequired:
			if declared[p.Field] {
				return p, false // its missing default is reported by the manifest schema
			}
			p.Message = "missing parameter " + strconv.Quote(p.Field) + ", which engine " + engine + " needs"
		case len(p.Path) == 1 && p.Code == schema.CodeUnknownField:
			p.Message = "engine " + engine + " has no parameter " + strconv.Quote(p.Field)
			if s := schema.Suggest(p.Field, sch.PropertyNames()); s != "" {
				p.Message += " (did you mean " + strconv.Quote(s) + "?)"
			}
			return schema.Problem{Path: []string{"parameters", p.Path[0]}, Key: true, Code: p.Code, Message: p.Message}, true
		}
		if len(p.Path) == 0 {
			p.Path = []string{"parameters"}
		} else {
			p.Path = append([]string{"parameters", p.Path[0], "default"}, p.Path[1:]...)
		}
		return p, true
	})...)
}

// cards loads the i-th card file.
func (l *loader) cards(i int, name string) {
	engine := l.g.Manifest.Engine
	var sch *schema.Schema
	var modeline []string
	switch {
	case l.g.Manifest.DeclaresFields():
		sch = l.declaredCards()
		modeline = []string{localModeline(name, schema.EngineCards)}
	case l.engineOK:
		repo := schema.EnginePath(engine, schema.EngineCards)
		sch = l.compile(repo)
		modeline = l.modeline(name, repo)
	}
	if len(l.g.Cards) == MaxCards {
		l.add(CodeGameTooLarge.At(l.man.pos("files", "cards", strconv.Itoa(i)), "%s not read: the game already has %d cards, the most a game may have", finding.Visible(l.path(name)), MaxCards))
		l.cardsBroken = true
		return
	}
	d, found := l.openListed(name, sch, modeline, "files", "cards", strconv.Itoa(i))
	if d == nil || slices.ContainsFunc(found, func(f finding.Finding) bool { return f.Severity == finding.Error }) {
		// Copies cannot be counted reliably; COUNT_MISMATCH would only echo
		// this file's own errors.
		l.cardsBroken = true
	}
	if d == nil {
		return
	}
	l.cardDocs = append(l.cardDocs, d)
	list := d.node("cards")
	if list != nil && list.Kind == yaml.AliasNode {
		list = list.Alias
	}
	if list == nil || list.Kind != yaml.SequenceNode {
		return
	}
	for j, item := range list.Content {
		at := d.file.Pos(item) // where the card is listed, even if by alias
		if len(l.g.Cards) == MaxCards {
			l.add(CodeGameTooLarge.At(at, "more than %d cards in the game; this card and those after it are not read", MaxCards))
			l.cardsBroken = true
			return
		}
		if item.Kind == yaml.AliasNode {
			item = item.Alias
		}
		if item == nil || item.Kind != yaml.MappingNode {
			continue
		}
		idx := strconv.Itoa(j)
		var c Card
		l.decode(d, found, item, &c)
		c.Pos = at
		c.PlayersPos = c.Pos
		if d.node("cards", idx, "players") != nil {
			c.PlayersPos = d.pos("cards", idx, "players")
		}
		c.Node = item
		if c.Count == 0 {
			c.Count = 1
		}
		if c.Deck == "" && len(l.g.Manifest.Decks) == 1 {
			c.Deck = l.g.Manifest.Decks[0].ID
		}
		if l.g.Manifest.DeclaresFields() {
			c.Values = declaredValues(schema.ValueAt(d.val.Data, "cards", idx), l.g.Manifest.FieldsOf(c.Deck))
		}
		l.g.Cards = append(l.g.Cards, c)
		l.cardAt = append(l.cardAt, cardRef{d: d, i: idx})
	}
}

// openListed opens a file game.yaml names at listedAt, reporting a missing
// file there, where the name would be fixed.
func (l *loader) openListed(name string, sch *schema.Schema, modeline []string, listedAt ...string) (*doc, []finding.Finding) {
	if !fileName.MatchString(name) {
		return nil, nil // the manifest schema reports it; never open ../ paths
	}
	path := l.path(name)
	if _, err := l.dir.Stat(name); errors.Is(err, fs.ErrNotExist) {
		l.add(source.CodeFileMissing.At(l.man.pos(listedAt...), "file %s not found", finding.Visible(path)))
		return nil, nil
	}
	if over := l.spend(name); over != "" {
		l.add(CodeGameTooLarge.At(l.man.pos(listedAt...), "%s not read: %s", finding.Visible(path), over))
		return nil, nil
	}
	d, found := l.open(name, sch, modeline)
	l.add(found...)
	if d == nil || d.val == nil {
		return nil, nil
	}
	return d, found
}

// layout loads the layout file.
func (l *loader) layout() {
	name := l.g.Manifest.Files.Layout
	if name == "" {
		return
	}
	d, found := l.openListed(name, l.compile(schema.Layout), l.modeline(name, schema.Layout), "files", "layout")
	if d == nil {
		return
	}
	d, reuse := l.resolveLayout(d)
	l.lay = d
	lay := &l.g.Layout
	l.decode(d, found, d.file.Root, lay)
	lay.Pos = d.filePos()
	lay.Reuse = reuse
	for name, g := range lay.Groups {
		elementPos(d, &g, "groups", name)
		lay.Groups[name] = g
	}
	elementPos(d, &lay.Front, "front")
	for id, dl := range lay.Decks {
		for side, f := range map[string]*Front{"front": dl.Front, "back_face": dl.BackFace} {
			if f != nil {
				elementPos(d, f, "decks", id, side)
			}
		}
	}
	for i := range lay.Components {
		c := &lay.Components[i]
		c.Pos = d.pos("components", strconv.Itoa(i))
		for j := range c.Faces {
			c.Faces[j].Pos = d.pos("components", strconv.Itoa(i), "faces", strconv.Itoa(j))
		}
	}
}

// elementPos sets the position of each element of the face at path.
func elementPos(d *doc, f *Front, path ...string) {
	for i := range f.Elements {
		at := append(slices.Clone(path), "elements", strconv.Itoa(i))
		f.Elements[i].Pos = d.pos(at...)
		f.Elements[i].FieldPos = d.pos(append(at, "field")...)
		f.Elements[i].BoxPos = d.pos(append(at, "box")...)
		f.Elements[i].ColorByPos = d.pos(append(at, "color_by")...)
		f.Elements[i].textPos(d, at)
	}
	f.Accent.FieldPos = d.pos(append(slices.Clone(path), "accent", "field")...)
	f.colorPos(d, path...)
}

// reference loads the reference sheet file.
func (l *loader) reference() {
	name := l.g.Manifest.Files.Reference
	if name == "" {
		return
	}
	d, found := l.openListed(name, l.compile(schema.Reference), l.modeline(name, schema.Reference), "files", "reference")
	if d == nil {
		return
	}
	l.ref = d
	ref := &l.g.Ref
	l.decode(d, found, d.file.Root, ref)
	ref.Pos = d.filePos()
	for i := range ref.Sections {
		s := &ref.Sections[i]
		idx := strconv.Itoa(i)
		s.Pos = d.pos("sections", idx)
		s.ItemPos = make([]finding.Pos, len(s.Items))
		for j := range s.Items {
			s.ItemPos[j] = d.pos("sections", idx, "items", strconv.Itoa(j))
		}
	}
	aid := &ref.PlayerAid
	aid.ItemPos = make([]finding.Pos, len(aid.Items))
	for j := range aid.Items {
		aid.ItemPos[j] = d.pos("player_aid", "items", strconv.Itoa(j))
	}
}

// fileName is the manifest schema's pattern for file names: relative, no
// "..", a .yaml file.
var fileName = regexp.MustCompile(`^([A-Za-z0-9_-][A-Za-z0-9_.-]*/)*[A-Za-z0-9_-][A-Za-z0-9_.-]*\.ya?ml$`)
