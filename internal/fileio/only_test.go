package fileio

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
)

// writers are the os functions that write, make or remove files.
var writers = map[string]bool{
	"WriteFile": true, "Create": true, "CreateTemp": true, "OpenFile": true,
	"Mkdir": true, "MkdirAll": true, "MkdirTemp": true, "Remove": true, "RemoveAll": true,
	"Rename": true, "Symlink": true, "Link": true, "Truncate": true, "OpenRoot": true,
	"Chmod": true, "Chown": true, "Lchown": true, "Chtimes": true, "CopyFS": true,
}

// allowed are the calls outside this package that write without an
// OutRoot, each with why: none of them writes a command's output.
var allowed = map[string]string{
	"newgame/newgame.go:Mkdir":                     "the missing folders on the way to `new DIR`, the path the user named",
	"newgame/newgame.go:Remove":                    "undoing those folders, empty ones only",
	"engine/games/internal/gen/main.go:WriteFile":  "go generate's tool, writing the source file it is told to",
	"engine/kit/boundsgen/main.go:WriteFile":       "go generate's tool, writing the engine's schemabounds.go",
	"engine/enginetest/fuzzdata/edit.go:MkdirAll":  "fuzz tests' edited games, in the test's temporary folder",
	"engine/enginetest/fuzzdata/edit.go:WriteFile": "fuzz tests' edited games, in the test's temporary folder",
	"internal/testutil/testutil.go:MkdirAll":       "tests' copies of the shipped games",
	"internal/testutil/testutil.go:WriteFile":      "tests' copies of the shipped games",
}

// Every write of cardpress goes through an OutRoot: a call of os's writing
// functions anywhere else (tests aside) fails this test unless it is in
// allowed with its reason. A new command cannot write around --out by
// accident.
func TestOnlyOutRootWrites(t *testing.T) {
	root := testutil.RepoRoot()
	used := map[string]bool{}
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		if d.IsDir() && (rel == "out" || rel == "internal/fileio" || strings.HasPrefix(d.Name(), ".") && rel != ".") {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(rel, ".go") || strings.HasSuffix(rel, "_test.go") {
			return nil
		}
		file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		os := localName(file, "os")
		ast.Inspect(file, func(n ast.Node) bool {
			sel, ok := n.(*ast.SelectorExpr)
			if !ok || os == "" || !writers[sel.Sel.Name] {
				return true
			}
			if x, ok := sel.X.(*ast.Ident); ok && x.Name == os {
				key := rel + ":" + sel.Sel.Name
				used[key] = true
				if _, ok := allowed[key]; !ok {
					t.Errorf("%s calls os.%s: write through fileio.OutRoot, or add it to allowed with the reason", rel, sel.Sel.Name)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for key := range allowed {
		if !used[key] {
			t.Errorf("allowed lists %s, which no longer calls it: drop the entry", key)
		}
	}
}

// localName is the name file imports the package path under, "" if it
// does not import it.
func localName(file *ast.File, path string) string {
	for _, imp := range file.Imports {
		if strings.Trim(imp.Path.Value, `"`) != path {
			continue
		}
		if imp.Name != nil {
			return imp.Name.Name
		}
		return path
	}
	return ""
}
