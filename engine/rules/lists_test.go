package rules

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// loadBank loads testdata/bank (a game whose cards carry effect lists its
// rules declare), with edits to its files, and builds it.
func loadBank(t *testing.T, edits map[string][2]string) (*Game, []finding.Finding) {
	t.Helper()
	var list []bankEdit
	for file, e := range edits {
		list = append(list, bankEdit{file, e[0], e[1]})
	}
	g, found, _ := bankEdited(t, list...)
	return g, found
}

// bankEdit replaces the first old in a file of testdata/bank with new.
type bankEdit struct{ file, old, new string }

// bankEdited writes testdata/bank with edits, in order, loads and builds
// it: the game, the errors of loading or the findings of building, and
// its folder.
func bankEdited(t testing.TB, edits ...bankEdit) (*Game, []finding.Finding, string) {
	t.Helper()
	d, errs, dir := bankData(t, edits...)
	if d == nil {
		return nil, errs, dir
	}
	g, built := Build(d)
	return g, built, dir
}

// bankData writes testdata/bank with edits and loads it: the data (nil
// with the errors of loading) and its folder.
func bankData(t testing.TB, edits ...bankEdit) (*gamedata.Data, []finding.Finding, string) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "bank")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("testdata", "bank"))); err != nil {
		t.Fatal(err)
	}
	for _, e := range edits {
		path := filepath.Join(dir, e.file)
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(data), e.old) {
			t.Fatalf("%s has no %q", e.file, e.old)
		}
		if err := os.WriteFile(path, []byte(strings.Replace(string(data), e.old, e.new, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, found := gamedata.Load(dir, func(string) (fs.FS, bool) { return nil, true })
	var errs []finding.Finding
	for _, f := range found {
		if f.Severity == finding.Error {
			errs = append(errs, f)
		}
	}
	if d == nil || len(errs) > 0 {
		return nil, errs, dir
	}
	return d, nil, dir
}

// A game with no engine of its own carries effect lists on its cards: the
// cards schema accepts the lists the rules declare, the rules play and
// print them.
func TestCardListsOfADataGame(t *testing.T) {
	g, found := loadBank(t, nil)
	if g == nil {
		t.Fatalf("does not build: %v", found)
	}
	heist := slices.IndexFunc(g.cards, func(c cardInfo) bool { return c.id == "heist" })
	want := []engine.RulesLine{{Text: "Gain 5 coins if nobody else played a red card. Gain 1 coins."}}
	if got := g.CardRules(heist); !slices.Equal(got, want) {
		t.Errorf("heist prints %q, want %q", got, want)
	}
	enginetest.CheckInfo(t, g)
	enginetest.RandomPlayoutsAtEveryCount(t, g, 30, 1)
}

// An entry's key the rules do not declare, or a value of the wrong type,
// is reported at its place in the card file.
func TestCardListMistakesInTheCards(t *testing.T) {
	_, found := loadBank(t, map[string][2]string{"cards.yaml": {"      - {gain: 3}", "      - {gian: 3, gain: lots}"}})
	var got []string
	for _, f := range found {
		got = append(got, f.String())
	}
	dir := filepath.Join(filepath.Dir(found[0].File))
	want := []string{
		filepath.Join(dir, "cards.yaml") + `:8:25: error RULES_TYPE: gain is a number (the rules' list effects), not "lots"`,
		filepath.Join(dir, "cards.yaml") + ":8:10: error RULES_UNDEFINED: gian is not a key the rules declare for effects (its keys: gain, if.alone, lose, target)",
	}
	if !slices.Equal(got, want) {
		t.Errorf("findings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// A roll is a chance move: each side as likely, and the value takes it.
func TestRollIsAChanceMove(t *testing.T) {
	g, found := loadBank(t, nil)
	if g == nil {
		t.Fatalf("does not build: %v", found)
	}
	s := g.NewState(2, engine.StateOptions{}).(*state)
	r := engine.NewRand(1)
	for s.mode == mChance { // the deal
		engine.Apply(s, s.SampleChance(r))
	}
	if s.mode != mRoll || s.CurrentPlayer() != engine.Chance {
		t.Fatalf("after the deal: mode %d, %s to move, want the roll", s.mode, s.CurrentPlayer())
	}
	outs := s.ChanceOutcomes(nil)
	if len(outs) != 3 || outs[0].Action != 1 || outs[2].Action != 3 || outs[1].Prob != 1.0/3 {
		t.Fatalf("roll outcomes %v, want 1-3 each 1/3", outs)
	}
	engine.Apply(s, 3)
	if v, _ := g.Value(s, "bonus", 0); v != 3 {
		t.Errorf("bonus is %d after rolling 3", v)
	}
	if c, _ := g.Value(s, "coins", 0); c != 2 || s.CurrentPlayer() != 0 {
		t.Errorf("seat 1 has %d coins and %s moves, want 2 and seat 1", c, s.CurrentPlayer())
	}
}
