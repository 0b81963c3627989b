package preview

import (
	"bufio"
	"context"
	"image"
	"image/color"
	"io"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render"
)

// A load that panics (a game's data tripping the loader) is shown on the
// page and as a line on Errors; the server goes on answering, and the
// next save loads the game again.
func TestALoadThatCrashesIsShownAndTheServerGoesOn(t *testing.T) {
	var crash atomic.Bool
	crash.Store(true)
	errs := &testutil.LockedBuffer{}
	ws, base := start(t, Options{Errors: errs, load: func(paths []string) ([]*pipeline.LoadedGame, []finding.Finding) {
		if crash.Load() {
			var g *pipeline.LoadedGame
			_ = g.Data.Manifest.ID // what a loader's bug does: a nil pointer
		}
		return pipeline.Load(paths)
	}})
	ch := events(t, base)
	first := next(t, ch, 5*time.Second)
	if !strings.Contains(first.Data, "loading crashed: runtime error: invalid memory address or nil pointer dereference") {
		t.Errorf("the page does not show the crash:\n%s", first.Data)
	}
	if !regexp.MustCompile(`(?m)^\d\d:\d\d:\d\d loaded in \d+ ms: loading crashed: runtime error: invalid memory address`).MatchString(errs.String()) {
		t.Errorf("Errors got %q", errs.String())
	}
	for _, path := range []string{"/", "/content", "/app.js"} {
		if code, _ := get(t, base+path, ""); code != http.StatusOK {
			t.Errorf("GET %s after the crash: %d", path, code)
		}
	}
	crash.Store(false)
	testutil.Edit(t, ws, "cards/heat/cards.yaml", "name: First National Job", "name: Second National Job")
	if e := next(t, ch, 5*time.Second); !strings.Contains(e.Data, "Second National Job") || strings.Contains(e.Data, "crashed") {
		t.Error("the next save did not bring the cards back")
	}
}

// crashingDrawer draws cards the PNG encoder crashes on, outside the
// drawing's own recover: only the server's guard is left to catch it.
type crashingDrawer struct{ fakeDrawer }

func (*crashingDrawer) Card(*render.Document, int, bool) (image.Image, error) {
	return crashImage{}, nil
}

// Reference crashes inside the drawing, which the drawing's recover
// catches.
func (*crashingDrawer) Reference(*render.Document) (image.Image, error) {
	panic("a sheet that cannot be drawn")
}

type crashImage struct{}

func (crashImage) ColorModel() color.Model { return color.RGBAModel }
func (crashImage) Bounds() image.Rectangle { return image.Rect(0, 0, 2, 2) }
func (crashImage) At(x, y int) color.Color { panic("a picture that cannot be drawn") }

// A request whose handler panics gets a 500 that says so, Errors gets a
// line, and the server answers the next request as before.
func TestARequestThatCrashesIsAnsweredAndTheServerGoesOn(t *testing.T) {
	errs := &testutil.LockedBuffer{}
	_, base := start(t, Options{Drawer: &crashingDrawer{}, Errors: errs})
	next(t, events(t, base), 5*time.Second)
	_, body := get(t, base+"/content", "")
	m := imgSrc.FindStringSubmatch(body)
	if m == nil {
		t.Fatal("no card picture on the page")
	}
	code, msg := get(t, base+m[1], "")
	if code != http.StatusInternalServerError || !strings.Contains(msg, "GET "+m[1]+" crashed: a picture that cannot be drawn; the server goes on") {
		t.Errorf("status %d, %q", code, msg)
	}
	if !strings.Contains(errs.String(), " GET "+m[1]+" crashed: a picture that cannot be drawn\n") {
		t.Errorf("Errors got %q", errs.String())
	}
	if code, _ := get(t, base+"/content", ""); code != http.StatusOK {
		t.Errorf("GET /content after the crash: %d", code)
	}
	// A crash in the drawing itself: the same, from the drawing's recover.
	ref := regexp.MustCompile(`src="/img/([0-9a-f]+)\.png" alt="reference sheet"`).FindStringSubmatch(body)
	if ref == nil {
		t.Fatal("no reference sheet picture on the page")
	}
	code, msg = get(t, base+"/img/"+ref[1]+".png", "")
	crash := "drawing picture " + ref[1] + " crashed: a sheet that cannot be drawn"
	if code != http.StatusInternalServerError || !strings.Contains(msg, crash) || !strings.Contains(errs.String(), " "+crash+"\n") {
		t.Errorf("status %d, %q; Errors got %q", code, msg, errs.String())
	}
}

// stream is one page's raw event stream.
type stream struct {
	events chan event
	ended  chan struct{} // closed when the server ends the stream
}

// openStream opens /events as a page does and reads its events.
func openStream(t testing.TB, base string) *stream {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, base+"/events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" {
		t.Fatalf("/events is %s", ct)
	}
	s := &stream{events: make(chan event, 16), ended: make(chan struct{})}
	go func() {
		defer close(s.ended)
		defer resp.Body.Close()
		s.read(resp.Body)
	}()
	return s
}

// read sends each event in body, as a page's EventSource parses it.
func (s *stream) read(body io.Reader) {
	sc := bufio.NewScanner(body)
	sc.Buffer(nil, 16<<20)
	var e event
	var data []string
	for sc.Scan() {
		line := sc.Text()
		field, value, _ := strings.Cut(line, ": ")
		switch {
		case line == "":
			if e.Name != "" {
				e.Data = strings.Join(data, "\n")
				s.events <- e
			}
			e, data = event{}, nil
		case field == "id":
			e.ID = value
		case field == "event":
			e.Name = value
		case field == "data":
			data = append(data, value)
		}
	}
}

func (s *stream) next(t testing.TB) event {
	t.Helper()
	select {
	case e := <-s.events:
		return e
	case <-time.After(5 * time.Second):
		t.Fatal("no event within 5 s")
	}
	return event{}
}

// Past MaxPages open pages the oldest is closed, told why, and its stream
// ends; the others go on getting every save.
func TestTheOldestPageIsClosedPastTheLimit(t *testing.T) {
	log := &testutil.LockedBuffer{}
	ws, base := start(t, Options{MaxPages: 2, Log: log})
	var pages []*stream
	for range 3 {
		p := openStream(t, base)
		if e := p.next(t); e.Name != "content" {
			t.Fatalf("first event %q", e.Name)
		}
		pages = append(pages, p)
	}
	want := "closed: more than 2 pages of cardpress serve were open, and the oldest is closed first; reload this page to open it again"
	if e := pages[0].next(t); e.Name != "closed" || e.Data != want {
		t.Errorf("the oldest page got %q %q", e.Name, e.Data)
	}
	select {
	case <-pages[0].ended:
	case <-time.After(5 * time.Second):
		t.Error("the oldest page's stream did not end")
	}
	if !strings.Contains(log.String(), " closed the oldest page: 3 pages were open, the most serve keeps\n") {
		t.Errorf("Log got %q", log.String())
	}
	testutil.Edit(t, ws, "cards/heat/cards.yaml", "name: First National Job", "name: Second National Job")
	for i, p := range pages[1:] {
		if e := p.next(t); e.Name != "content" || !strings.Contains(e.Data, "Second National Job") {
			t.Errorf("page %d got %q without the save", i+2, e.Name)
		}
	}
}
