package fuzzdata

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

const fixtureManifest = `# a comment that must survive
id: toy
files:
  cards: [cards.yaml]
decks:
  - {id: main}
components:
  - {id: deck, kind: cards, count: 3, deck: main}
  - {id: box, kind: cards, count: 3}
  - {id: dice, kind: dice, count: 5}
parameters:
  goal: {default: 10}
  fast: {default: true}
  ratio: {default: 1.5}
`

const fixtureCards = `cards:
  - id: a
    name: Alpha
    count: 2
    effects: [{gain: 1}]
  - id: b
    name: Beta
    effects: [{gain: 2, if: {stage: 1}}]
`

// fixture reads a two-card game written to a temp folder.
func fixture(t *testing.T) *Data {
	t.Helper()
	dir := t.TempDir()
	for name, text := range map[string]string{"game.yaml": fixtureManifest, "cards.yaml": fixtureCards} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	d, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// edit is the edit of kind k at the value with this path.
func edit(t *testing.T, d *Data, k Kind, path string, arg byte) Edit {
	t.Helper()
	var paths []string
	for i, s := range d.candidates(d.sites(), k) {
		if s.path == path {
			return Edit{Kind: k, Target: uint16(i), Arg: arg}
		}
		paths = append(paths, s.path)
	}
	t.Fatalf("no %s candidate %s among %v", k, path, paths)
	return Edit{}
}

// applied is a fresh fixture after one edit of kind k at path, with the
// edits' log.
func applied(t *testing.T, k Kind, path string, arg byte) (*Data, []string) {
	t.Helper()
	d := fixture(t)
	log := d.Apply([]Edit{edit(t, d, k, path, arg)})
	return d, log
}

// value is the YAML text of the value at path after the edits.
func value(t *testing.T, d *Data, path string) string {
	t.Helper()
	for _, s := range d.sites() {
		if s.path == path {
			out, err := yaml.Marshal(s.node)
			if err != nil {
				t.Fatal(err)
			}
			return strings.TrimSpace(string(out))
		}
	}
	return "(none)"
}

func TestDecodeEncode(t *testing.T) {
	in := Input{Seed: 7, Edits: []Edit{{Kind: DupItem, Target: 0x1234, Arg: 9}, {Kind: Replace, Target: 1, Arg: 255}}}
	if got := Decode(in.Encode()); !reflect.DeepEqual(got, in) {
		t.Errorf("round trip: %+v, want %+v", got, in)
	}
	// A partial edit at the end is ignored; kinds wrap around.
	got := Decode([]byte{3, byte(numKinds) + 1, 0, 5, 6, 1, 2})
	if want := (Input{Seed: 3, Edits: []Edit{{Kind: DropItem, Target: 5, Arg: 6}}}); !reflect.DeepEqual(got, want) {
		t.Errorf("got %+v, want %+v", got, want)
	}
	long := make([]byte, 1+editSize*(MaxEdits+3))
	if n := len(Decode(long).Edits); n != MaxEdits {
		t.Errorf("%d edits decoded, want at most %d", n, MaxEdits)
	}
	if got := Decode(nil); got.Seed != 0 || got.Edits != nil {
		t.Errorf("empty input: %+v", got)
	}
}

func TestNoEditsWriteTheShippedBytes(t *testing.T) {
	d := fixture(t)
	if log := d.Apply(nil); len(log) != 0 {
		t.Errorf("log %v for no edits", log)
	}
	dir := t.TempDir()
	if err := d.Write(dir); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(filepath.Join(dir, "game.yaml"))
	if string(got) != fixtureManifest {
		t.Errorf("game.yaml rewritten:\n%s", got)
	}
}

func TestSetScalar(t *testing.T) {
	for _, tc := range []struct {
		path string
		arg  byte
		want string
	}{
		{"game.yaml:parameters.goal.default", 0, "11"},
		{"game.yaml:parameters.goal.default", 1, "9"},
		{"game.yaml:parameters.goal.default", 2 + 8*3, "15"}, // + 2 + 3
		{"game.yaml:parameters.goal.default", 4, "0"},
		{"game.yaml:parameters.goal.default", 5, "20"},
		{"game.yaml:parameters.ratio.default", 6, "0.75"},
		{"game.yaml:parameters.fast.default", 0, "false"},
		{"cards.yaml:cards[a].name", 0, "Al"},
		{"cards.yaml:cards[a].name", 1, "Alpha Alpha"},
		{"cards.yaml:cards[a].name", 2 + 4*1, "Beta"}, // the other name at this place
	} {
		d, _ := applied(t, SetScalar, tc.path, tc.arg)
		if got := value(t, d, tc.path); got != tc.want {
			t.Errorf("%s with arg %d: %s, want %s", tc.path, tc.arg, got, tc.want)
		}
	}
}

func TestSetScalarStaysInLimits(t *testing.T) {
	d := fixture(t)
	var edits []Edit
	for range 12 {
		edits = append(edits, edit(t, d, SetScalar, "game.yaml:parameters.goal.default", 5))
	}
	d.Apply(edits)
	if got := value(t, d, "game.yaml:parameters.goal.default"); got != "999" {
		t.Errorf("doubling 12 times gives %s, want the limit 999", got)
	}
}

func TestCountsFollowTheCards(t *testing.T) {
	d, log := applied(t, SetScalar, "cards.yaml:cards[a].count", 0)
	for _, comp := range []string{"deck", "box"} {
		if got := value(t, d, "game.yaml:components["+comp+"].count"); got != "4" {
			t.Errorf("%s counts %s after a third copy of a, want 4 (log %v)", comp, got, log)
		}
	}
	if got := value(t, d, "game.yaml:components[dice].count"); got != "5" {
		t.Errorf("dice count changed to %s", got)
	}

	d, _ = applied(t, DupItem, "cards.yaml:cards[a]", 0)
	if got := value(t, d, "cards.yaml:cards[a-2].name"); got != "Alpha" {
		t.Errorf("the copy of card a: name %s", got)
	}
	if got := value(t, d, "game.yaml:components[deck].count"); got != "5" {
		t.Errorf("deck counts %s after copying a (2 copies), want 5", got)
	}

	d, _ = applied(t, DropItem, "cards.yaml:cards[b]", 0)
	if got := value(t, d, "game.yaml:components[box].count"); got != "2" {
		t.Errorf("box counts %s after dropping b, want 2", got)
	}
}

func TestStructuralEdits(t *testing.T) {
	for _, tc := range []struct {
		kind           Kind
		at, path, want string
	}{
		{DropKey, "cards.yaml:cards[b].effects[0].if", "cards.yaml:cards[b].effects[0]", "{gain: 2}"},
		{GraftKey, "cards.yaml:cards[a].effects[0]", "cards.yaml:cards[a].effects[0]", "{gain: 1, if: {stage: 1}}"},
		{Replace, "cards.yaml:cards[a].effects", "cards.yaml:cards[a].effects", "[{gain: 2, if: {stage: 1}}]"},
	} {
		d, _ := applied(t, tc.kind, tc.at, 0)
		if got := value(t, d, tc.path); got != tc.want {
			t.Errorf("after %s at %s: %s is %s, want %s", tc.kind, tc.at, tc.path, got, tc.want)
		}
	}

	d, _ := applied(t, MoveItem, "cards.yaml:cards[a]", 0)
	if got := value(t, d, "cards.yaml:cards"); strings.Index(got, "id: a") < strings.Index(got, "id: b") {
		t.Errorf("after moving card a it is still first:\n%s", got)
	}
}

func TestCloneLeavesTheOriginal(t *testing.T) {
	base := fixture(t)
	c := base.Clone()
	c.Apply([]Edit{edit(t, c, DropItem, "cards.yaml:cards[a]", 0)})
	if got := value(t, base, "cards.yaml:cards[a].name"); got != "Alpha" {
		t.Errorf("the original lost card a: %s", got)
	}
	if got := value(t, base, "game.yaml:components[deck].count"); got != "3" {
		t.Errorf("the original's count changed to %s", got)
	}
}

func TestEditedFilesStayReadable(t *testing.T) {
	d := fixture(t)
	d.Apply([]Edit{
		edit(t, d, SetScalar, "cards.yaml:cards[a].name", 1),
		edit(t, d, DupItem, "cards.yaml:cards[b]", 0),
	})
	dir := t.TempDir()
	if err := d.Write(dir); err != nil {
		t.Fatal(err)
	}
	again, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := value(t, again, "cards.yaml:cards[b-2].effects[0].if.stage"); got != "1" {
		t.Errorf("the written copy of b reads back as %s", got)
	}
	man, _ := os.ReadFile(filepath.Join(dir, "game.yaml"))
	if !strings.Contains(string(man), "# a comment that must survive") {
		t.Errorf("game.yaml lost its comment:\n%s", man)
	}
}
