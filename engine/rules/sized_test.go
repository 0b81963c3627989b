package rules

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testutil"
)

// bankValues adds values to Bank Run's rules and statements after its
// deal.
func bankValues(t *testing.T, values, after string) (*Game, []finding.Finding) {
	t.Helper()
	g, found, _ := bankEdited(t,
		bankEdit{"rules.yaml", "  bonus: {type: int, min: 0, max: 3}", "  bonus: {type: int, min: 0, max: 3}\n" + values},
		bankEdit{"rules.yaml", "  - deal: {from: deck, to: hand, count: 3}\n", "  - deal: {from: deck, to: hand, count: 3}\n" + after})
	return g, found
}

// A value with a size holds that many items, read and set x[i] (a seat's
// x[seat][i]), each starting at start.
func TestValueWithASize(t *testing.T) {
	g, found := bankValues(t,
		"  heap: {type: int, size: \"goal - 9\", start: 7}\n  owed: {type: int, owner: player, size: 2}\n",
		"  - set: \"heap[1] += 5\"\n  - set: \"owed[seat(2)][1] = heap[1] + heap[2]\"\n  - set: \"owed[seat(1)][0] -= 1\"\n")
	if g == nil {
		t.Fatalf("does not build: %v", found)
	}
	var log []string
	s := dealt(g, engine.StateOptions{Log: func(e engine.Event) { log = append(log, e.Text) }})
	for name, want := range map[[3]any]int64{
		{"heap", -1, 0}: 7, {"heap", -1, 1}: 12, {"heap", -1, 2}: 7,
		{"owed", 0, 0}: -1, {"owed", 0, 1}: 0, {"owed", 1, 0}: 0, {"owed", 1, 1}: 19,
	} {
		got, ok := g.Element(s, name[0].(string), name[1].(int), name[2].(int))
		if !ok || got != want {
			t.Errorf("%v is %d (%v), want %d", name, got, ok, want)
		}
	}
	if _, ok := g.Element(s, "heap", -1, 3); ok {
		t.Error("heap[3] read, but heap holds 3 items")
	}
	if !strings.Contains(strings.Join(log, "\n"), "heap[1] is now 12") {
		t.Errorf("the log does not say heap[1] is now 12:\n%s", strings.Join(log, "\n"))
	}
}

// An item outside the value stops the game with a rules error at the
// item, and a value outside its range names its item.
func TestValueWithASizeOutOfRange(t *testing.T) {
	g, found := bankValues(t, "  heap: {type: int, size: 3, min: 0}\n", "  - set: \"heap[count(hand[seat(1)])] = 1\"\n")
	if g == nil {
		t.Fatalf("does not build: %v", found)
	}
	s := dealt(g, engine.StateOptions{})
	if !strings.HasSuffix(s.fault, "rules.yaml:34:15: item 3 of value heap, which holds items 0 to 2") {
		t.Errorf("fault %q", s.fault)
	}
	g, _ = bankValues(t, "  heap: {type: int, size: 3, min: 0}\n", "  - set: \"heap[2] = -1\"\n")
	s = dealt(g, engine.StateOptions{})
	if err := s.checkAll(); err == nil || err.Error() != "value heap[2] is -1, outside its range" {
		t.Errorf("checkAll: %v", err)
	}
}

// A size not known before play or out of bounds, and a value with a size
// used without its item, are reported at the place.
func TestValueWithASizeMistakes(t *testing.T) {
	for _, tc := range []struct{ values, play, want string }{
		{"  heap: {type: int, size: players}\n", "", "RULES_STRUCTURE: a value's size is known before play"},
		{"  heap: {type: int, size: \"goal - 12\"}\n", "", "RULES_LIMIT: a value's size is 1 to 256, not 0"},
		{"  heap: {type: int, size: \"goal * 100\"}\n", "", "RULES_LIMIT: a value's size is 1 to 256, not 1200"},
		{"  heap: {type: int, size: 2}\n", "  - set: \"heap = 1\"\n", "RULES_TYPE: value heap holds 2 items: write heap[i]"},
		{"  heap: {type: int, size: 2}\n", "  - set: \"coins[seat(1)] = heap\"\n", "RULES_TYPE: value heap holds 2 items: write heap[i]"},
		{"  owed: {type: int, owner: player, size: 2}\n", "  - set: \"coins[seat(1)] = owed[seat(1)]\"\n", "RULES_TYPE: value owed holds 2 items a seat: write owed[seat][i]"},
		{"  heap: {type: int, size: 2}\n", "  - set: \"heap[turn] = 1\"\n", "RULES_TYPE"},
	} {
		_, found := bankValues(t, tc.values, tc.play)
		if !strings.Contains(findingsText(found), tc.want) {
			t.Errorf("%s%s: findings\n%s\nwant %s", tc.values, tc.play, findingsText(found), tc.want)
		}
	}
}

// dealt is a 2-player game of g past its deal (the statements after it
// run).
func dealt(g *Game, opts engine.StateOptions) *state {
	s := g.NewState(2, opts).(*state)
	r := engine.NewRand(1)
	for s.mode == mChance {
		engine.Apply(s, s.SampleChance(r))
	}
	return s
}

func findingsText(fs []finding.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.String() + "\n")
	}
	return b.String()
}

// A list parameter's items may hold names (for people) and lists of
// numbers, read by position: chips[i].sides[0]; a name is no number.
func TestRecordsWithListsAndNames(t *testing.T) {
	param := "  chips:\n    default: [{colour: blue, sides: [4, 2], count: 1}, {colour: red, sides: [-2, -4], count: 2}]\n    doc: Chips.\n"
	edit := bankEdit{"game.yaml", "parameters:\n", "parameters:\n" + param}
	g, found, _ := bankEdited(t, edit,
		bankEdit{"rules.yaml", "  bonus: {type: int, min: 0, max: 3}", "  bonus: {type: int, min: 0, max: 3}\n  low: {type: int, start: \"chips[1].sides[1] * sum(chips, item.count)\"}"})
	if g == nil {
		t.Fatalf("does not build: %v", found)
	}
	if v, _ := g.Value(g.NewState(2, engine.StateOptions{}), "low", 0); v != -12 {
		t.Errorf("low is %d, want -12", v)
	}
	_, found, _ = bankEdited(t, edit,
		bankEdit{"rules.yaml", "  bonus: {type: int, min: 0, max: 3}", "  bonus: {type: int, min: 0, max: 3}\n  low: {type: int, start: \"chips[1].colour\"}"})
	if !strings.Contains(findingsText(found), "RULES_UNDEFINED: the items of chips have no colour") {
		t.Errorf("findings\n%s", findingsText(found))
	}
}

// fields: reads the card keys of a game with an engine of its own (Mice
// Heist's): numbers, true/false, words and keywords, each checked at its
// place in the card file; a game that declares its fields has no use for
// it.
func TestRuleFields(t *testing.T) {
	d := miceData(t, nil)
	g, found := Build(d)
	if g == nil {
		t.Fatalf("cards/mice/rules.yaml does not build: %v", found)
	}
	for _, tc := range []struct {
		card, field string
		want        int64
	}{{"b5-cheese-board", "target", 6}, {"b5-cheese-board", "finale", 1}, {"c3-cold-blast", "job", 2}, {"rummage", "target", 0}, {"rummage", "job", -1}} {
		i := g.cardNamed(tc.card)
		if got := g.fields[tc.field].vals[i]; got != tc.want {
			t.Errorf("%s's %s is %d, want %d", tc.card, tc.field, got, tc.want)
		}
	}
	kw := g.keywords[g.cardNamed("d5-golden-loaf")][0]
	if kw != 0b111 {
		t.Errorf("d5-golden-loaf's keywords %b, want paw, leg and mouth", kw)
	}
	d = miceData(t, [][2]string{
		{"order: 1, target: 1, payout: 2, icons: [paw]}", "order: 1, target: lots, payout: 2, icons: [paws]}"},
		{"job: B, order: 1", "job: Q, order: 1"},
	})
	_, found = Build(d)
	text := findingsText(found)
	for _, want := range []string{
		`obstacles.yaml:6:85: error RULES_TYPE: card a1-crumb-line's target is a number (the rules' fields), not "lots"`,
		`obstacles.yaml:6:110: error RULES_UNDEFINED: card a1-crumb-line's icons lists "paws", not one of game.yaml's keywords`,
		`obstacles.yaml:12:62: error RULES_UNDEFINED: card b1-chair-leg's job is one of A, B, C, D, E, F (the rules' fields), not "Q"`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("findings\n%s\nwant %s", text, want)
		}
	}
	_, found = bankValues(t, "", "")
	if strings.Contains(findingsText(found), "fields") {
		t.Fatal("bank has no fields yet")
	}
	_, found, _ = bankEdited(t, bankEdit{"rules.yaml", "zones:\n", "fields:\n  cost: {type: int}\nzones:\n"})
	if !strings.Contains(findingsText(found), "RULES_STRUCTURE: fields is for a game with an engine of its own") {
		t.Errorf("findings\n%s", findingsText(found))
	}
}

// miceData loads a copy of cards/mice with edits to obstacles.yaml (its
// own engine's schema is not checked here: the rules read the cards).
func miceData(t *testing.T, edits [][2]string) *gamedata.Data {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "mice")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join(testutil.RepoRoot(), "cards", "mice"))); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "obstacles.yaml")
	data, _ := os.ReadFile(path)
	for _, e := range edits {
		if !strings.Contains(string(data), e[0]) {
			t.Fatalf("obstacles.yaml has no %q", e[0])
		}
		data = []byte(strings.Replace(string(data), e[0], e[1], 1))
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	d, found := gamedata.Load(dir, func(string) (fs.FS, bool) { return fstest.MapFS{}, true })
	if d == nil || d.Rules == nil {
		t.Fatalf("cards/mice does not load: %v", found)
	}
	return d
}

// cardNamed is the index of the card with id.
func (g *Game) cardNamed(id string) int {
	for i, c := range g.cards {
		if c.id == id {
			return i
		}
	}
	return -1
}
