package masterminds

import (
	"bufio"
	"bytes"
	"fmt"
	"go/ast"
	"go/constant"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"maps"
	"os"
	"os/exec"
	"reflect"
	"regexp"
	"strings"
	"testing"
)

// TestLedgerMarks holds the package to the rule CheckInvariants relies on
// when it skips a recount: every write to a field the invariant check reads
// (a field tagged `ledger:"..."`) is preceded, in its own function, by a
// statement that marks the field's groups in state.dirty. So a group whose
// bit is clear has not changed since the last check that passed.
//
// It type-checks the package's own code (not its tests, which break states
// on purpose) and finds every place that writes such a field or could:
// assignments, ++ and --, taking its address or slicing it, calling a
// method that may change it. A mark is an `s.dirty |= <constant>` statement
// earlier in the same block or in an enclosing one, or the state literal
// Reset assigns, whose dirty field is set.
func TestLedgerMarks(t *testing.T) {
	for _, v := range checkLedger(t, ".", "").bad {
		t.Error(v)
	}
}

// TestLedgerReads holds the check to reading only tagged fields: the
// screen of each group only its group's, the full check any group's, so
// that a field left untagged cannot change unseen. The functions the check
// runs are listed with their group; a call from one of them to another of
// the package's functions must be to one listed with the same group (or
// one that reads no state).
func TestLedgerReads(t *testing.T) {
	for _, v := range checkLedger(t, ".", "").reads(screenReads) {
		t.Error(v)
	}
}

// screenReads is the functions of the invariant check and the group whose
// fields each reads: anyGroup for the full check and the functions that
// pick groups, noState for those that read no state.
var screenReads = map[string]uint8{
	"state.CheckInvariants": anyGroup, "state.invariantsHold": anyGroup, "state.groupsHold": anyGroup, "state.invariantError": anyGroup,
	"state.gemCount": ledgerGems, "state.gemsHold": ledgerGems, "state.prepHolds": ledgerPrep, "state.talentHolds": ledgerTalent,
	"state.markersHold": ledgerMarkers, "heistSlot.open": ledgerMarkers, "state.heistsHold": ledgerHeist,
	"state.coloursHold": ledgerColour, "state.cashHolds": ledgerCash,
	"gemBag.Len": ledgerGems, "nonNegative": noState, "byteSum": noState, "gearWord": noState,
}

const (
	anyGroup = 0
	noState  = 0xFF
)

// untaggedReads are the fields the check may read untagged: the game
// (fixed once built), the arrays of seats and heist slots (whose fields
// are tagged), the groups to recount, and the heist being completed, which
// only the full check reads (a full heist fails the screen, so a pass
// never rests on it).
var untaggedReads = map[string]string{"g": "", "seats": "", "table": "", "dirty": "state.CheckInvariants", "completing": "state.invariantError"}

// TestLedgerCatches: the two checks above find writes and reads planted
// in the package, and pass the ones that keep the rule.
func TestLedgerCatches(t *testing.T) {
	const planted = `package masterminds

import (
	"unsafe"

	"github.com/cardpress/cardpress/engine"
)

func (s *state) sneakIncrement()            { st := &s.seats[0]; st.gems[1]++ }
func (s *state) sneakPointer() *engine.Deck { return &s.prepDeck }
func (s *state) sneakClear()                { s.dirty = 0 }
func (s *state) sneakSlice() []uint8        { return s.seats[0].gems[:] }
func (s *state) sneakMethod()               { s.prepDeck.Add(1) }
func (s *state) sneakWhole()                { s.seats[1] = seat{} }
func (s *state) sneakSlot()                 { s.table[0] = heistSlot{} }
func (s *state) sneakUnsafe()               { *(*uint64)(unsafe.Pointer(&s.seats[0].cash)) = 0 }
func (s *state) sneakUnsafeSeat()           { *(*uint64)(unsafe.Pointer(&s.seats[0])) = 0 }
func (s *state) sneakUnsafeKept()           { p := (*[8]byte)(unsafe.Pointer(&s.seats[0])); p[0] = 1 }
func (s *state) sneakLate()                 { s.bagTotal++; s.dirty |= ledgerGems }
func (s *state) sneakClosure()              { s.dirty |= ledgerGems; f := func() { s.bagTotal++ }; f() }
func (s *state) sneakWrongGroup()           { s.dirty |= ledgerPrep; s.bagTotal++ }
func (s *state) sneakBranch() {
	if s.N > 2 {
		s.dirty |= ledgerPrep
	}
	s.prepDeck.Add(1)
}
func (s *state) fineMarked() { s.dirty |= ledgerGems; s.bagTotal++ }
func (s *state) fineNested() {
	s.dirty |= ledgerPrep
	if s.N > 0 {
		s.prepDeck.Add(1)
	}
}
func (s *state) fineRead() int { return s.prepDeck.Len() + int(gearWord(s.seats[0].gear[4:])) + viewDeck(&s.prepDeck).Len() }
func (s *state) sneakUnsafeRead() int { return int(*(*uint64)(unsafe.Pointer(&s.seats[0].cash))) }
func (s *state) fineLocal()    { var st seat; st.gems[0]++; _ = st }

func (s *state) readOther() bool     { return s.bagTotal > 0 }
func (s *state) readUntagged() bool  { return s.turn > 0 }
func (s *state) readCall() bool      { return s.gemsHold() }
func (s *state) readFine() bool      { return s.prepDeck.Len()+s.seats[0].hand.Len() > 0 }
`
	c := checkLedger(t, ".", planted)
	reads := maps.Clone(screenReads)
	for _, f := range []string{"readOther", "readCall", "readFine"} {
		reads["state."+f] = ledgerPrep
	}
	reads["state.readUntagged"] = anyGroup
	found := map[string]bool{}
	for _, v := range append(c.bad, c.reads(reads)...) {
		if !strings.HasPrefix(v, "extra.go:") {
			t.Errorf("outside the planted code: %s", v)
			continue
		}
		if m := reportedFunc.FindStringSubmatch(v); m != nil {
			found[m[1]] = true
		}
	}
	for _, f := range strings.Fields(planted) {
		i := strings.Index(f, "()")
		if i <= 0 {
			continue
		}
		name := f[:i]
		fine := strings.HasPrefix(name, "fine") || name == "readFine"
		switch {
		case strings.HasPrefix(name, "sneak") || strings.HasPrefix(name, "read"):
			if fine != !found[name] {
				t.Errorf("%s: reported %v", name, found[name])
			}
		case strings.HasPrefix(name, "fine") && found[name]:
			t.Errorf("%s: reported", name)
		}
	}
}

// reportedFunc finds the function a report names.
var reportedFunc = regexp.MustCompile(`^extra\.go:\d+:\d+: state\.(\w+)[: ]`)

// ledgerGroups names the ledger groups as the tags do.
var ledgerGroups = map[string]uint8{"gems": ledgerGems, "prep": ledgerPrep, "talent": ledgerTalent, "heist": ledgerHeist,
	"failure": ledgerFailure, "colour": ledgerColour, "cash": ledgerCash, "markers": ledgerMarkers}

// readOnly are the methods with pointer receivers of the engine's
// containers that only read.
var readOnly = map[string]bool{
	"Deck.Len": true, "Deck.At": true, "Deck.Count": true, "Deck.Sample": true, "Deck.SampleAt": true, "Deck.Outcomes": true,
	"gemBag.Len": true, "gemBag.Count": true, "gemBag.Sample": true, "gemBag.Outcomes": true,
	"Hand.Len": true, "Hand.Count": true, "Hand.At": true, "Hand.Present": true, "Hand.PresentWord": true, "Hand.Distinct": true,
}

// dirtyClearers may clear state.dirty: the check, after a recount passed.
var dirtyClearers = map[string]bool{"CheckInvariants": true}

type ledgerChecker struct {
	files  []*ast.File
	fset   *token.FileSet
	info   *types.Info
	pkg    *types.Package
	groups map[*types.Var]uint64 // tagged fields
	holds  map[types.Type]uint64 // the groups of the fields a type holds
	dirty  *types.Var
	bad    []string
}

func checkLedger(t *testing.T, dir, extra string) *ledgerChecker {
	t.Helper()
	fset := token.NewFileSet()
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, e := range ents {
		n := e.Name()
		if !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, dir+"/"+n, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	if extra != "" {
		f, err := parser.ParseFile(fset, "extra.go", extra, 0)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	info := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: map[*ast.SelectorExpr]*types.Selection{},
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "gc", exportLookup(t, dir))}
	pkg, err := conf.Check("github.com/cardpress/cardpress/engine/masterminds", fset, files, info)
	if err != nil {
		t.Fatal(err)
	}
	c := &ledgerChecker{fset: fset, info: info, pkg: pkg, files: files, groups: map[*types.Var]uint64{}, holds: map[types.Type]uint64{}}
	c.findTags(t)
	for _, f := range files {
		c.file(f)
	}
	return c
}

// funcName is "recv.name" for a method, "name" for a function.
func funcName(fd *ast.FuncDecl) string {
	if fd.Recv == nil {
		return fd.Name.Name
	}
	rt := fd.Recv.List[0].Type
	if st, ok := rt.(*ast.StarExpr); ok {
		rt = st.X
	}
	return rt.(*ast.Ident).Name + "." + fd.Name.Name
}

// reads checks what the functions of the check read and call.
func (c *ledgerChecker) reads(want map[string]uint8) []string {
	var bad []string
	found := map[string]bool{}
	for _, f := range c.files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			name := funcName(fd)
			group, listed := want[name]
			if !listed {
				continue
			}
			found[name] = true
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				sel, ok := n.(*ast.SelectorExpr)
				if !ok {
					return true
				}
				pos := c.fset.Position(sel.Pos())
				s := c.info.Selections[sel]
				if s == nil {
					return true
				}
				obj := s.Obj()
				switch {
				case s.Kind() == types.FieldVal && group == noState && c.container(pointee(s.Recv())):
					bad = append(bad, fmt.Sprintf("%s: %s reads %s but is listed as reading no state", pos, name, obj.Name()))
				case s.Kind() == types.FieldVal:
					if !c.container(pointee(s.Recv())) {
						return true // the game's fields (fixed once built), or a local value's
					}
					v := obj.(*types.Var)
					g, tagged := c.groups[v]
					if !tagged {
						if fn, ok := untaggedReads[v.Name()]; ok && (fn == "" || fn == name) || v.Pkg() != c.pkg {
							return true
						}
						bad = append(bad, fmt.Sprintf("%s: %s reads %s, which has no ledger tag", pos, name, v.Name()))
					} else if group != anyGroup && g&uint64(group) == 0 {
						bad = append(bad, fmt.Sprintf("%s: %s reads %s, which is not in its group %#x", pos, name, v.Name(), group))
					}
				default:
					fn, ok := obj.(*types.Func)
					if !ok || fn.Pkg() != c.pkg {
						return true
					}
					callee := fn.Name()
					if recv := fn.Signature().Recv(); recv != nil {
						rt := recv.Type()
						if p, ok := rt.(*types.Pointer); ok {
							rt = p.Elem()
						}
						callee = rt.(*types.Named).Obj().Name() + "." + callee
					}
					if cg, ok := want[callee]; !ok || (cg != noState && group != anyGroup && cg != group) {
						bad = append(bad, fmt.Sprintf("%s: %s calls %s, which is not listed with its group", pos, name, callee))
					}
				}
				return true
			})
			// Plain function calls (not selectors).
			ast.Inspect(fd.Body, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok {
					return true
				}
				id, ok := call.Fun.(*ast.Ident)
				if !ok {
					return true
				}
				fn, ok := c.info.Uses[id].(*types.Func)
				if !ok || fn.Pkg() != c.pkg {
					return true
				}
				if cg, ok := want[fn.Name()]; !ok || (cg != noState && group != anyGroup && cg != group) {
					bad = append(bad, fmt.Sprintf("%s: %s calls %s, which is not listed with its group", c.fset.Position(call.Pos()), name, fn.Name()))
				}
				return true
			})
		}
	}
	for name := range want {
		if !found[name] {
			bad = append(bad, fmt.Sprintf("%s is listed but not in the package", name))
		}
	}
	return bad
}

// exportLookup finds the compiled export data of the package's imports.
func exportLookup(t *testing.T, dir string) func(path string) (io.ReadCloser, error) {
	cmd := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}} {{.Export}}", ".")
	cmd.Dir = dir
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	files := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		if path, file, ok := strings.Cut(sc.Text(), " "); ok && file != "" {
			files[path] = file
		}
	}
	return func(path string) (io.ReadCloser, error) {
		if f, ok := files[path]; ok {
			return os.Open(f)
		}
		return nil, fmt.Errorf("no export data for %s", path)
	}
}

// findTags reads the groups of every tagged field of the package's structs
// (and of engine.Base's N, which the check reads through state).
func (c *ledgerChecker) findTags(t *testing.T) {
	scope := c.pkg.Scope()
	group := func(name string) uint64 {
		g, ok := ledgerGroups[name]
		if !ok {
			t.Fatalf("unknown ledger group %q", name)
		}
		return uint64(g)
	}
	for _, name := range scope.Names() {
		tn, ok := scope.Lookup(name).(*types.TypeName)
		if !ok {
			continue
		}
		st, ok := tn.Type().Underlying().(*types.Struct)
		if !ok {
			continue
		}
		for i := range st.NumFields() {
			tag, ok := reflect.StructTag(st.Tag(i)).Lookup("ledger")
			if !ok {
				continue
			}
			var g uint64
			for _, n := range strings.Fields(tag) {
				g |= group(n)
			}
			c.groups[st.Field(i)] = g
			if name == "state" && st.Field(i).Embedded() {
				// The embedded engine.Base: its N (the seats) counts.
				// The engine sets it only in NewBase, which Reset's
				// marked state literal calls.
				base := st.Field(i).Type().Underlying().(*types.Struct)
				for j := range base.NumFields() {
					if base.Field(j).Name() == "N" {
						c.groups[base.Field(j)] = g
					}
				}
			}
		}
		if name == "state" {
			for i := range st.NumFields() {
				if st.Field(i).Name() == "dirty" {
					c.dirty = st.Field(i)
				}
			}
		}
	}
	if c.dirty == nil || len(c.groups) == 0 {
		t.Fatal("state has no dirty field or no tagged fields")
	}
}

// held is the groups of the tagged fields a value of type t holds.
func (c *ledgerChecker) held(t types.Type) uint64 {
	if t == nil {
		return 0 // the blank identifier
	}
	if g, ok := c.holds[t]; ok {
		return g
	}
	c.holds[t] = 0 // recursion guard
	var g uint64
	switch u := t.Underlying().(type) {
	case *types.Struct:
		for i := range u.NumFields() {
			g |= c.groups[u.Field(i)] | c.held(u.Field(i).Type())
		}
	case *types.Array:
		g = c.held(u.Elem())
	}
	c.holds[t] = g
	return g
}

// container reports whether t is one of the package's structs holding
// tagged fields (or an array or slice of them): a pointer to one is no
// write, since its fields are reached by selectors, which are checked.
func (c *ledgerChecker) container(t types.Type) bool {
	switch u := t.(type) {
	case *types.Named:
		return u.Obj().Pkg() == c.pkg && c.held(u) != 0
	case *types.Array:
		return c.container(u.Elem())
	case *types.Slice:
		return c.container(u.Elem())
	}
	return false
}

// written is the groups a write to location e changes: the tagged fields
// selected on the way to it and those its value holds. A local value (a
// copy) is no part of the state.
func (c *ledgerChecker) written(e ast.Expr) uint64 {
	g := c.held(c.info.TypeOf(e))
	for {
		switch x := e.(type) {
		case *ast.ParenExpr:
			e = x.X
		case *ast.IndexExpr:
			if _, ok := c.info.TypeOf(x.X).Underlying().(*types.Array); !ok {
				// Through a slice or a map: it points elsewhere.
				return g
			}
			e = x.X
		case *ast.StarExpr:
			return g
		case *ast.SelectorExpr:
			sel := c.info.Selections[x]
			if sel == nil || sel.Kind() != types.FieldVal {
				return g
			}
			g |= c.groups[sel.Obj().(*types.Var)]
			if sel.Indirect() {
				return g
			}
			e = x.X
		case *ast.Ident:
			if v, ok := c.info.Uses[x].(*types.Var); ok && v.Parent() != c.pkg.Scope() {
				if _, ptr := v.Type().Underlying().(*types.Pointer); !ptr {
					return 0 // a local copy
				}
			}
			return g
		default:
			return g
		}
	}
}

func (c *ledgerChecker) file(f *ast.File) {
	for _, d := range f.Decls {
		fd, ok := d.(*ast.FuncDecl)
		if !ok || fd.Body == nil {
			continue
		}
		var stack []ast.Node
		ast.Inspect(fd.Body, func(n ast.Node) bool {
			if n == nil {
				stack = stack[:len(stack)-1]
				return true
			}
			stack = append(stack, n)
			c.node(fd, stack)
			return true
		})
	}
}

// node checks the writes node stack[len-1] makes.
func (c *ledgerChecker) node(fd *ast.FuncDecl, stack []ast.Node) {
	n := stack[len(stack)-1]
	var targets []ast.Expr
	switch x := n.(type) {
	case *ast.BranchStmt:
		if x.Tok == token.GOTO {
			c.report(x, fd, "goto could jump past a mark")
		}
	case *ast.AssignStmt:
		for _, l := range x.Lhs {
			if id, ok := l.(*ast.Ident); ok && c.info.Defs[id] != nil {
				continue
			}
			if c.isDirty(l) {
				if x.Tok != token.OR_ASSIGN && !dirtyClearers[fd.Name.Name] {
					c.report(x, fd, "only CheckInvariants may clear dirty")
				}
				continue
			}
			targets = append(targets, l)
		}
	case *ast.IncDecStmt:
		targets = append(targets, x.X)
	case *ast.RangeStmt:
		if x.Tok == token.ASSIGN {
			for _, l := range []ast.Expr{x.Key, x.Value} {
				if l != nil {
					targets = append(targets, l)
				}
			}
		}
	case *ast.UnaryExpr:
		if x.Op == token.AND && !c.container(c.info.TypeOf(x.X)) && !c.readArg(stack) {
			targets = append(targets, x.X)
		}
	case *ast.CallExpr:
		// A pointer turned into another type could write anything: the
		// package has no use of unsafe.Pointer.
		if c.isUnsafePointer(x.Fun) {
			c.report(x, fd, "unsafe.Pointer")
		}
	case *ast.SliceExpr:
		if !c.container(c.info.TypeOf(x)) && !c.readArg(stack) {
			targets = append(targets, x.X)
		}
	case *ast.SelectorExpr:
		// A method with a pointer receiver that may write: the receiver's
		// address is taken.
		sel := c.info.Selections[x]
		if sel == nil || sel.Kind() == types.FieldVal {
			break
		}
		fn := sel.Obj().(*types.Func)
		recv := fn.Signature().Recv()
		if recv == nil {
			break
		}
		if _, ptr := recv.Type().(*types.Pointer); !ptr || sel.Indirect() || c.container(c.info.TypeOf(x.X)) {
			break
		}
		if named, ok := recv.Type().(*types.Pointer).Elem().(*types.Named); ok && readOnly[named.Obj().Name()+"."+fn.Name()] {
			break
		}
		targets = append(targets, x.X)
	}
	if c.isDirty(n) {
		if _, ok := stack[len(stack)-2].(*ast.AssignStmt); !ok {
			c.report(n, fd, "dirty is only assigned")
		}
	}
	for _, e := range targets {
		need := c.written(e)
		if need == 0 {
			continue
		}
		if have := c.marked(stack); need&^have != 0 {
			c.report(e, fd, fmt.Sprintf("writes ledger groups %#x with only %#x marked before it", need, have))
		}
	}
}

func (c *ledgerChecker) isDirty(n ast.Node) bool {
	sel, ok := n.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := c.info.Selections[sel]
	return s != nil && s.Obj() == c.dirty
}

// marked is the groups marked before the innermost node of stack runs: by
// the statements before it in its block and in every enclosing block of
// its function.
func (c *ledgerChecker) marked(stack []ast.Node) uint64 {
	var g uint64
	for i := len(stack) - 2; i >= 0; i-- {
		var list []ast.Stmt
		switch b := stack[i].(type) {
		case *ast.FuncLit:
			return g
		case *ast.BlockStmt:
			list = b.List
		case *ast.CaseClause:
			list = b.Body
		case *ast.CommClause:
			list = b.Body
		}
		for _, st := range list {
			if st == stack[i+1] {
				// The state literal Reset assigns marks itself.
				g |= c.mark(st, true)
				break
			}
			g |= c.mark(st, false)
		}
	}
	return g
}

// mark is the groups statement st marks: `s.dirty |= k`, or the state
// literal assignment `*s = state{..., dirty: k}`.
func (c *ledgerChecker) mark(st ast.Stmt, self bool) uint64 {
	as, ok := st.(*ast.AssignStmt)
	if !ok || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return 0
	}
	constBits := func(e ast.Expr) uint64 {
		if tv := c.info.Types[e]; tv.Value != nil {
			v, _ := constant.Uint64Val(tv.Value)
			return v
		}
		return 0
	}
	if as.Tok == token.OR_ASSIGN && c.isDirty(as.Lhs[0]) && !self {
		return constBits(as.Rhs[0])
	}
	if lit, ok := as.Rhs[0].(*ast.CompositeLit); ok && as.Tok == token.ASSIGN {
		if _, star := as.Lhs[0].(*ast.StarExpr); !star {
			return 0
		}
		for _, el := range lit.Elts {
			if kv, ok := el.(*ast.KeyValueExpr); ok {
				if id, ok := kv.Key.(*ast.Ident); ok && c.info.Uses[id] == c.dirty {
					return constBits(kv.Value)
				}
			}
		}
	}
	return 0
}

func (c *ledgerChecker) isUnsafePointer(fun ast.Expr) bool {
	sel, ok := fun.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	tn, ok := c.info.Uses[sel.Sel].(*types.TypeName)
	return ok && tn.Pkg() != nil && tn.Pkg().Path() == "unsafe" && tn.Name() == "Pointer"
}

// readers are the package's functions that only read the slice or the
// pointer they are given (a deckView has no method that writes).
var readers = map[string]bool{"gearWord": true, "viewDeck": true}

// readArg reports whether the slice or address on top of stack is the
// argument of a binary.LittleEndian.Uint16/32/64 read or of a reader.
func (c *ledgerChecker) readArg(stack []ast.Node) bool {
	call, ok := stack[len(stack)-2].(*ast.CallExpr)
	if !ok {
		return false
	}
	if id, ok := call.Fun.(*ast.Ident); ok {
		fn, ok := c.info.Uses[id].(*types.Func)
		return ok && fn.Pkg() == c.pkg && readers[fn.Name()]
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || !strings.HasPrefix(sel.Sel.Name, "Uint") {
		return false
	}
	s := c.info.Selections[sel]
	return s != nil && s.Obj().Pkg() != nil && s.Obj().Pkg().Path() == "encoding/binary" && s.Kind() == types.MethodVal
}

func (c *ledgerChecker) report(n ast.Node, fd *ast.FuncDecl, msg string) {
	c.bad = append(c.bad, fmt.Sprintf("%s: %s: %s", c.fset.Position(n.Pos()), funcName(fd), msg))
}

func pointee(t types.Type) types.Type {
	if p, ok := t.(*types.Pointer); ok {
		return p.Elem()
	}
	return t
}
