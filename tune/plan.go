// Package tune searches a game's rule parameters for values that meet
// targets (fair seats, a game length, a skill ladder) by playing seeded
// games with the engine: cardpress tune. The plan (which parameters, over
// which values, and the targets) is the game's tune.yaml; the search is
// NTBEA, the N-Tuple Bandit Evolutionary Algorithm (ntbea.go); the result
// is the best values found, measured again with their intervals, the
// evidence and a unified diff of game.yaml (diff.go).
package tune

import (
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/schema"
	"github.com/cardpress/cardpress/source"

	"go.yaml.in/yaml/v3"
)

// FileName is the plan's name in a game folder.
const FileName = gamedata.TuneName

// MaxValues is the most values one parameter may take in a plan, and
// MaxDims the most parameters (the schema states both too): NTBEA's model
// keeps a table per pair of parameters, and a range wider than this is
// better searched coarsely first (step:).
const (
	MaxValues = 64
	MaxDims   = 16
)

// Finding codes of a plan that the schema cannot judge alone: what it
// names must be in the game, and the game must be playable with it.
var (
	CodeParameter = finding.Declare(finding.Code{ID: "TUNE_PARAMETER", Severity: finding.Error, Scope: finding.Tune,
		Purpose: "A tune.yaml parameter is not a whole number, true/false or word among game.yaml's parameters (a name or path that does not exist, or names a list or mapping)."})
	CodeValue = finding.Declare(finding.Code{ID: "TUNE_VALUE", Severity: finding.Error, Scope: finding.Tune,
		Purpose: "A value a tune.yaml range offers is of another type than the parameter's, the range is empty or too wide, or the game does not build with the value."})
	CodeTarget = finding.Declare(finding.Code{ID: "TUNE_TARGET", Severity: finding.Error, Scope: finding.Tune,
		Purpose: "A tune.yaml target or player count the game cannot be measured by: a length whose min is above its max, a counter the engine does not count, a ladder bot the engine cannot make, a player count the game does not play."})
)

// cardpress tune checks its plan as it reads tune.yaml (LoadPlan); the
// table of checks lists the check for its codes.
var _ = check.Register(check.Check{
	ID:    "tune-plan",
	Doc:   "Checks a game's tune.yaml: parameters, ranges and targets the game can be tuned by (cardpress tune).",
	Codes: []*finding.Code{CodeParameter, CodeValue, CodeTarget},
	Step:  check.Tune,
})

// Plan is a loaded tune.yaml.
type Plan struct {
	File    string // the path as given, for findings
	Dims    []Dim  // in file order
	Targets Targets
	Players []int // the counts to play; every count the game supports when the file names none
}

// Dim is one parameter searched: a scalar of game.yaml's parameters, by
// path, and the values it may take.
type Dim struct {
	Path   string
	Values []any // int, bool or string, the parameter's own type
	Pos    finding.Pos
}

// Targets are what a candidate is scored against; a zero field is no
// target.
type Targets struct {
	// Within is the seat target's tolerance in percentage points.
	Within float64
	Length *Length
	Ladder *Ladder
}

// Length is the game-length target: a mean in moves, or the mean per
// game of one of the engine's counters.
type Length struct {
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	Counter string  `json:"counter,omitempty"` // "" for moves
	counter int     // its index in Info.Counters
}

// Ladder is the skill-ladder target: each bot should beat the one before.
type Ladder struct {
	Bots  []string `json:"bots"`
	Games int      `json:"games,omitempty"` // per rung and player count; 0: an evaluation's games
}

// Unit names what a length is measured in.
func (l *Length) Unit() string {
	if l.Counter == "" {
		return "moves"
	}
	return l.Counter
}

// LoadPlan reads the plan at path for game d (its current parameter
// values) played by an engine with info. build tells whether the game
// builds with one parameter changed, so a value the engine refuses is
// reported at the value, before anything is played. Any finding is an
// error: the plan is nil then.
func LoadPlan(path string, d *gamedata.Data, info engine.Info, build func(*gamedata.Data) []finding.Finding) (*Plan, []finding.Finding) {
	f, found := source.Read(path)
	return checkPlan(f, found, d, info, build)
}

// LoadGamePlan reads the plan the game's folder holds (FileName) as
// LoadPlan does, but as the game's own files are read: a symbolic link out
// of the folder is reported, not followed, since a game folder from a
// pull request may plant one.
func LoadGamePlan(d *gamedata.Data, info engine.Info, build func(*gamedata.Data) []finding.Finding) (*Plan, []finding.Finding) {
	dir, err := fileio.OpenDir(d.Dir)
	if err != nil {
		at := finding.Pos{File: filepath.Join(d.Dir, FileName)}
		return nil, []finding.Finding{source.CodeFileRead.At(at, "cannot read: %s", fileio.Describe(err))}
	}
	defer dir.Close()
	f, found := source.ReadIn(dir, FileName)
	return checkPlan(f, found, d, info, build)
}

// checkPlan checks a plan read as f (nil, with found saying why, if it
// could not be read).
func checkPlan(f *source.File, found []finding.Finding, d *gamedata.Data, info engine.Info, build func(*gamedata.Data) []finding.Finding) (*Plan, []finding.Finding) {
	if f == nil {
		return nil, found
	}
	val, cfs := source.Convert(f)
	if found = append(found, cfs...); val == nil || len(found) > 0 {
		return nil, found
	}
	sch, err := schema.NewCompiler().Compile(schema.Tune)
	if err != nil {
		panic(err) // the embedded schema compiles, or every test fails
	}
	for _, p := range sch.Validate(val.Data) {
		loc := val.Lookup(p.Path)
		n := loc.Value
		if p.Key && loc.Key != nil {
			n = loc.Key
		}
		found = append(found, p.Code.At(f.Pos(n), "%s", p.Message))
	}
	if len(found) > 0 {
		return nil, finding.Sort(found)
	}
	r := planReader{f: f, game: d, info: info, build: build, plan: &Plan{File: f.Name}}
	r.parameters(source.MapValue(f.Root, "parameters"))
	r.targets(source.MapValue(f.Root, "targets"))
	r.players(source.MapValue(f.Root, "players"))
	if len(r.found) > 0 {
		return nil, finding.Sort(r.found)
	}
	return r.plan, nil
}

type planReader struct {
	f     *source.File
	game  *gamedata.Data
	info  engine.Info
	build func(*gamedata.Data) []finding.Finding
	plan  *Plan
	found []finding.Finding
}

func (r *planReader) add(f finding.Finding) { r.found = append(r.found, f) }

func (r *planReader) parameters(m *yaml.Node) {
	for i := 0; i+1 < len(m.Content); i += 2 {
		key, rng := m.Content[i], m.Content[i+1]
		cur, ok := r.scalar(key)
		if !ok {
			continue
		}
		dim := Dim{Path: key.Value, Pos: r.f.Pos(key)}
		if dim.Values, ok = r.values(key.Value, cur, rng); !ok {
			continue
		}
		for _, v := range dim.Values {
			if v == cur {
				continue
			}
			d, err := Apply(r.game, map[string]any{dim.Path: v})
			if err == nil {
				if fs := r.build(d); len(fs) > 0 {
					err = fmt.Errorf("%s", fs[0].Message)
				}
			}
			if err != nil {
				r.add(CodeValue.At(r.valuePos(rng, v), "the game does not build with %s = %v: %v", dim.Path, v, err))
				ok = false
			}
		}
		if ok {
			r.plan.Dims = append(r.plan.Dims, dim)
		}
	}
}

// scalar is the current value of the parameter a key names, which must be
// a number, true/false or a word.
func (r *planReader) scalar(key *yaml.Node) (any, bool) {
	segs := splitPath(key.Value)
	p, ok := r.game.Params[segs[0]]
	if !ok {
		msg := fmt.Sprintf("game.yaml declares no parameter %q", segs[0])
		if s := schema.Suggest(segs[0], r.game.ParamOrder); s != "" {
			msg += fmt.Sprintf(" (did you mean %q?)", s)
		}
		r.add(CodeParameter.At(r.f.Pos(key), "%s", msg))
		return nil, false
	}
	v, err := lookup(p.Value, segs[1:])
	if err != nil {
		r.add(CodeParameter.At(r.f.Pos(key), "%s: %v", key.Value, err))
		return nil, false
	}
	switch v.(type) {
	case int, bool, string:
		return v, true
	case []any, map[string]any:
	default:
		r.add(CodeParameter.At(r.f.Pos(key), "%s is %s in game.yaml; tune changes a whole number, true/false or a word", key.Value, typeName(v)))
		return nil, false
	}
	r.add(CodeParameter.At(r.f.Pos(key), "%s is %s in game.yaml; name one number, true/false or word in it (%s)", key.Value, describe(v), example(key.Value, v)))
	return nil, false
}

// values lists what a range offers, each of cur's type.
func (r *planReader) values(path string, cur any, rng *yaml.Node) ([]any, bool) {
	list, lo := source.MapValue(rng, "values"), source.MapValue(rng, "min")
	if (list == nil) == (lo == nil) {
		r.add(CodeValue.At(r.f.Pos(rng), "%s: give min and max (and step), or values, not both", path))
		return nil, false
	}
	if list != nil {
		var out []any
		ok := true
		for _, n := range list.Content {
			v := scalarValue(n)
			if typeName(v) != typeName(cur) {
				r.add(CodeValue.At(r.f.Pos(n), "%s is %s in game.yaml, so %s cannot be one of its values", path, typeName(cur), strconv.Quote(n.Value)))
				ok = false
			}
			out = append(out, v)
		}
		return out, ok
	}
	if _, isInt := cur.(int); !isInt {
		r.add(CodeValue.At(r.f.Pos(rng), "%s is %s in game.yaml: list its values (values: [...]) instead of min and max", path, typeName(cur)))
		return nil, false
	}
	from := number(lo)
	hiNode := source.MapValue(rng, "max")
	hi := number(hiNode)
	step := 1
	if s := source.MapValue(rng, "step"); s != nil {
		step = number(s)
	}
	if from > hi {
		r.add(CodeValue.At(r.f.Pos(hiNode), "%s: max %d is below min %d", path, hi, from))
		return nil, false
	}
	if n := (int64(hi)-int64(from))/int64(step) + 1; n > MaxValues {
		r.add(CodeValue.At(r.f.Pos(rng), "%s: min %d to max %d by %d is %d values, more than %d; search a coarser step first", path, from, hi, step, n, MaxValues))
		return nil, false
	}
	var out []any
	for v := from; v <= hi; v += step {
		out = append(out, v)
	}
	return out, true
}

// valuePos is where value v of a range is written: its entry in values:,
// else the range (min..max).
func (r *planReader) valuePos(rng *yaml.Node, v any) finding.Pos {
	if list := source.MapValue(rng, "values"); list != nil {
		for _, n := range list.Content {
			if scalarValue(n) == v {
				return r.f.Pos(n)
			}
		}
	}
	return r.f.Pos(rng)
}

func (r *planReader) targets(m *yaml.Node) {
	t := &r.plan.Targets
	if s := source.MapValue(m, "seat_win_rate"); s != nil {
		t.Within = realNumber(source.MapValue(s, "within"))
	}
	if l := source.MapValue(m, "length"); l != nil {
		lo, hi := source.MapValue(l, "min"), source.MapValue(l, "max")
		t.Length = &Length{}
		t.Length.Min, t.Length.Max = realNumber(lo), realNumber(hi)
		if t.Length.Min > t.Length.Max {
			r.add(CodeTarget.At(r.f.Pos(hi), "length: max %s is below min %s", hi.Value, lo.Value))
		}
		if c := source.MapValue(l, "counter"); c != nil {
			t.Length.Counter = c.Value
			if t.Length.counter = slices.Index(r.info.Counters, c.Value); t.Length.counter < 0 {
				r.add(CodeTarget.At(r.f.Pos(c), "the engine counts no %q (its counters: %s)", c.Value, strings.Join(r.info.Counters, ", ")))
			}
		}
	}
	if l := source.MapValue(m, "skill_ladder"); l != nil {
		t.Ladder = &Ladder{}
		for _, b := range source.MapValue(l, "bots").Content {
			if _, err := engine.ParseBot(b.Value, 0); err != nil {
				r.add(CodeTarget.At(r.f.Pos(b), "skill_ladder: %v", err))
			}
			t.Ladder.Bots = append(t.Ladder.Bots, b.Value)
		}
		if g := source.MapValue(l, "games"); g != nil {
			t.Ladder.Games = number(g)
		}
	}
}

func (r *planReader) players(list *yaml.Node) {
	lo, hi := r.info.MinPlayers, r.info.MaxPlayers
	if list == nil {
		for n := lo; n <= hi; n++ {
			r.plan.Players = append(r.plan.Players, n)
		}
		return
	}
	for _, item := range list.Content {
		n := number(item)
		if n < lo || n > hi {
			r.add(CodeTarget.At(r.f.Pos(item), "%s plays with %d-%d players, not %d", r.game.Manifest.ID, lo, hi, n))
			continue
		}
		r.plan.Players = append(r.plan.Players, n)
	}
}

// splitPath cuts a parameter path into the parameter's name and the
// list indexes and mapping keys under it.
func splitPath(path string) []string { return strings.Split(path, ".") }

// lookup follows a path of list indexes and mapping keys into a
// parameter's value.
func lookup(v any, segs []string) (any, error) {
	for i, s := range segs {
		at := strings.Join(segs[:i], ".")
		switch x := v.(type) {
		case []any:
			k, err := strconv.Atoi(s)
			switch {
			case (err != nil || k < 0 || k >= len(x)) && len(x) == 0:
				return nil, fmt.Errorf("%q is not an index of the list%s, which is empty", s, under(at))
			case err != nil || k < 0 || k >= len(x):
				return nil, fmt.Errorf("%q is not an index of the list%s, which has %d items (0 to %d)", s, under(at), len(x), len(x)-1)
			}
			v = x[k]
		case map[string]any:
			next, ok := x[s]
			if !ok {
				keys := slices.Sorted(mapKeys(x))
				return nil, fmt.Errorf("no key %q in the mapping%s (its keys: %s)", s, under(at), strings.Join(keys, ", "))
			}
			v = next
		default:
			return nil, fmt.Errorf("%s is %s, which has no %q", orWhole(at), describe(v), s)
		}
	}
	return v, nil
}

func under(at string) string {
	if at == "" {
		return ""
	}
	return " at " + at
}

func orWhole(at string) string {
	if at == "" {
		return "the parameter"
	}
	return at
}

func mapKeys(m map[string]any) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// example names a scalar inside a list or mapping value, for a message.
func example(path string, v any) string {
	for {
		switch x := v.(type) {
		case []any:
			if len(x) == 0 {
				return "it is empty"
			}
			path, v = path+".0", x[0]
			continue
		case map[string]any:
			keys := slices.Sorted(mapKeys(x))
			if len(keys) == 0 {
				return "it is empty"
			}
			path, v = path+"."+keys[0], x[keys[0]]
			continue
		}
		return "e.g. " + path
	}
}

func describe(v any) string {
	switch v.(type) {
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	}
	return typeName(v)
}

func typeName(v any) string {
	switch v.(type) {
	case int:
		return "a whole number"
	case bool:
		return "true/false"
	case string:
		return "a word"
	case float64:
		return "a fractional number"
	}
	return "empty"
}

// scalarValue is a plan's scalar as the parameter values hold it (both
// converted as source.Convert converts).
func scalarValue(n *yaml.Node) any { return source.Scalar(n) }

// realNumber is a number of the plan, which the schema has checked is one.
func realNumber(n *yaml.Node) float64 {
	switch v := source.Scalar(n).(type) {
	case int:
		return float64(v)
	case float64:
		return v
	}
	return 0
}

// number is a whole number of the plan, which the schema has checked is
// one (0 short of a bug, never a division by it: step's minimum is 1).
func number(n *yaml.Node) int {
	i, _ := source.Scalar(n).(int)
	return i
}
