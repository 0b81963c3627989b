// Package lsptest drives a language server over stdio the way an editor
// does, so tests can check what a designer sees in their editor: it starts
// yaml-language-server, opens a file and returns the diagnostics the server
// publishes for it.
//
// The JSON-RPC framing (Content-Length headers around encoding/json
// messages) is written here rather than taken from a module: the LSP
// protocol package go.lsp.dev/protocol has had no release since 2022 and
// pulls in zap and segmentio/encoding, and the jsonrpc2 packages would add
// a dependency to go.mod for the fifty lines below. A test needs a handful
// of messages, not the whole protocol.
package lsptest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/textproto"
	"net/url"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cardpress/cardpress/internal/testutil"
)

// Diagnostic is one problem the server reports in a file; Line and
// Character count from 0, as in LSP.
type Diagnostic struct {
	Line      int
	Character int
	Severity  int // 1 error, 2 warning, 3 information, 4 hint
	Message   string
	// The range's end, and the code (a finding code for cardpress; a
	// number or nothing for other servers).
	EndLine, EndCharacter int
	Code                  string
}

func (d Diagnostic) String() string {
	return fmt.Sprintf("%d:%d: %s", d.Line+1, d.Character+1, d.Message)
}

// Settings is the "yaml" section of the configuration the client gives the
// server (the server asks for it with workspace/configuration). Validation
// is on by default in yaml-language-server; saying so keeps the test from
// depending on a default, and a modeline needs no setting.
var Settings = map[string]any{
	"validate":    true,
	"hover":       true,
	"completion":  true,
	"format":      map[string]any{"enable": false},
	"schemaStore": map[string]any{"enable": false}, // no network
	"schemas":     map[string]any{},                // only the modeline names a schema
}

// Server is a running language server.
type Server struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	stderr *testutil.LockedBuffer

	writeMu sync.Mutex

	mu      sync.Mutex
	nextID  int
	pending map[int]chan response
	diags   map[string][][]Diagnostic // URI → every publish, oldest first
	// versions are the version of each publish in diags (0 when the
	// server sent none).
	versions map[string][]int
	changed  chan struct{} // closed and replaced at every publish
	readErr  error         // why the reader stopped; set once
	done     chan struct{} // closed when the reader stops
}

type response struct {
	Result json.RawMessage
	Err    *rpcError
}

type rpcError struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
}

// message is any JSON-RPC message: a request has ID and Method, a
// notification only Method, a response only ID.
type message struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *rpcError       `json:"error,omitempty"`
}

// Start runs bin --stdio (yaml-language-server) with root as the workspace
// folder and completes the initialize handshake before ctx ends. Close
// stops it.
func Start(ctx context.Context, bin, root string) (*Server, error) {
	return StartCommand(ctx, exec.Command(bin, "--stdio"), root)
}

// StartCommand is Start for a server started by cmd (cardpress lsp).
func StartCommand(ctx context.Context, cmd *exec.Cmd, root string) (*Server, error) {
	bin := cmd.Path
	cmd.Dir = root
	s := &Server{
		cmd:      cmd,
		stderr:   new(testutil.LockedBuffer),
		pending:  map[int]chan response{},
		diags:    map[string][][]Diagnostic{},
		versions: map[string][]int{},
		changed:  make(chan struct{}),
		done:     make(chan struct{}),
	}
	cmd.Stderr = s.stderr
	var err error
	if s.stdin, err = cmd.StdinPipe(); err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", bin, err)
	}
	go s.read(bufio.NewReader(stdout))

	rootURI := FileURI(root)
	_, err = s.call(ctx, "initialize", map[string]any{
		"processId": nil,
		"rootUri":   rootURI,
		"workspaceFolders": []any{
			map[string]any{"uri": rootURI, "name": filepath.Base(root)},
		},
		"capabilities": map[string]any{
			// The server then asks for its settings with
			// workspace/configuration, as it does in VS Code.
			"workspace": map[string]any{"configuration": true, "workspaceFolders": true},
			"textDocument": map[string]any{
				"publishDiagnostics": map[string]any{"relatedInformation": false},
			},
		},
		"initializationOptions": map[string]any{},
	})
	if err != nil {
		s.Close()
		return nil, fmt.Errorf("initialize: %w%s", err, s.stderrTail())
	}
	err = s.notify("initialized", map[string]any{})
	if err == nil {
		// For servers that read pushed settings rather than asking.
		err = s.notify("workspace/didChangeConfiguration", map[string]any{
			"settings": map[string]any{"yaml": Settings},
		})
	}
	if err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// Open sends the file at path, with its current content, as opened in the
// editor.
func (s *Server) Open(path, text string) error {
	return s.notify("textDocument/didOpen", map[string]any{
		"textDocument": map[string]any{
			"uri":        FileURI(path),
			"languageId": "yaml",
			"version":    1,
			"text":       text,
		},
	})
}

// Change sends the whole new text of the open file at path, as an editor
// does as the user types (version counts the changes, from 2).
func (s *Server) Change(path, text string, version int) error {
	return s.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": FileURI(path), "version": version},
		"contentChanges": []any{map[string]any{"text": text}},
	})
}

// At asks method (textDocument/completion, hover, definition) about
// line:character (from 0) of the file at path and returns the result.
func (s *Server) At(ctx context.Context, method, path string, line, character int) (json.RawMessage, error) {
	return s.call(ctx, method, map[string]any{
		"textDocument": map[string]any{"uri": FileURI(path)},
		"position":     map[string]any{"line": line, "character": character},
	})
}

// Call sends a request and returns its result.
func (s *Server) Call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	return s.call(ctx, method, params)
}

// Diagnostics waits until the server has published diagnostics for the
// file at path and then for quiet more time with no new publish (a server
// may validate again once its settings arrive), and returns the last
// publish. It fails when ctx ends first or the server stops.
func (s *Server) Diagnostics(ctx context.Context, path string, quiet time.Duration) ([]Diagnostic, error) {
	return s.DiagnosticsOf(ctx, path, 0, quiet)
}

// DiagnosticsOf is Diagnostics once the server has published for the
// file's text at version (or later) as an editor numbers it (Open sends
// 1, Change the number it is given): what it found in that text, not
// what it had found before. The server must publish versions.
func (s *Server) DiagnosticsOf(ctx context.Context, path string, version int, quiet time.Duration) ([]Diagnostic, error) {
	uri := FileURI(path)
	var timer <-chan time.Time
	seen := 0
	for {
		s.mu.Lock()
		all, versions, changed, readErr := s.diags[uri], s.versions[uri], s.changed, s.readErr
		s.mu.Unlock()
		if len(all) > seen && versions[len(versions)-1] >= version {
			seen = len(all)
			timer = time.After(quiet)
		}
		select {
		case <-timer:
			return all[len(all)-1], nil
		case <-changed:
		case <-s.done:
			if len(all) > 0 {
				return all[len(all)-1], nil
			}
			return nil, fmt.Errorf("the server stopped before publishing diagnostics for %s: %v%s", uri, readErr, s.stderrTail())
		case <-ctx.Done():
			return nil, fmt.Errorf("no diagnostics for %s from the server: %w%s", uri, ctx.Err(), s.stderrTail())
		}
	}
}

// Close asks the server to shut down and exit, and kills it if it has not
// ended within two seconds.
func (s *Server) Close() error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	if _, err := s.call(ctx, "shutdown", nil); err == nil {
		s.notify("exit", nil)
	}
	s.stdin.Close()
	exited := make(chan error, 1)
	go func() { exited <- s.cmd.Wait() }()
	select {
	case err := <-exited:
		return err
	case <-ctx.Done():
		s.cmd.Process.Kill()
		return <-exited
	}
}

// FileURI is the file:// URI of path, made absolute.
func FileURI(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		abs = path
	}
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(abs)}).String()
}

func (s *Server) call(ctx context.Context, method string, params any) (json.RawMessage, error) {
	s.mu.Lock()
	s.nextID++
	id := s.nextID
	ch := make(chan response, 1)
	s.pending[id] = ch
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.pending, id)
		s.mu.Unlock()
	}()
	if err := s.write(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params}); err != nil {
		return nil, err
	}
	select {
	case r := <-ch:
		if r.Err != nil {
			return nil, fmt.Errorf("%s: error %d: %s", method, r.Err.Code, r.Err.Message)
		}
		return r.Result, nil
	case <-s.done:
		return nil, fmt.Errorf("%s: the server stopped: %v", method, s.readErr)
	case <-ctx.Done():
		return nil, fmt.Errorf("%s: no answer: %w", method, ctx.Err())
	}
}

func (s *Server) notify(method string, params any) error {
	return s.write(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

func (s *Server) write(msg any) error {
	body, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	s.writeMu.Lock()
	defer s.writeMu.Unlock()
	_, err = fmt.Fprintf(s.stdin, "Content-Length: %d\r\n\r\n%s", len(body), body)
	return err
}

// read handles every message from the server until its output ends.
func (s *Server) read(r *bufio.Reader) {
	var err error
	for err == nil {
		var msg message
		if msg, err = readMessage(r); err == nil {
			err = s.handle(msg)
		}
	}
	s.mu.Lock()
	s.readErr = err
	s.mu.Unlock()
	close(s.done)
}

func readMessage(r *bufio.Reader) (message, error) {
	var msg message
	header, err := textproto.NewReader(r).ReadMIMEHeader()
	if err != nil {
		return msg, err
	}
	n, err := strconv.Atoi(header.Get("Content-Length"))
	if err != nil || n < 0 {
		return msg, fmt.Errorf("bad Content-Length header %q", header.Get("Content-Length"))
	}
	body := make([]byte, n)
	if _, err := io.ReadFull(r, body); err != nil {
		return msg, err
	}
	if err := json.Unmarshal(body, &msg); err != nil {
		return msg, fmt.Errorf("bad message from the server: %w", err)
	}
	return msg, nil
}

func (s *Server) handle(msg message) error {
	switch {
	case msg.Method == "" && msg.ID != nil: // a response to our call
		id, err := strconv.Atoi(string(msg.ID))
		if err != nil {
			return fmt.Errorf("response with id %s to no request", msg.ID)
		}
		s.mu.Lock()
		ch := s.pending[id]
		s.mu.Unlock()
		if ch != nil {
			ch <- response{msg.Result, msg.Error}
		}
		return nil
	case msg.ID != nil: // a request: the server waits for an answer
		return s.write(map[string]any{"jsonrpc": "2.0", "id": msg.ID, "result": answer(msg)})
	case msg.Method == "textDocument/publishDiagnostics":
		return s.published(msg.Params)
	}
	return nil // logs, telemetry, progress
}

// answer is the result for a request from the server: its settings for
// workspace/configuration, null (accepted) for anything else, such as
// client/registerCapability.
func answer(msg message) any {
	if msg.Method != "workspace/configuration" {
		return nil
	}
	var p struct {
		Items []struct {
			Section string `json:"section"`
		} `json:"items"`
	}
	json.Unmarshal(msg.Params, &p)
	out := make([]any, len(p.Items))
	for i, it := range p.Items {
		switch it.Section {
		case "yaml":
			out[i] = Settings
		default: // http, editor, [yaml]: the defaults do
			out[i] = map[string]any{}
		}
	}
	return out
}

func (s *Server) published(params json.RawMessage) error {
	var p struct {
		URI         string `json:"uri"`
		Version     int    `json:"version"`
		Diagnostics []struct {
			Range struct {
				Start struct{ Line, Character int } `json:"start"`
				End   struct{ Line, Character int } `json:"end"`
			} `json:"range"`
			Severity int             `json:"severity"`
			Message  string          `json:"message"`
			Code     json.RawMessage `json:"code"`
		} `json:"diagnostics"`
	}
	if err := json.Unmarshal(params, &p); err != nil {
		return fmt.Errorf("bad publishDiagnostics: %w", err)
	}
	ds := make([]Diagnostic, 0, len(p.Diagnostics))
	for _, d := range p.Diagnostics {
		var code string
		if json.Unmarshal(d.Code, &code) != nil {
			code = string(d.Code)
		}
		ds = append(ds, Diagnostic{
			Line: d.Range.Start.Line, Character: d.Range.Start.Character, Severity: d.Severity, Message: d.Message,
			EndLine: d.Range.End.Line, EndCharacter: d.Range.End.Character, Code: code,
		})
	}
	s.mu.Lock()
	s.diags[p.URI] = append(s.diags[p.URI], ds)
	s.versions[p.URI] = append(s.versions[p.URI], p.Version)
	close(s.changed)
	s.changed = make(chan struct{})
	s.mu.Unlock()
	return nil
}

// Stderr is what the server has written to stderr so far.
func (s *Server) Stderr() string { return s.stderr.String() }

// stderrTail is the end of what the server wrote to stderr, for errors.
func (s *Server) stderrTail() string {
	out := strings.TrimSpace(s.stderr.String())
	if out == "" {
		return ""
	}
	if len(out) > 2000 {
		out = "…" + out[len(out)-2000:]
	}
	return "\nserver stderr:\n" + out
}
