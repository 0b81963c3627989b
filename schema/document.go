package schema

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// Repository paths of the schemas of cardpress's own JSON outputs: `sim
// --out` files (merge reads them back), `lint --format json` reports (lint
// --baseline reads them back) and each line of `replay --format jsonl`.
const (
	SimResults = "schema/sim-results.schema.json"
	// LadderResults is what report --ladder --shard writes and report
	// --merge reads back.
	LadderResults = "schema/ladder-results.schema.json"
	// TuneResults is what tune --out writes and tune --merge reads back.
	TuneResults = "schema/tune-results.schema.json"
	LintReport  = "schema/lint-report.schema.json"
	Log         = "schema/log.schema.json"
)

// Budgets of a JSON document checked by CheckJSON. Decoding builds a tree
// of every value and validation walks it at some 150 bytes and 2.5 µs a
// value, so the count of values (every number, string, key, object and
// list; the caller's budget) is bounded before the tree is built. A number
// of more than 40 characters or with an exponent beyond ±400 is no count
// or rate cardpress writes, and would cost the validator (which works in
// exact fractions) time and memory out of all proportion.
const (
	maxDepth       = 32
	maxNumberChars = 40
	maxExponent    = 400
)

// DocumentError is the first problem found in a JSON document, at a place
// in it (Path is JSON Pointer tokens, unescaped; empty for the document
// itself).
type DocumentError struct {
	Path    []string
	Message string
}

func (e *DocumentError) Error() string {
	if len(e.Path) == 0 {
		return e.Message
	}
	return Pointer(e.Path) + ": " + e.Message
}

// Pointer writes a path as a JSON Pointer without the leading slash
// (columns/0/summaries/1/Games), the way problems are shown.
func Pointer(path []string) string {
	escape := strings.NewReplacer("~", "~0", "/", "~1")
	escaped := make([]string, len(path))
	for i, tok := range path {
		escaped[i] = escape.Replace(tok)
	}
	return strings.Join(escaped, "/")
}

// documents compiles each of these schemas once for the program: a log is
// checked line by line, and a new compiler reads every generic schema
// again (2-3 ms a line, most of a full game's check). A compiled schema is
// read-only, so it serves every caller.
var documents struct {
	sync.Mutex
	c *Compiler
}

func documentSchema(repoPath string) (*Schema, error) {
	documents.Lock()
	defer documents.Unlock()
	if documents.c == nil {
		documents.c = NewCompiler()
	}
	return documents.c.Compile(repoPath)
}

// CheckJSON checks that data is one JSON document of at most maxValues
// values that the schema at repoPath (e.g. SimResults) accepts. The error,
// a *DocumentError, names the first problem and where it is; the text of
// names from the document is left as it is (quote it for a terminal).
func CheckJSON(repoPath string, data []byte, maxValues int) error {
	if err := scan(data, maxValues); err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil { // scan has accepted the syntax; this is a safety net
		return &DocumentError{Message: "not JSON: " + err.Error()}
	}
	sch, err := documentSchema(repoPath)
	if err != nil {
		return err
	}
	problems := sch.Validate(doc)
	if len(problems) == 0 {
		return nil
	}
	// The same problem first on every run (validation order is not fixed):
	// a wrong value before a missing field (a "format" of another version
	// says more than the fields that version lacks), then the one nearest
	// the top, which often explains those below it.
	first := slices.MinFunc(problems, func(a, b Problem) int {
		return cmp.Or(cmp.Compare(boolRank(a.Code == CodeRequired), boolRank(b.Code == CodeRequired)),
			cmp.Compare(len(a.Path), len(b.Path)), slices.Compare(a.Path, b.Path), cmp.Compare(a.Message, b.Message))
	})
	at := ValueAt(doc, first.Path...)
	msg := literalNumbers(first.Message, at)
	if at == nil { // the explanations speak YAML, where null is an empty value
		msg = strings.Replace(msg, "found an empty value", "found null", 1)
	}
	switch more := len(problems) - 1; {
	case more == 1:
		msg += " (and 1 more problem)"
	case more > 1:
		msg += fmt.Sprintf(" (and %d more problems)", more)
	}
	return &DocumentError{Path: first.Path, Message: msg}
}

func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// scan reads the document token by token, in constant memory, and refuses
// what would make decoding or validating it expensive: too many values,
// too deep a nesting, numbers too long or too large. Syntax errors are
// placed by line and column.
func scan(data []byte, maxValues int) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	values, depth := 0, 0
	for {
		tok, err := dec.Token()
		switch {
		case err == io.EOF && values == 0:
			return &DocumentError{Message: "empty, not JSON"}
		case err == io.EOF, errors.Is(err, io.ErrUnexpectedEOF):
			return &DocumentError{Message: "not JSON: it ends in the middle (a truncated file?)"}
		case err != nil:
			return syntaxError(data, dec, err)
		}
		if t, ok := tok.(json.Delim); ok && (t == '}' || t == ']') {
			depth--
		} else if values++; values > maxValues {
			return &DocumentError{Message: fmt.Sprintf("more than %d values; no file of this kind is that large", maxValues)}
		}
		switch t := tok.(type) {
		case json.Delim:
			if t == '{' || t == '[' {
				if depth++; depth > maxDepth {
					return &DocumentError{Message: fmt.Sprintf("%s: nested more than %d deep", lineCol(data, dec.InputOffset()-1), maxDepth)}
				}
				continue
			}
		case json.Number:
			if err := checkNumber(string(t)); err != nil {
				return &DocumentError{Message: fmt.Sprintf("%s: %v", lineCol(data, dec.InputOffset()-int64(len(t))), err)}
			}
		}
		if depth == 0 { // the document is complete: nothing may follow
			end := dec.InputOffset()
			if rest := bytes.TrimLeft(data[end:], " \t\r\n"); len(rest) > 0 {
				return &DocumentError{Message: fmt.Sprintf("not JSON: %s: more after the end of the document", lineCol(data, int64(len(data)-len(rest))))}
			}
			return nil
		}
	}
}

// checkNumber refuses a JSON number that is too long or whose exponent is
// beyond any count or rate.
func checkNumber(lit string) error {
	if len(lit) > maxNumberChars {
		return fmt.Errorf("a number of %d characters", len(lit))
	}
	if i := strings.IndexAny(lit, "eE"); i >= 0 {
		exp, err := strconv.Atoi(lit[i+1:])
		if err != nil || exp > maxExponent || exp < -maxExponent {
			return fmt.Errorf("number %s is out of range", lit)
		}
	}
	return nil
}

// syntaxError places a syntax error. The decoder's token offsets are not
// exact, so the error is found again by json.Valid's scanner, which stops
// at the same place the tokens did (and so within the nesting budget).
func syntaxError(data []byte, dec *json.Decoder, err error) error {
	offset := dec.InputOffset()
	var se *json.SyntaxError
	if errors.As(json.Unmarshal(data, &struct{}{}), &se) {
		offset, err = se.Offset-1, se // Offset counts the bad byte itself
	}
	return &DocumentError{Message: fmt.Sprintf("not JSON: %s: %v", lineCol(data, offset), err)}
}

// lineCol places the byte at a 0-based offset as "line L, column C"
// (1-based, columns in bytes).
func lineCol(data []byte, offset int64) string {
	offset = min(max(offset, 0), int64(len(data)))
	before := data[:offset]
	line := bytes.Count(before, []byte("\n")) + 1
	col := len(before) - bytes.LastIndexByte(before, '\n')
	return fmt.Sprintf("line %d, column %d", line, col)
}

// ValueAt is the value at path in a decoded JSON or YAML document (plain
// maps, lists and scalars; a path step is a map key or a list index), or
// nil when there is none.
func ValueAt(doc any, path ...string) any {
	v, _ := Lookup(doc, path...)
	return v
}

// Lookup is the value at path in a decoded document, like ValueAt, and
// whether there is one (a key set to null is there; a missing key is not).
func Lookup(doc any, path ...string) (any, bool) {
	v := doc
	for _, tok := range path {
		switch c := v.(type) {
		case map[string]any:
			var ok bool
			if v, ok = c[tok]; !ok {
				return nil, false
			}
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(c) {
				return nil, false
			}
			v = c[i]
		default:
			return nil, false
		}
	}
	return v, true
}

// literalNumbers writes the number at the problem as the document wrote it
// (1e308, 0.5) where the message gives it as an exact fraction (a 309-digit
// integer, 1/2).
func literalNumbers(msg string, v any) string {
	n, ok := v.(json.Number)
	if !ok {
		return msg
	}
	r, ok := new(big.Rat).SetString(string(n))
	if !ok {
		return msg
	}
	return strings.Replace(msg, r.RatString(), string(n), 1)
}
