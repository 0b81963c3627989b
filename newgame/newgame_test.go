package newgame

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/source"
)

func TestIDFrom(t *testing.T) {
	for name, want := range map[string]string{
		"mygame":                "mygame",
		"My Game":               "my-game",
		"Night Market!!":        "night-market",
		"--a__b--":              "a-b",
		"Ünïcode game":          "unicode-game",
		strings.Repeat("a", 70): strings.Repeat("a", 64),
	} {
		if got, err := IDFrom(name); err != nil || got != want {
			t.Errorf("IDFrom(%q) = %q, %v; want %q", name, got, err, want)
		}
	}
	for _, name := range []string{"123", "", "---", "9lives"} {
		if got, err := IDFrom(name); err == nil {
			t.Errorf("IDFrom(%q) = %q, want an error", name, got)
		}
	}
	for name, want := range map[string]string{"night-market": "Night Market", "café_royale!": "Café Royale", "mygame": "Mygame"} {
		if got := TitleFrom(name); got != want {
			t.Errorf("TitleFrom(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestCheckTitle(t *testing.T) {
	for _, ok := range []string{"Lantern Market", `The "Grand" Bazaar: 2nd ed.`, "Märkte — Nacht"} {
		if err := CheckTitle(ok); err != nil {
			t.Errorf("CheckTitle(%q): %v", ok, err)
		}
	}
	for _, bad := range []string{"", "  ", "a\tb", "{x}", "emoji \U0001F600", strings.Repeat("x", 101), "bad \xff"} {
		if CheckTitle(bad) == nil {
			t.Errorf("CheckTitle(%q) accepted", bad)
		}
	}
}

func TestModeline(t *testing.T) {
	if got, want := Modeline("cards/extra/x.yaml", "cards.schema.json"), source.ModelinePrefix+"../../schema/cards.schema.json"; got != want {
		t.Errorf("Modeline = %q, want %q", got, want)
	}
	const m = "# yaml-language-server: $schema=schema/x.json"
	for in, want := range map[string]string{
		"# yaml-language-server: $schema=../../schema/x.json\na: 1\n": m + "\na: 1\n",
		"# yaml-language-server: $schema=old\r\na: 1\r\n":             m + "\r\na: 1\r\n",
		"\uFEFF# yaml-language-server: $schema=old\na: 1\n":           m + "\na: 1\n",
		"# a comment\na: 1\n":                 m + "\n# a comment\na: 1\n",
		"# yaml-language-server: $schema=old": m + "\n",
	} {
		if got := string(setModeline([]byte(in), m)); got != want {
			t.Errorf("setModeline(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestRetitleKeepsComments(t *testing.T) {
	src := "# top\nid: old   # the id\ntitle: 'Old: game' # printed\nfiles: {cards: [c.yaml], layout: l.yaml}\n# title: not this\n"
	f, err := parse("game.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	got, err := retitle("game.yaml", []byte(src), f, "no", "New {ish}")
	if err != nil {
		t.Fatal(err)
	}
	want := "# top\nid: \"no\" # the id\ntitle: \"New {ish}\" # printed\nfiles: {cards: [c.yaml], layout: l.yaml}\n# title: not this\n"
	if string(got) != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}

	// A title over several lines cannot be rewritten line by line.
	src = "id: old\ntitle: >\n  Old\n  game\nfiles: {cards: [c.yaml], layout: l.yaml}\n"
	f, _ = parse("game.yaml", []byte(src))
	if _, err := retitle("game.yaml", []byte(src), f, "new", "New"); err == nil {
		t.Error("a folded title was rewritten")
	}
	src = "{id: old, title: Old, files: {cards: [c.yaml], layout: l.yaml}}\n"
	f, _ = parse("game.yaml", []byte(src))
	if _, err := retitle("game.yaml", []byte(src), f, "new", "New"); err == nil {
		t.Error("a flow-style manifest was rewritten")
	}
}

func TestCopyRefusesBadNames(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("layout.yaml", "front: {elements: []}\n")
	for _, files := range []string{
		"{cards: [../outside.yaml], layout: layout.yaml}",
		"{cards: [/etc/passwd.yaml], layout: layout.yaml}",
		"{cards: [], layout: layout.yaml}",
		"{cards: [missing.yaml], layout: layout.yaml}",
	} {
		write("game.yaml", "id: g\ntitle: G\nfiles: "+files+"\n")
		if _, err := Copy(dir, "h", "H"); err == nil {
			t.Errorf("files %s: copied", files)
		}
	}
}

func TestPrepareAndUndo(t *testing.T) {
	ws := t.TempDir()
	dir := filepath.Join(ws, "a", "b")
	tg, err := Prepare(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := tg.Write([]File{{"game.yaml", []byte("x")}, {"sub/c.yaml", []byte("y")}}); err != nil {
		t.Fatal(err)
	}
	var refused *RefusedError
	if _, err := Prepare(dir); !errors.As(err, &refused) {
		t.Errorf("Prepare of a folder with files: %v", err)
	}
	if err := tg.Write([]File{{"game.yaml", []byte("z")}}); !errors.As(err, &refused) {
		t.Errorf("writing over a file: %v", err)
	}
	if err := tg.Write([]File{{"../escape.yaml", []byte("z")}}); err == nil {
		t.Error("a name out of the folder was written")
	}
	tg.Undo()
	if entries, _ := os.ReadDir(ws); len(entries) != 0 {
		t.Errorf("Undo left %d entries", len(entries))
	}
	if err := os.Symlink(t.TempDir(), filepath.Join(ws, "link")); err == nil {
		if _, err := Prepare(filepath.Join(ws, "link")); !errors.As(err, &refused) {
			t.Errorf("Prepare of a link: %v", err)
		}
	}
}
