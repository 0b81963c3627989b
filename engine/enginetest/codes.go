package enginetest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"cardpress/engine"
	"cardpress/engine/kit"
	"cardpress/gamedata"
)

var codeShape = regexp.MustCompile(`^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$`)

// sharedCodes are the codes that functions of package engine report for
// the engine that calls them, by function name.
var sharedCodes = map[string]string{
	"ParamRangeFindings": kit.ParamRangeCode,
	"CardRangeFindings":  kit.CardRangeCode,
	"DecodeParams":       kit.ParamRangeCode,
}

// CodesDocumented reads the Go files of the engine package in dir and
// fails t for every finding code they report that `cardpress rules` would
// not explain: a code literal passed to a function named errorf, New or
// Warn (finding.New, finding.Warn), and the code of every shared check of package engine
// they call (kit.ParamRangeFindings), must be in g's CheckCodes or be
// a loading code of gamedata.
func CodesDocumented(t testing.TB, g engine.Game, dir string) {
	t.Helper()
	known := map[string]bool{}
	for _, c := range gamedata.Codes {
		known[c.ID] = true
	}
	if d, ok := g.(engine.Documented); ok {
		for code := range d.CheckCodes() {
			known[code] = true
		}
	}
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no Go files in %s: %v", dir, err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok {
				if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == "kit" {
					if code, shared := sharedCodes[sel.Sel.Name]; shared && !known[code] {
						t.Errorf("%s: code %s is reported (by kit.%s) but not documented in CheckCodes", fset.Position(call.Pos()), code, sel.Sel.Name)
					}
				}
			}
			if !reportsFinding(call.Fun) {
				return true
			}
			for _, arg := range call.Args {
				lit, ok := arg.(*ast.BasicLit)
				if !ok || lit.Kind != token.STRING {
					continue
				}
				if code, err := strconv.Unquote(lit.Value); err == nil && codeShape.MatchString(code) && !known[code] {
					t.Errorf("%s: code %s is reported but not documented in CheckCodes", fset.Position(lit.Pos()), code)
				}
			}
			return true
		})
	}
}

func reportsFinding(fun ast.Expr) bool {
	switch f := fun.(type) {
	case *ast.Ident:
		return f.Name == "errorf"
	case *ast.SelectorExpr:
		return f.Sel.Name == "errorf" || f.Sel.Name == "New" || f.Sel.Name == "Warn"
	}
	return false
}
