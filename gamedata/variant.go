package gamedata

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/schema"

	"go.yaml.in/yaml/v3"
)

var _ = registerCheck(Check{
	ID:      "variants",
	Doc:     "Checks as game.yaml's variants are read that they set declared parameters and that the default names one of them.",
	Codes:   []*finding.Code{CodeUndefinedVariant, CodeUndefinedParameter},
	Reading: true,
})

// variants collects each variant's parameter overrides and checks them as
// the defaults are checked: the names must be declared parameters and the
// values must pass the engine's params.schema.json, reported at the
// override's value in game.yaml.
func (l *loader) variants() {
	d, vs := l.man, &l.g.Manifest.Variants
	if d.node("variants") == nil {
		return
	}
	l.uniqueIDs(d, "variants", "list")
	var sch *schema.Schema
	if l.engineOK {
		sch = l.compile(schema.EnginePath(l.g.Manifest.Engine, schema.EngineParams))
	}
	// Problems the defaults already have are reported once, at the defaults.
	known := map[string]bool{}
	if sch != nil {
		for _, p := range sch.Validate(l.defaults) {
			known[strings.Join(p.Path, "/")+"\x00"+p.Message] = true
		}
	}
	var ids []string
	for i := range vs.List {
		v := &vs.List[i]
		idx := strconv.Itoa(i)
		v.Pos = d.pos("variants", "list", idx)
		ids = append(ids, v.ID)
		at := []string{"variants", "list", idx, "parameters"}
		overrides := d.node(at...)
		if overrides != nil && overrides.Kind == yaml.AliasNode {
			overrides = overrides.Alias
		}
		if overrides == nil || overrides.Kind != yaml.MappingNode {
			continue
		}
		v.Params = map[string]Param{}
		values := maps.Clone(l.defaults)
		for j := 0; j+1 < len(overrides.Content); j += 2 {
			name := overrides.Content[j].Value
			path := append(slices.Clone(at), name)
			base, declared := l.g.Params[name]
			if !d.has(path) {
				continue
			}
			if !declared {
				l.add(CodeUndefinedParameter.At(d.keyPos(path...), "%s", undeclared("parameter", name, "parameters", l.g.ParamOrder)))
				continue
			}
			base.Value, base.Node, base.Pos = schema.ValueAt(d.val.Data, path...), d.node(path...), d.pos(path...)
			v.Params[name] = base
			values[name] = base.Value
		}
		if sch == nil || len(v.Params) == 0 {
			continue
		}
		l.add(d.problems(sch.Validate(values), func(p schema.Problem) (schema.Problem, bool) {
			if known[strings.Join(p.Path, "/")+"\x00"+p.Message] {
				return p, false
			}
			if len(p.Path) > 0 {
				if _, ok := v.Params[p.Path[0]]; ok {
					p.Path = append(slices.Clone(at), p.Path...)
					return p, true
				}
			}
			// A rule across parameters that this variant's values break.
			p.Path = at
			p.Message = "variant " + v.ID + ": " + p.Message
			return p, true
		})...)
	}
	if vs.Default != "" && len(ids) > 0 && !slices.Contains(ids, vs.Default) {
		l.add(CodeUndefinedVariant.At(d.pos("variants", "default"), "%s", undeclared("variant", vs.Default, "variants list", ids)))
	}
}

// Variants lists the game's variant ids, the default first and the others
// in manifest order. A game without a variants section has one variant, ""
// (its parameter defaults).
func (g *Data) Variants() []string {
	vs := g.Manifest.Variants
	if len(vs.List) == 0 {
		return []string{""}
	}
	def := g.defaultVariant()
	ids := []string{def}
	for _, v := range vs.List {
		if !slices.Contains(ids, v.ID) {
			ids = append(ids, v.ID)
		}
	}
	return ids
}

// defaultVariant is variants.default, or the first variant when default
// names none (an error validation reports).
func (g *Data) defaultVariant() string {
	vs := g.Manifest.Variants
	for _, v := range vs.List {
		if v.ID == vs.Default {
			return v.ID
		}
	}
	return vs.List[0].ID
}

// VariantName is the printed name of the variant Params hold, "" for a
// game without variants.
func (g *Data) VariantName() string {
	for _, v := range g.Manifest.Variants.List {
		if v.ID == g.Variant {
			return v.Name
		}
	}
	return ""
}

// WithVariant returns a copy of g whose Params hold variant id's values
// (each override's Value, Node and Pos replace the default's), so an
// engine built from the copy plays that variant. "" names the default
// variant; a game without variants has only "".
func (g *Data) WithVariant(id string) (*Data, error) {
	vs := g.Manifest.Variants
	if len(vs.List) == 0 {
		if id != "" {
			return nil, fmt.Errorf("game %s has no variants, so no variant %q", g.Manifest.ID, id)
		}
		c := *g
		return &c, nil
	}
	if id == "" {
		id = g.defaultVariant()
	}
	i := slices.IndexFunc(vs.List, func(v Variant) bool { return v.ID == id })
	if i < 0 {
		ids := g.Variants()
		msg := fmt.Sprintf("game %s has no variant %q (variants: %s)", g.Manifest.ID, id, strings.Join(ids, ", "))
		if s := schema.Suggest(id, ids); s != "" {
			msg += fmt.Sprintf("; did you mean %q?", s)
		}
		return nil, fmt.Errorf("%s", msg)
	}
	c := *g
	if c.defaults == nil {
		c.defaults = g.Params
	}
	c.Variant = id
	c.Params = maps.Clone(c.defaults)
	maps.Copy(c.Params, vs.List[i].Params)
	return &c, nil
}

// PlayedFrom says that a results file whose files_digest is digest was
// not played from d's files as they are now ("" in a file from before
// digests passes): merging it would mix two games.
func (d *Data) PlayedFrom(digest string) error {
	if digest == "" || digest == d.PlayDigest {
		return nil
	}
	return fmt.Errorf("played from other files of %s (game.yaml, cards or rules) than it has now: play it again", finding.Visible(d.Manifest.ID))
}
