package lsptest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cardpress/cardpress/internal/testutil"
)

// The client is tested against a fake server, the test binary run again,
// so that this package's tests need no node; cmd/editor_test.go runs the
// real yaml-language-server.
func TestMain(m *testing.M) {
	testutil.MainOrChild(m, "LSPTEST_FAKE_SERVER", func() error {
		if err := fakeServer(); err != nil {
			return fmt.Errorf("fake server: %w", err)
		}
		return nil
	})
}

func TestClientAgainstFakeServer(t *testing.T) {
	t.Setenv("LSPTEST_FAKE_SERVER", "1")
	dir := t.TempDir()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	srv, err := Start(ctx, os.Args[0], dir)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.yaml")
	clean := filepath.Join(dir, "clean.yaml")
	silent := filepath.Join(dir, "silent.yaml")
	for path, text := range map[string]string{
		bad:    "cards:\n  - id: a\n    pionts: 3\n",
		clean:  "cards: []\n",
		silent: "# the fake server publishes nothing for this file\n",
	} {
		if err := srv.Open(path, text); err != nil {
			t.Fatal(err)
		}
	}

	// The fake publishes nothing first, then the finding once it has
	// its settings: the last publish counts.
	got, err := srv.Diagnostics(ctx, bad, 200*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	want := []Diagnostic{{Line: 2, Character: 4, Severity: 1, Message: "Property pionts is not allowed."}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("bad.yaml: got %v, want %v", got, want)
	}
	if got, err := srv.Diagnostics(ctx, clean, 200*time.Millisecond); err != nil || len(got) != 0 {
		t.Errorf("clean.yaml: got %v, %v; want no diagnostics", got, err)
	}

	short, cancelShort := context.WithTimeout(ctx, 300*time.Millisecond)
	defer cancelShort()
	if _, err := srv.Diagnostics(short, silent, 50*time.Millisecond); err == nil || !strings.Contains(err.Error(), "no diagnostics for") {
		t.Errorf("a file never published: got %v, want a deadline error", err)
	}

	if err := srv.Close(); err != nil {
		t.Errorf("close: %v", err)
	}
}

func TestFileURI(t *testing.T) {
	if got, want := FileURI("/tmp/my game/cards.yaml"), "file:///tmp/my%20game/cards.yaml"; got != want {
		t.Errorf("FileURI: got %s, want %s", got, want)
	}
}

// fakeServer speaks just enough LSP on stdin/stdout: it asks for its
// settings like yaml-language-server does and flags "pionts" only when
// the client's yaml settings turn validation on.
func fakeServer() error {
	r := bufio.NewReader(os.Stdin)
	send := func(msg map[string]any) {
		msg["jsonrpc"] = "2.0"
		body, _ := json.Marshal(msg)
		fmt.Fprintf(os.Stdout, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	publish := func(uri string, diags []any) {
		send(map[string]any{"method": "textDocument/publishDiagnostics",
			"params": map[string]any{"uri": uri, "diagnostics": diags}})
	}
	validate := false
	docs := map[string]string{} // URI → text
	check := func(uri string) {
		var diags []any
		for i, l := range strings.Split(docs[uri], "\n") {
			if col := strings.Index(l, "pionts"); col >= 0 && validate {
				diags = append(diags, map[string]any{
					"range":    map[string]any{"start": map[string]any{"line": i, "character": col}, "end": map[string]any{"line": i, "character": col + 6}},
					"severity": 1, "message": "Property pionts is not allowed."})
			}
		}
		publish(uri, diags)
	}
	for {
		msg, err := readMessage(r)
		if err != nil {
			return err
		}
		switch msg.Method {
		case "initialize":
			send(map[string]any{"id": msg.ID, "result": map[string]any{"capabilities": map[string]any{}}})
		case "initialized":
			send(map[string]any{"id": "cfg", "method": "workspace/configuration",
				"params": map[string]any{"items": []any{map[string]any{"section": "yaml"}, map[string]any{"section": "http"}}}})
		case "":
			if string(msg.ID) == `"cfg"` {
				var cfg []struct{ Validate bool }
				if err := json.Unmarshal(msg.Result, &cfg); err != nil || len(cfg) != 2 {
					return fmt.Errorf("bad configuration answer %s", msg.Result)
				}
				// Like yaml-language-server: new settings, open files again.
				validate = cfg[0].Validate
				for uri := range docs {
					check(uri)
				}
			}
		case "textDocument/didOpen":
			var p struct{ TextDocument struct{ URI, Text string } }
			json.Unmarshal(msg.Params, &p)
			if strings.HasPrefix(p.TextDocument.Text, "#") {
				continue
			}
			docs[p.TextDocument.URI] = p.TextDocument.Text
			publish(p.TextDocument.URI, []any{}) // before its schema is read
			check(p.TextDocument.URI)
		case "shutdown":
			send(map[string]any{"id": msg.ID, "result": nil})
		case "exit":
			return nil
		}
	}
}
