package preview

import (
	"bytes"
	"fmt"
	"html/template"
	"slices"
	"time"
)

// MaxPages is how many pages serve keeps open at once, each with its
// event stream: a browser opens at most six connections to one server and
// each page holds one, so a dozen is two browsers' tabs with room to
// spare. Past it the oldest page is closed and told why: it is the one
// most likely forgotten in a tab, and the newest is the one being read.
// (Refusing the newest would refuse the page just opened, and a closed
// page that reconnected by itself would close another, and so on.)
const MaxPages = 12

// page is one open page's event stream.
type page struct {
	wake   chan struct{} // a change to send
	closed chan struct{} // closed: the page is over MaxPages, the oldest
}

func (s *Server) maxPages() int {
	if s.opt.MaxPages > 0 {
		return s.opt.MaxPages
	}
	return MaxPages
}

// open adds a page, closing the oldest when there are already as many as
// the limit.
func (s *Server) open() *page {
	p := &page{wake: make(chan struct{}, 1), closed: make(chan struct{})}
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.pages) >= s.maxPages() {
		close(s.pages[0].closed)
		s.pages = s.pages[1:]
		if s.opt.Log != nil {
			fmt.Fprintf(s.opt.Log, "%s closed the oldest page: %d pages were open, the most serve keeps\n", time.Now().Format("15:04:05"), s.maxPages()+1)
		}
	}
	s.pages = append(s.pages, p)
	return p
}

// close removes a page that has gone (or was closed).
func (s *Server) close(p *page) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.pages = slices.DeleteFunc(s.pages, func(q *page) bool { return q == p })
}

// closedMessage is what a page closed for a newer one shows in its status.
func (s *Server) closedMessage() string {
	return fmt.Sprintf("closed: more than %d pages of cardpress serve were open, and the oldest is closed first; reload this page to open it again", s.maxPages())
}

// contentEvent is the page content of the current version as an event,
// drawn once for all the pages: a thousand pages cost a thousand
// connections, not a thousand drawings of the page held at once.
func (s *Server) contentEvent() (int64, []byte) {
	snap, version, sims := s.current()
	s.eventMu.Lock()
	defer s.eventMu.Unlock()
	if s.event != nil && s.eventVersion >= version {
		return s.eventVersion, s.event
	}
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, "content", s.pageData(snap, version, sims)); err != nil {
		buf.Reset()
		buf.WriteString("<p class=\"failure\">drawing the page: " + template.HTMLEscapeString(err.Error()) + "</p>")
	}
	s.event, s.eventVersion = sseEvent("content", s.versionID(version), buf.String()), version
	return version, s.event
}
