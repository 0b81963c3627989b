package lsp

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cardpress/internal/lsptest"
	"cardpress/newgame"
)

// The tests drive the server as an editor does: the test binary run again
// as `cardpress lsp` would run, over its stdin and stdout, with JSON-RPC.
func TestMain(m *testing.M) {
	if os.Getenv("CARDPRESS_LSP_CHILD") == "1" {
		if err := Serve(context.Background(), stdio{}, os.Stderr); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

type stdio struct{}

func (stdio) Read(p []byte) (int, error)  { return os.Stdin.Read(p) }
func (stdio) Write(p []byte) (int, error) { return os.Stdout.Write(p) }
func (stdio) Close() error                { return nil }

// quiet is how long no publish must follow the last one before the
// diagnostics are taken as final: more than Debounce.
const quiet = Debounce + 300*time.Millisecond

// start runs the server on the game in dir.
func start(t *testing.T, dir string) (*lsptest.Server, context.Context) {
	t.Helper()
	// Generous for a loaded machine; a check takes a fraction of a second.
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), "CARDPRESS_LSP_CHILD=1")
	srv, err := lsptest.StartCommand(ctx, cmd, dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := srv.Close(); err != nil {
			t.Errorf("the server did not shut down cleanly: %v", err)
		}
	})
	return srv, ctx
}

// market is a designer's game as `cardpress new` writes it.
func market(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "market")
	files, err := newgame.Blank("market", "Market")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if err := os.WriteFile(filepath.Join(dir, f.Name), f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func read(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// lineWith is the 0-based line of text holding s, and the UTF-16 column
// of s in it (the files here are ASCII where s is found); s may end in a
// line break to match only at a line's end.
func lineWith(t *testing.T, text, s string) (line, col int) {
	t.Helper()
	for i, l := range strings.Split(text, "\n") {
		if j := strings.Index(l+"\n", s); j >= 0 {
			return i, j
		}
	}
	t.Fatalf("no line holds %q", s)
	return 0, 0
}

func open(t *testing.T, srv *lsptest.Server, paths ...string) {
	t.Helper()
	for _, p := range paths {
		if err := srv.Open(p, read(t, p)); err != nil {
			t.Fatal(err)
		}
	}
}

func diagnostics(t *testing.T, ctx context.Context, srv *lsptest.Server, path string) []lsptest.Diagnostic {
	t.Helper()
	ds, err := srv.Diagnostics(ctx, path, quiet)
	if err != nil {
		t.Fatal(err)
	}
	return ds
}

func list(ds []lsptest.Diagnostic) string {
	var b strings.Builder
	for _, d := range ds {
		fmt.Fprintf(&b, "  %d:%d-%d:%d %s %s\n", d.Line, d.Character, d.EndLine, d.EndCharacter, d.Code, d.Message)
	}
	return b.String()
}

func TestCleanGameHasNoDiagnostics(t *testing.T) {
	dir := market(t)
	srv, ctx := start(t, dir)
	goods := filepath.Join(dir, "goods.yaml")
	open(t, srv, goods, filepath.Join(dir, "layout.yaml"))
	if ds := diagnostics(t, ctx, srv, goods); len(ds) != 0 {
		t.Errorf("the game is clean, but the server reports on goods.yaml:\n%s", list(ds))
	}
}

// plant replaces old with new in text, once, failing when old is not there.
func plant(t *testing.T, text, old, new string) string {
	t.Helper()
	if !strings.Contains(text, old) {
		t.Fatalf("the template has no %q", old)
	}
	return strings.Replace(text, old, new, 1)
}

// want is one diagnostic an editor must show: on the line holding at, from
// the start of token in it to its end, with code.
type want struct {
	file, at, token, code string
}

// The seven kinds of mistake of issue 33, planted in unsaved buffers of
// three files: each is reported as the designer types, in the file and at
// the range of the value at fault, with validate's code; the files on
// disk are never written; fixing the buffers clears them.
func TestMistakesInUnsavedBuffersAcrossFiles(t *testing.T) {
	dir := market(t)
	srv, ctx := start(t, dir)
	goods, orders, layout := filepath.Join(dir, "goods.yaml"), filepath.Join(dir, "orders.yaml"), filepath.Join(dir, "layout.yaml")
	open(t, srv, goods, orders, layout)
	onDisk := map[string]string{goods: read(t, goods), orders: read(t, orders), layout: read(t, layout)}
	for _, p := range []string{goods, orders, layout} {
		if ds := diagnostics(t, ctx, srv, p); len(ds) != 0 {
			t.Fatalf("%s is clean but has diagnostics:\n%s", filepath.Base(p), list(ds))
		}
	}

	g := onDisk[goods]
	g = plant(t, g, "    points: 3\n", "    pionts: 3\n")
	g = plant(t, g, "    stall: silk\n", "    stall: wine\n")
	g = plant(t, g, "take **1** :coin:", "take **1** :coyn:")
	g = plant(t, g, "    deck: goods\n    count: 2\n", "    deck: good\n    count: 2\n")
	o := onDisk[orders]
	firstOrder := strings.TrimSpace(strings.SplitN(strings.SplitN(o, "- id: ", 2)[1], "\n", 2)[0])
	o = plant(t, o, "- id: "+firstOrder, "- id: saffron-threads")
	l := onDisk[layout]
	l = plant(t, l, "{field: rules, box: [6, 55, 51, 17]", "{field: ruels, box: [6, 55, 51, 17]")
	l = plant(t, l, "      elements:\n", "      elements:\n        - {kind: image, src: art/missing.png, box: [3, 3, 57, 14]}\n")
	for p, text := range map[string]string{goods: g, orders: o, layout: l} {
		if err := srv.Change(p, text, 2); err != nil {
			t.Fatal(err)
		}
	}
	text := map[string]string{goods: g, orders: o, layout: l}
	wants := []want{
		{goods, "pionts: 3", "pionts", "SCHEMA"},
		{goods, "stall: wine", "wine", "SCHEMA"},
		{goods, ":coyn:", ":coyn:", "ICON_UNKNOWN"},
		{goods, "deck: good\n", "good", "SCHEMA_ENUM"},
		{orders, "- id: saffron-threads", "saffron-threads", "DUPLICATE_ID"},
		{layout, "field: ruels", "ruels", "LAYOUT_FIELD"},
		{layout, "src: art/missing.png", "art/missing.png", "FILE_MISSING"},
	}
	got := map[string][]lsptest.Diagnostic{}
	for _, p := range []string{goods, orders, layout} {
		got[p] = diagnostics(t, ctx, srv, p)
	}
	for _, w := range wants {
		line, col := lineWith(t, text[w.file], w.at)
		col += strings.Index(w.at, w.token)
		found := false
		for _, d := range got[w.file] {
			if d.Line == line && d.Character == col && d.EndLine == line && d.EndCharacter == col+len(w.token) && strings.HasPrefix(d.Code, w.code) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: no %s diagnostic at %d:%d-%d for %q; the server reports:\n%s",
				filepath.Base(w.file), w.code, line, col, col+len(w.token), w.token, list(got[w.file]))
		}
	}
	for p, was := range onDisk {
		if read(t, p) != was {
			t.Errorf("%s was written on disk; the server must only read", filepath.Base(p))
		}
	}

	// Fixed in the buffers (never saved): every diagnostic goes.
	for p, text := range onDisk {
		if err := srv.Change(p, text, 3); err != nil {
			t.Fatal(err)
		}
	}
	for _, p := range []string{goods, orders, layout} {
		if ds := diagnostics(t, ctx, srv, p); len(ds) != 0 {
			t.Errorf("%s is fixed, but the server still reports:\n%s", filepath.Base(p), list(ds))
		}
	}
}
