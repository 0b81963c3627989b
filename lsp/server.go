// Package lsp is cardpress's language server (cardpress lsp): an editor
// opens card files and the server reports, as the designer types, what
// validate and lint's static checks report on the game, with the unsaved
// buffers in place of the files; it completes ids, deck names, fields,
// icons and parameters, shows their docs on hover and goes to where they
// are declared.
//
// The protocol types and method dispatch are github.com/tliron/glsp's
// (protocol_3_16: plain structs over encoding/json, nothing else), the
// JSON-RPC framing github.com/sourcegraph/jsonrpc2, the transport glsp's
// own server uses. glsp's server package is not used: it reads os.Stdin
// only (the tests drive the server over pipes) and brings a logging
// framework with terminal colours; the adapter below is its twenty lines.
// The Go team's protocol types live in gopls's internal packages, which
// cannot be imported.
package lsp

import (
	"context"
	"fmt"
	"io"
	"runtime/debug"
	"sync"
	"time"

	"github.com/sourcegraph/jsonrpc2"
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// Debounce is how long the server waits after the last change to a game's
// files before checking it again: a check loads the whole game, and while
// the designer types each keystroke would start one.
const Debounce = 250 * time.Millisecond

// Serve answers one editor over stream (stdin and stdout for cardpress
// lsp) until the editor exits or the stream ends. Problems of the server
// itself are written to logw (the editor's log of the server's stderr).
func Serve(ctx context.Context, stream io.ReadWriteCloser, logw io.Writer) error {
	s := newServer(logw)
	conn := jsonrpc2.NewConn(ctx, jsonrpc2.NewBufferedStream(stream, jsonrpc2.VSCodeObjectCodec{}),
		jsonrpc2.HandlerWithError(s.handle))
	select {
	case <-conn.DisconnectNotify():
	case <-ctx.Done():
		conn.Close()
	}
	s.stop()
	return nil
}

// server holds the editor's open documents and the last check of each
// game they belong to.
type server struct {
	handler protocol.Handler
	logw    io.Writer
	logMu   sync.Mutex

	mu   sync.Mutex
	conn *jsonrpc2.Conn    // set by the first message: NewConn reads before it returns
	docs map[string]string // the open documents' text, by absolute path
	// versions are the editor's version numbers of the open documents'
	// text, published with the diagnostics made from it, so an editor can
	// drop those of an older text.
	versions map[string]protocol.Integer
	games    map[string]*game // by game folder
}

func newServer(logw io.Writer) *server {
	s := &server{logw: logw, docs: map[string]string{}, versions: map[string]protocol.Integer{}, games: map[string]*game{}}
	s.handler = protocol.Handler{
		Initialize:                      s.initialize,
		Initialized:                     func(*glsp.Context, *protocol.InitializedParams) error { return nil },
		Shutdown:                        func(*glsp.Context) error { return nil },
		SetTrace:                        func(*glsp.Context, *protocol.SetTraceParams) error { return nil },
		WorkspaceDidChangeConfiguration: func(*glsp.Context, *protocol.DidChangeConfigurationParams) error { return nil },
		TextDocumentDidOpen:             s.didOpen,
		TextDocumentDidChange:           s.didChange,
		TextDocumentDidSave:             s.didSave,
		TextDocumentDidClose:            s.didClose,
		TextDocumentCompletion:          s.completion,
		TextDocumentHover:               s.hover,
		TextDocumentDefinition:          s.definition,
		TextDocumentDocumentSymbol:      s.documentSymbol,
	}
	return s
}

func (s *server) initialize(*glsp.Context, *protocol.InitializeParams) (any, error) {
	caps := s.handler.CreateServerCapabilities()
	// Whole documents: card files are small, and the loader reads whole
	// files anyway.
	full := protocol.TextDocumentSyncKindFull
	yes := true
	caps.TextDocumentSync = protocol.TextDocumentSyncOptions{
		OpenClose: &yes,
		Change:    &full,
		Save:      &protocol.SaveOptions{IncludeText: &yes},
	}
	caps.CompletionProvider = &protocol.CompletionOptions{TriggerCharacters: []string{":", " ", "{"}}
	version := buildVersion()
	return protocol.InitializeResult{
		Capabilities: caps,
		ServerInfo:   &protocol.InitializeResultServerInfo{Name: "cardpress", Version: &version},
	}, nil
}

// buildVersion is the module version the binary was built from.
func buildVersion() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" {
		return bi.Main.Version
	}
	return "(devel)"
}

// handle dispatches one message to glsp's handler. A panic in a handler
// is answered as an internal error and logged: the editor keeps its
// server, and the designer their diagnostics.
func (s *server) handle(ctx context.Context, conn *jsonrpc2.Conn, req *jsonrpc2.Request) (result any, err error) {
	defer func() {
		if r := recover(); r != nil {
			s.logf("internal error in %s: %v\n%s", req.Method, r, debug.Stack())
			result, err = nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInternalError, Message: fmt.Sprintf("cardpress lsp: internal error in %s: %v", req.Method, r)}
		}
	}()
	s.mu.Lock()
	s.conn = conn
	s.mu.Unlock()
	gctx := &glsp.Context{
		Method: req.Method,
		Notify: func(method string, params any) {
			if err := conn.Notify(ctx, method, params); err != nil {
				s.logf("notify %s: %v", method, err)
			}
		},
	}
	if req.Params != nil {
		gctx.Params = *req.Params
	}
	r, validMethod, validParams, err := s.handler.Handle(gctx)
	switch {
	case req.Method == protocol.MethodExit:
		return nil, conn.Close()
	case !validMethod:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeMethodNotFound, Message: "method not supported: " + req.Method}
	case !validParams:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidParams, Message: fmt.Sprint(err)}
	case err != nil:
		return nil, &jsonrpc2.Error{Code: jsonrpc2.CodeInvalidRequest, Message: err.Error()}
	}
	return r, nil
}

func (s *server) logf(format string, args ...any) {
	s.logMu.Lock()
	defer s.logMu.Unlock()
	fmt.Fprintf(s.logw, "cardpress lsp: "+format+"\n", args...)
}

// notify sends a notification to the editor from outside a handler (the
// debounced checks).
func (s *server) notify(method string, params any) {
	s.mu.Lock()
	conn := s.conn
	s.mu.Unlock()
	if conn == nil {
		return // a benchmark's server, without an editor
	}
	if err := conn.Notify(context.Background(), method, params); err != nil {
		s.logf("notify %s: %v", method, err)
	}
}
