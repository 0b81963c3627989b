package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/cardpress/cardpress/check"
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/fileio"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/source"

	protocol "github.com/tliron/glsp/protocol_3_16"
)

// game is one game folder the editor has files of open: its pending check
// and what the last check found.
type game struct {
	dir      string
	timer    *time.Timer
	checking sync.Mutex // one check of a game at a time

	// Set by each check, read by completion, hover and definition (under
	// server.mu).
	last      *pipeline.LoadedGame
	published map[string]bool // files shown with diagnostics, by path
}

// gameDirOf is the game folder path belongs to: its own folder when that
// holds a game.yaml, as for `cardpress validate FILE`.
func gameDirOf(path string) (string, bool) {
	dir := filepath.Dir(path)
	info, err := os.Stat(filepath.Join(dir, gamedata.ManifestName))
	return dir, err == nil && info.Mode().IsRegular()
}

// schedule checks the game of path after delay, unless another change
// comes first: then the wait starts again.
func (s *server) schedule(path string, delay time.Duration) {
	dir, ok := gameDirOf(path)
	if !ok {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	g := s.games[dir]
	if g == nil {
		g = &game{dir: dir, published: map[string]bool{}}
		s.games[dir] = g
	}
	if g.timer != nil {
		g.timer.Stop()
	}
	g.timer = time.AfterFunc(delay, func() { s.check(g) })
}

// stop cancels the pending checks when the editor has gone.
func (s *server) stop() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, g := range s.games {
		if g.timer != nil {
			g.timer.Stop()
		}
	}
}

// edited is the open documents of the game in dir, by name in the folder,
// with their versions by path.
func (s *server) edited(dir string) (map[string][]byte, map[string]protocol.Integer) {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := map[string][]byte{}
	versions := map[string]protocol.Integer{}
	for path, text := range s.docs {
		if filepath.Dir(path) == dir {
			out[filepath.Base(path)] = []byte(text)
			versions[path] = s.versions[path]
		}
	}
	return out, versions
}

// check runs validate's checks and lint's static checks on the game with
// the editor's buffers, and publishes what they find, file by file. A
// panic in a check is logged and the game's last diagnostics stay.
func (s *server) check(g *game) {
	g.checking.Lock()
	defer g.checking.Unlock()
	defer func() {
		if r := recover(); r != nil {
			s.logf("internal error checking %s: %v", g.dir, r)
		}
	}()
	edited, versions := s.edited(g.dir)
	pg, fs := pipeline.LoadEdited(g.dir, edited)
	if pg != nil && pg.Valid {
		// Without smoke games, lint.ignore entries that only they would
		// use are not reported unused.
		fs = finding.Sort(append(fs, check.ApplyIgnores(pg.Data, pipeline.Static(pg), false)...))
	}
	byFile := map[string][]protocol.Diagnostic{}
	for _, f := range fs {
		file := f.File
		if !inGame(g.dir, file) {
			// An engine's schema, a folder: the game's manifest stands
			// for the game.
			file = filepath.Join(g.dir, gamedata.ManifestName)
		}
		byFile[file] = append(byFile[file], s.diagnostic(f, file, edited))
	}
	s.mu.Lock()
	g.last = pg
	var clear []string
	for path := range g.published {
		if _, ok := byFile[path]; !ok {
			clear = append(clear, path)
			delete(g.published, path)
		}
	}
	for path := range byFile {
		g.published[path] = true
	}
	for path := range versions {
		if _, ok := byFile[path]; !ok {
			clear = append(clear, path) // an open file with nothing to report
		}
	}
	s.mu.Unlock()
	for _, path := range clear {
		s.publish(path, []protocol.Diagnostic{}, versions)
	}
	for path, ds := range byFile {
		s.publish(path, ds, versions)
	}
}

// publish sends a file's diagnostics, with the version of the text they
// were found in when the file is open.
func (s *server) publish(path string, ds []protocol.Diagnostic, versions map[string]protocol.Integer) {
	p := protocol.PublishDiagnosticsParams{URI: fileURI(path), Diagnostics: ds}
	if v, ok := versions[path]; ok {
		u := protocol.UInteger(v)
		p.Version = &u
	}
	s.notify(protocol.ServerTextDocumentPublishDiagnostics, p)
}

// inGame reports whether file is in the game folder dir.
func inGame(dir, file string) bool {
	rel, err := filepath.Rel(dir, file)
	return err == nil && filepath.IsLocal(rel)
}

// diagnostic is f as the editor shows it: at the range of the value it
// names, with its code and severity.
func (s *server) diagnostic(f finding.Finding, file string, edited map[string][]byte) protocol.Diagnostic {
	sev := protocol.DiagnosticSeverityError
	if f.Severity == finding.Warning {
		sev = protocol.DiagnosticSeverityWarning
	}
	code := protocol.IntegerOrString{Value: f.Code}
	src := "cardpress"
	var r protocol.Range
	if f.File == file && f.Line > 0 {
		r = findingRange(fileText(file, edited), f.Line, f.Col)
	}
	return protocol.Diagnostic{Range: r, Severity: &sev, Code: &code, Source: &src, Message: f.Message}
}

// fileText is file's text as the checks read it: the editor's buffer, or
// the file on disk ("" when it cannot be read; the range is then the
// whole line). The file is read confined to its folder, as the loader
// reads it: a link out of the game folder is not followed.
func fileText(file string, edited map[string][]byte) string {
	if data, ok := edited[filepath.Base(file)]; ok {
		return string(data)
	}
	dir, err := fileio.OpenDir(filepath.Dir(file))
	if err != nil {
		return ""
	}
	defer dir.Close()
	data, err := dir.ReadFile(filepath.Base(file), source.MaxSize)
	if err != nil {
		return ""
	}
	return string(data)
}

// lineOf is line n (1-based) of text, without its line break.
func lineOf(text string, n int) string {
	for i := 1; i < n; i++ {
		j := strings.IndexByte(text, '\n')
		if j < 0 {
			return ""
		}
		text = text[j+1:]
	}
	if j := strings.IndexByte(text, '\n'); j >= 0 {
		text = text[:j]
	}
	return strings.TrimSuffix(text, "\r")
}
