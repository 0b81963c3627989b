package codes

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/cardpress/cardpress/engine/kit"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/pipeline"
)

func TestGenericCatalogIsComplete(t *testing.T) {
	c := Generic()
	for _, id := range []string{"SCHEMA_TYPE", "YAML_SYNTAX", "DUPLICATE_ID", "GAME_NO_END", "SEAT_ADVANTAGE", "LINT_IGNORE_UNUSED", "TEXT_OVERFLOW", "PARAMETER_RANGE"} {
		r, ok := c[id]
		if !ok {
			t.Errorf("%s missing", id)
			continue
		}
		if r.Description == "" || !strings.HasPrefix(r.Help, r.Description) || len(r.Help) <= len(r.Description) || r.Scope == "" {
			t.Errorf("%s: incomplete rule %+v", id, r)
		}
	}
	if c["SEAT_ADVANTAGE"].Severity != finding.Warning || c["MODELINE"].Severity != finding.Warning || c["SCHEMA_TYPE"].Severity != finding.Error {
		t.Error("severities wrong")
	}
	// The engine kit's codes are every engine's: generic, in scope engine.
	if r := c["PARAMETER_RANGE"]; r.Scope != "engine" || !strings.Contains(r.Help, "rules engine") {
		t.Errorf("kit code PARAMETER_RANGE: %+v", r)
	}
	for _, r := range c {
		if strings.HasPrefix(r.Scope, "engine ") {
			t.Errorf("generic catalog has %s of %s", r.ID, r.Scope)
		}
	}
}

// Every declared code is in the catalog of the shipped games, with its
// severity, purpose and the help of its scope; a code of an engine no
// shipped game uses names a registered engine.
func TestEveryDeclaredCodeIsInTheCatalog(t *testing.T) {
	t.Chdir(testutil.RepoRoot())
	games, _ := pipeline.Load([]string{"cards"})
	c := For(games)
	engines := map[string]bool{}
	for _, g := range games {
		engines[g.Data.Manifest.Engine] = true
	}
	for _, code := range finding.Declared() {
		if !onePurpose(code.Purpose) {
			t.Errorf("%s: purpose %q is not a sentence", code.ID, code.Purpose)
		}
		if code.Engine != "" && !engines[code.Engine] {
			if _, ok := kit.Lookup(code.Engine); !ok {
				t.Errorf("%s: no engine %q is registered", code.ID, code.Engine)
			}
			continue
		}
		r, ok := c[code.ID]
		if !ok {
			t.Errorf("%s is not in the catalog", code.ID)
			continue
		}
		if r.Severity != code.Severity || !strings.HasSuffix(r.Description, code.Purpose) || !strings.HasSuffix(r.Help, scopeHelp[code.Scope]) {
			t.Errorf("%s: rule %+v does not say what %+v declares", code.ID, r, *code)
		}
	}
	alarms := 0
	for _, g := range games {
		if !g.Data.Manifest.HasEngine() {
			continue // a game from data alone declares no alarms
		}
		if g.Engine == nil {
			t.Errorf("%s did not build", g.Data.Manifest.ID)
			continue
		}
		for _, a := range g.Engine.Info().Alarms {
			alarms++
			if r := c[a.Code.ID]; r.Scope != "engine "+g.Data.Manifest.Engine || !strings.HasPrefix(r.Description, "Alarm on counter "+a.Counter+": ") {
				t.Errorf("%s alarm %s: %+v", g.Data.Manifest.ID, a.Code.ID, r)
			}
		}
	}
	if len(games) < 4 || alarms == 0 || len(c) <= len(Generic()) {
		t.Errorf("%d games, %d alarms, %d rules: the shipped games' codes were not gathered", len(games), alarms, len(c))
	}
}

// onePurpose: a sentence, from a capital to a full stop.
func onePurpose(s string) bool {
	return s != "" && s == strings.TrimSpace(s) && unicode.IsUpper([]rune(s)[0]) && strings.HasSuffix(s, ".")
}

// A code id is written once in the program, as the ID of its declaration:
// checks and comparisons go through the declared value, so the catalog
// and what is reported cannot drift apart.
func TestCodeIDsAreWrittenOnlyInDeclarations(t *testing.T) {
	ids := map[string]bool{}
	for _, code := range finding.Declared() {
		ids[code.ID] = true
	}
	root := testutil.RepoRoot()
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if name := d.Name(); path != root && (name == "testdata" || strings.HasPrefix(name, ".")) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			return err
		}
		declaration := map[*ast.BasicLit]bool{}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.CallExpr:
				if isEngineDeclare(n.Fun) && len(n.Args) == 2 {
					// kit.Codes: codes.Error("ID", purpose)
					if v, ok := n.Args[0].(*ast.BasicLit); ok {
						declaration[v] = true
					}
				}
				if isDeclare(n.Fun) && len(n.Args) == 1 {
					if lit, ok := n.Args[0].(*ast.CompositeLit); ok {
						for _, e := range lit.Elts {
							if kv, ok := e.(*ast.KeyValueExpr); ok && isIdent(kv.Key, "ID") {
								if v, ok := kv.Value.(*ast.BasicLit); ok {
									declaration[v] = true
								}
							}
						}
					}
				}
			case *ast.BasicLit:
				if s, err := strconv.Unquote(n.Value); n.Kind == token.STRING && err == nil && ids[s] && !declaration[n] {
					t.Errorf("%s: code %s written outside its declaration; use the declared value", fset.Position(n.Pos()), s)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// isDeclare matches finding.Declare, and Declare inside package finding.
func isDeclare(fun ast.Expr) bool {
	if sel, ok := fun.(*ast.SelectorExpr); ok {
		return isIdent(sel.X, "finding") && sel.Sel.Name == "Declare"
	}
	return isIdent(fun, "Declare")
}

// isEngineDeclare recognises an engine's declarer (kit.Codes), a value
// named codes: codes.Error, codes.Warning, codes.Alarm.
func isEngineDeclare(fun ast.Expr) bool {
	sel, ok := fun.(*ast.SelectorExpr)
	return ok && isIdent(sel.X, "codes") && (sel.Sel.Name == "Error" || sel.Sel.Name == "Warning" || sel.Sel.Name == "Alarm")
}

func isIdent(e ast.Expr, name string) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == name
}

// Each code names the checks of the table that report it, among those
// that run on the loaded games: an engine's own checks only with a game
// of that engine.
func TestRulesNameTheirChecks(t *testing.T) {
	t.Chdir(testutil.RepoRoot())
	for _, tc := range []struct {
		path string
		want map[string][]string
	}{
		{"cards/mice", map[string][]string{"COUNT_MISMATCH": {"card-references", "layout-references", "pieces"}, "OBSTACLE_UNREACHABLE": {"mice-obstacles"},
			"TEXT_OVERFLOW": {"text-fit"}, "ENGINE_PANIC": {"engine-build", "broken-games"}, "CHEESE_SUPPLY_EMPTY": {"alarms"},
			"LAYOUT_FIELD": {"layout-values", "layout-fields", "pictures", "layout-engine-fields"}, "YAML_DUPLICATE_KEY": {"yaml"},
			"TOO_MANY_OBSTACLES": {"mice-build"}, "PARAMETER_RANGE": {"engine-kit-build"}, "UNDEFINED_KEYWORD": {"card-references", "layout-references", "mice-build"}}},
		{"cards/heat", map[string][]string{"COUNT_MISMATCH": {"card-references", "layout-references", "pieces", "heat-data"}, "OBSTACLE_UNREACHABLE": nil,
			"TOO_MANY_OBSTACLES": nil, "UNDEFINED_PHASE": {"heat-build"}}},
	} {
		games, _ := pipeline.Load([]string{tc.path})
		c := For(games)
		for id, want := range tc.want {
			if got := c[id].Checks; !slices.Equal(got, want) {
				t.Errorf("%s: %s is reported by %v, want %v", tc.path, id, got, want)
			}
		}
		listed := Checks(games)
		if slices.ContainsFunc(listed, func(c Check) bool { return c.Engine != "" && c.Engine != games[0].Data.Manifest.Engine }) {
			t.Errorf("%s: checks of another engine listed: %+v", tc.path, listed)
		}
	}
}
