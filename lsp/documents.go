package lsp

import (
	"github.com/tliron/glsp"
	protocol "github.com/tliron/glsp/protocol_3_16"
)

// The editor's open documents: their text replaces the file on disk in
// every check until they are closed.

func (s *server) didOpen(_ *glsp.Context, p *protocol.DidOpenTextDocumentParams) error {
	path := uriPath(p.TextDocument.URI)
	if path == "" {
		return nil
	}
	s.setText(path, p.TextDocument.Text, p.TextDocument.Version)
	// A moment's wait: an editor restoring a session opens many files
	// at once, and one check covers them all.
	s.schedule(path, Debounce/5)
	return nil
}

func (s *server) didChange(_ *glsp.Context, p *protocol.DidChangeTextDocumentParams) error {
	path := uriPath(p.TextDocument.URI)
	if path == "" {
		return nil
	}
	for _, c := range p.ContentChanges {
		// The server asks for whole documents (initialize); a client that
		// sends ranges anyway is answered with the last whole text it sent.
		if whole, ok := c.(protocol.TextDocumentContentChangeEventWhole); ok {
			s.setText(path, whole.Text, p.TextDocument.Version)
		}
	}
	s.schedule(path, Debounce)
	return nil
}

func (s *server) didSave(_ *glsp.Context, p *protocol.DidSaveTextDocumentParams) error {
	path := uriPath(p.TextDocument.URI)
	if path == "" {
		return nil
	}
	if p.Text != nil {
		s.mu.Lock()
		s.docs[path] = *p.Text
		s.mu.Unlock()
	}
	s.schedule(path, 0)
	return nil
}

// didClose drops the buffer: the file on disk is the game's again.
func (s *server) didClose(_ *glsp.Context, p *protocol.DidCloseTextDocumentParams) error {
	path := uriPath(p.TextDocument.URI)
	if path == "" {
		return nil
	}
	s.mu.Lock()
	delete(s.docs, path)
	delete(s.versions, path)
	s.mu.Unlock()
	s.schedule(path, 0)
	return nil
}

// setText keeps a buffer's text and version. One over the size limit of
// a file is kept as it is: the loader reports it too large, as it would
// the file.
func (s *server) setText(path, text string, version protocol.Integer) {
	s.mu.Lock()
	s.docs[path] = text
	s.versions[path] = version
	s.mu.Unlock()
}

// text is the open document at path, or the file on disk.
func (s *server) text(path string) string {
	s.mu.Lock()
	text, ok := s.docs[path]
	s.mu.Unlock()
	if ok {
		return text
	}
	return fileText(path, nil)
}

// lastGame is the last check of path's game, or nil before the first.
func (s *server) lastGame(path string) *game {
	dir, ok := gameDirOf(path)
	if !ok {
		return nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.games[dir]
}
