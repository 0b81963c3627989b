package rules

import ast "github.com/cardpress/cardpress/expr"

// The rules' expressions are written in the syntax package expr parses,
// which a layout's when shares, so designers learn one syntax. These names
// keep the compiler's own spelling of it.
type (
	node        = ast.Node
	syntaxError = ast.SyntaxError
)

const (
	nNum    = ast.Number
	nStr    = ast.String
	nIdent  = ast.Ident
	nCall   = ast.Call
	nBinary = ast.Binary
	nUnary  = ast.Unary
	nIndex  = ast.Index
	nField  = ast.Field
	nTuple  = ast.Tuple
)

var (
	parseExpr   = ast.Parse
	parseAssign = ast.ParseAssign
)
