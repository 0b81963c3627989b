package lsp

import (
	"context"
	"encoding/json"
	"fmt"
	protocol "github.com/tliron/glsp/protocol_3_16"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/cardpress/cardpress/internal/lsptest"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/newgame"
	"github.com/cardpress/cardpress/source"
)

// The tests drive the server as an editor does: the test binary run again
// as `cardpress lsp` would run, over its stdin and stdout, with JSON-RPC.
func TestMain(m *testing.M) {
	testutil.MainOrChild(m, "CARDPRESS_LSP_CHILD", func() error { return Serve(context.Background(), stdio{}, os.Stderr) })
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
			t.Errorf("the server did not shut down cleanly: %v\n%s", err, srv.Stderr())
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

// allDiagnostics is diagnostics for each of paths, waited for side by side,
// each for the text at version or later.
func allDiagnostics(t *testing.T, ctx context.Context, srv *lsptest.Server, version int, paths ...string) map[string][]lsptest.Diagnostic {
	t.Helper()
	type result struct {
		path string
		ds   []lsptest.Diagnostic
		err  error
	}
	results := make(chan result, len(paths))
	for _, p := range paths {
		go func() {
			ds, err := srv.DiagnosticsOf(ctx, p, version, quiet)
			results <- result{p, ds, err}
		}()
	}
	out := map[string][]lsptest.Diagnostic{}
	for range paths {
		r := <-results
		if r.err != nil {
			t.Fatal(r.err)
		}
		out[r.path] = r.ds
	}
	return out
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
	for p, ds := range allDiagnostics(t, ctx, srv, 1, goods, orders, layout) {
		if len(ds) != 0 {
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
	got := allDiagnostics(t, ctx, srv, 2, goods, orders, layout)
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
	for p, ds := range allDiagnostics(t, ctx, srv, 3, goods, orders, layout) {
		if len(ds) != 0 {
			t.Errorf("%s is fixed, but the server still reports:\n%s", filepath.Base(p), list(ds))
		}
	}
}

// ask asks method about the position of the first s in the file at path
// (text its content), offset characters into s, and decodes the answer.
func ask(t *testing.T, ctx context.Context, srv *lsptest.Server, method, path, text, s string, offset int, result any) {
	t.Helper()
	line, col := lineWith(t, text, s)
	raw, err := srv.At(ctx, method, path, line, col+offset)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(raw, result); err != nil {
		t.Fatalf("%s: %v in %s", method, err, raw)
	}
}

func labels(items []protocol.CompletionItem) []string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return out
}

// An editor's requests on a game whose game.yaml, in an unsaved buffer,
// declares an icon and names a card: completion, hover, go-to-definition
// and the card file's outline.
func TestCompletionHoverDefinitionSymbols(t *testing.T) {
	dir := market(t)
	srv, ctx := start(t, dir)
	manifest, goods, layout, ref := filepath.Join(dir, "game.yaml"), filepath.Join(dir, "goods.yaml"), filepath.Join(dir, "layout.yaml"), filepath.Join(dir, "reference.yaml")
	m := read(t, manifest) + "\nicons:\n  - {id: gem, builtin: star, color: \"#2e6b3a\"}\n" +
		"lint:\n  ignore:\n    - {code: FIT_SHRUNK, card: saffron-threads, reason: a test}\n"
	g := plant(t, read(t, goods), "take **1** :coin:", "take **1** :gem:")
	g = plant(t, g, "    stall: silk\n", "    stall: \n")
	for p, text := range map[string]string{manifest: m, goods: g} {
		if err := srv.Open(p, text); err != nil {
			t.Fatal(err)
		}
	}
	open(t, srv, layout, ref)
	l, r := read(t, layout), read(t, ref)
	// The buffers are loaded once they are checked: the first diagnostics.
	ds := allDiagnostics(t, ctx, srv, 1, goods)
	if d := ds[goods]; len(d) != 1 || !strings.HasPrefix(d[0].Code, "SCHEMA") {
		t.Fatalf("goods.yaml has one mistake, an empty stall; the server reports:\n%s", list(d))
	}

	completions := []struct {
		name           string
		path, text, at string
		offset         int
		want, not      []string
	}{
		{"a deck", goods, g, "deck: goods", len("deck: "), []string{"goods", "orders"}, nil},
		{"an enum value", goods, g, "stall: \n", len("stall: "), []string{"spice", "silk", "tea"}, []string{"goods"}},
		{"an icon", goods, g, ":gem:", 1, []string{"gem", "coin", "star"}, nil},
		{"a card's keys with its deck's fields", goods, g, "    points: 3", 4, []string{"id", "deck", "cost", "points", "stall", "perishable"}, []string{"wants"}},
		{"a layout field", layout, l, "field: rules", len("field: "), []string{"name", "cost", "stall", "wants"}, nil},
		{"a parameter", ref, r, "{starting_coins}", 1, []string{"starting_coins", "market_size"}, nil},
		{"a card id", manifest, m, "card: saffron-threads", len("card: "), []string{"saffron-threads", "pepper-sacks"}, nil},
	}
	for _, c := range completions {
		var items []protocol.CompletionItem
		ask(t, ctx, srv, "textDocument/completion", c.path, c.text, c.at, c.offset, &items)
		got := labels(items)
		for _, w := range c.want {
			if !slices.Contains(got, w) {
				t.Errorf("completing %s at %q: no %q among %v", c.name, c.at, w, got)
			}
		}
		for _, n := range c.not {
			if slices.Contains(got, n) {
				t.Errorf("completing %s at %q: %q is offered, but does not belong there", c.name, c.at, n)
			}
		}
	}

	hovers := []struct {
		path, text, at string
		offset         int
		want           string
	}{
		{goods, g, "    cost: 4", 5, "The lowest bid that buys this card"},
		{ref, r, "{starting_coins}", 3, "Coins each player starts with."},
		{goods, g, ":gem:", 2, "the built-in star"},
	}
	for _, h := range hovers {
		var got protocol.Hover
		ask(t, ctx, srv, "textDocument/hover", h.path, h.text, h.at, h.offset, &got)
		content, _ := json.Marshal(got.Contents)
		if !strings.Contains(string(content), h.want) {
			t.Errorf("hover on %q: want %q in %s", h.at, h.want, content)
		}
	}

	definitions := []struct {
		from, text, at string
		offset         int
		to, target     string
	}{
		{goods, g, ":gem:", 2, manifest, "{id: gem,"},
		{goods, g, "deck: goods", len("deck: g"), manifest, "- id: goods"},
		{manifest, m, "card: saffron-threads", len("card: s"), goods, "- id: saffron-threads"},
		{ref, r, "{market_size}", 2, manifest, "default: 3"},
	}
	for _, d := range definitions {
		var loc protocol.Location
		ask(t, ctx, srv, "textDocument/definition", d.from, d.text, d.at, d.offset, &loc)
		toText := map[string]string{manifest: m, goods: g}[d.to]
		line, _ := lineWith(t, toText, d.target)
		if loc.URI != lsptest.FileURI(d.to) || int(loc.Range.Start.Line) != line {
			t.Errorf("definition of %q: got %s line %d, want %s line %d (%q)", d.at, loc.URI, loc.Range.Start.Line, filepath.Base(d.to), line, d.target)
		}
	}

	raw, err := srv.Call(ctx, "textDocument/documentSymbol", map[string]any{"textDocument": map[string]any{"uri": lsptest.FileURI(goods)}})
	if err != nil {
		t.Fatal(err)
	}
	var symbols []protocol.DocumentSymbol
	if err := json.Unmarshal(raw, &symbols); err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range symbols {
		names = append(names, s.Name)
	}
	wantNames := []string{"saffron-threads", "pepper-sacks", "moonlit-silk", "patchwork-bolt"}
	if len(names) < len(wantNames) || !slices.Equal(names[:len(wantNames)], wantNames) {
		t.Errorf("goods.yaml's outline: got %v, want the card ids in file order, starting %v", names, wantNames)
	}
	if len(symbols) > 0 {
		line, _ := lineWith(t, g, "- id: saffron-threads")
		if s := symbols[0]; int(s.Range.Start.Line) != line || int(s.SelectionRange.Start.Line) != line {
			t.Errorf("saffron-threads's symbol is at line %d, want %d", s.Range.Start.Line, line)
		}
	}
}

// Hostile buffers and requests: a buffer over the file size limit, one
// that is not text, a request with broken parameters and a document that
// is not a file. Each is answered or reported, and the server goes on.
func TestHostileInputLeavesTheServerRunning(t *testing.T) {
	dir := market(t)
	srv, ctx := start(t, dir)
	goods, orders := filepath.Join(dir, "goods.yaml"), filepath.Join(dir, "orders.yaml")
	huge := "cards:\n" + strings.Repeat("# padding\n", source.MaxSize/10+1)
	if err := srv.Open(goods, huge); err != nil {
		t.Fatal(err)
	}
	if err := srv.Open(orders, "\x00\xff\xfe{[: - :\n\t- ]]"); err != nil {
		t.Fatal(err)
	}
	got := allDiagnostics(t, ctx, srv, 1, goods, orders)
	if ds := got[goods]; len(ds) != 1 || ds[0].Code != "FILE_TOO_LARGE" {
		t.Errorf("a buffer over %d bytes: want one FILE_TOO_LARGE, got:\n%s", source.MaxSize, list(ds))
	}
	if len(got[orders]) == 0 {
		t.Errorf("a buffer that is not YAML text has no diagnostic")
	}

	if _, err := srv.Call(ctx, "textDocument/hover", "not an object"); err == nil {
		t.Errorf("a hover with a string for parameters was answered without an error")
	}
	if _, err := srv.Call(ctx, "textDocument/hover", map[string]any{
		"textDocument": map[string]any{"uri": "untitled:Untitled-1"}, "position": map[string]any{"line": 0, "character": 0},
	}); err != nil {
		t.Errorf("a hover on a document that is not a file: %v", err)
	}
	var items []protocol.CompletionItem
	ask(t, ctx, srv, "textDocument/completion", goods, huge, "padding", 3, &items)
	if err := srv.Open(goods, read(t, goods)); err != nil {
		t.Fatal(err)
	}
	if err := srv.Change(goods, read(t, goods), 2); err != nil {
		t.Fatal(err)
	}
	if ds := allDiagnostics(t, ctx, srv, 2, goods)[goods]; len(ds) != 0 {
		t.Errorf("goods.yaml back as on disk still has diagnostics:\n%s", list(ds))
	}
}
