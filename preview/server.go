// Package preview is `cardpress serve`: a page on 127.0.0.1 that shows a
// game's cards, reference sheet, box page, findings and simulation, and
// follows every save in the game folder (file watching and Server-Sent
// Events), and `cardpress watch`'s file watching.
//
// The server reads nothing from the file system on a request: every
// response is made from the loaded game (the page, its pictures, PDFs
// rendered in memory) or embedded in the binary (script and style), so no
// URL can reach a file, inside the game or outside it.
package preview

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render"
)

// Drawer draws the page's pictures with the PDF's own drawing code (a card
// side, the reference sheet, the box page), so the page cannot drift from
// what prints. Without one the page shows each card as an outline of its
// size with its text.
type Drawer interface {
	Card(doc *render.Document, card int, back bool) (image.Image, error)
	Reference(doc *render.Document) (image.Image, error)
	Box(doc *render.Document) (image.Image, error)
}

// Options configure a Server.
type Options struct {
	// Paths are what pipeline.Load reads: game folders, a file in one, or
	// folders of games. They are watched with their subfolders.
	Paths []string
	// Drawer draws the pictures; nil shows outlines.
	Drawer Drawer
	// Sim plays a game with an engine and returns its statistics table;
	// nil shows none. It runs in the background after each load, one game
	// at a time, and the page is told when a table is ready.
	Sim func(ctx context.Context, g *pipeline.LoadedGame) (string, error)
	// Render are the options of the PDFs the page links to.
	Render render.Options
	// Log gets a line per load (nil: none).
	Log io.Writer
	// Errors gets a line for each load or request that crashed (nil:
	// none): the page shows it too, and the server goes on.
	Errors io.Writer
	// MaxPages overrides the package's MaxPages when positive.
	MaxPages int
	// Debounce overrides the watch's quiet time when positive.
	Debounce time.Duration

	// BeforeLoad runs before each load (nil: nothing): serve brings in
	// the spreadsheets the games keep their cards in.
	BeforeLoad func()

	// load loads the games (tests make it crash); nil is pipeline.Load.
	load func(paths []string) ([]*pipeline.LoadedGame, []finding.Finding)
}

// Server holds the current load of the games and the pages watching it.
type Server struct {
	opt Options

	loadMu sync.Mutex // one load at a time, in order
	gen    int        // loads so far; guarded by loadMu

	mu      sync.Mutex
	snap    *snapshot
	prev    *snapshot // the load before, for pictures still being fetched
	version int64     // bumped on every change the page shows: a load, a table
	pages   []*page   // the open pages, oldest first
	sims    map[string]simState

	eventMu      sync.Mutex
	event        []byte // the content event of eventVersion, for every page
	eventVersion int64

	simWake chan struct{}
	images  *imageCache
	run     string // tells this run's versions from another's
}

// simState is the last table played for a game.
type simState struct {
	Text    string
	Err     string
	Gen     int  // the load it was played on
	Running bool // a newer one is being played
}

// New makes a server for o; Serve runs it.
func New(o Options) *Server {
	return &Server{
		opt:     o,
		sims:    map[string]simState{},
		simWake: make(chan struct{}, 1),
		images:  newImageCache(512, 256<<20),
		run:     strconv.FormatInt(time.Now().UnixNano(), 36),
	}
}

// versionID is a version as the page knows it.
func (s *Server) versionID(v int64) string { return s.run + "-" + strconv.FormatInt(v, 10) }

// Reload loads the games again and tells every open page.
func (s *Server) Reload() {
	s.loadMu.Lock()
	defer s.loadMu.Unlock()
	s.gen++
	if s.opt.BeforeLoad != nil {
		s.opt.BeforeLoad()
	}
	load := s.opt.load
	if load == nil {
		load = pipeline.Load
	}
	snap := build(s.opt.Paths, s.gen, s.opt.Drawer, load)
	s.mu.Lock()
	s.prev, s.snap = s.snap, snap
	s.mu.Unlock()
	s.changed()
	to := s.opt.Log
	if snap.failure != "" {
		to = s.opt.Errors // a crash
	}
	if to != nil {
		fmt.Fprintf(to, "%s loaded in %d ms: %s\n", snap.at.Format("15:04:05"), snap.took.Milliseconds(), counts(snap))
	}
	select {
	case s.simWake <- struct{}{}:
	default:
	}
}

func counts(snap *snapshot) string {
	if snap.failure != "" {
		return finding.Visible(snap.failure)
	}
	if snap.errors+snap.warnings == 0 {
		return "no problems"
	}
	return plural(snap.errors, "error") + ", " + plural(snap.warnings, "warning")
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// changed bumps the version and wakes every page's event stream.
func (s *Server) changed() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.version++
	for _, p := range s.pages {
		select {
		case p.wake <- struct{}{}:
		default: // already woken; it sends the latest version anyway
		}
	}
}

func (s *Server) current() (*snapshot, int64, map[string]simState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	sims := make(map[string]simState, len(s.sims))
	for k, v := range s.sims {
		sims[k] = v
	}
	return s.snap, s.version, sims
}

// Serve loads the games, watches their folders and answers on ln until ctx
// is done. Only requests whose Host names ln's address (or localhost with
// its port) are answered: a web page elsewhere cannot reach the server
// through a name it controls (DNS rebinding).
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	// Watched before the first load, so no save falls between the two.
	wait, err := Watch(ctx, WatchOptions{Roots: s.opt.Paths, Debounce: s.opt.Debounce}, s.Reload)
	if err != nil {
		return fmt.Errorf("watching %s: %w", strings.Join(s.opt.Paths, ", "), err)
	}
	// cancel first: the watch ends only when its context does.
	defer func() { cancel(); wait() }()
	s.Reload()
	if s.opt.Sim != nil {
		go s.simLoop(ctx)
	}
	if w, ok := s.opt.Drawer.(interface{ Warm() }); ok {
		go func() {
			defer s.survive("starting the rasteriser")
			w.Warm() // so the first pictures need not wait for it
		}()
	}
	srv := &http.Server{
		Handler:           s.Handler(AllowedHosts(ln.Addr())),
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case <-ctx.Done():
		// Close, not Shutdown: event streams never go idle.
		srv.Close()
		<-errc
		return nil
	case err := <-errc:
		return err
	}
}

// AllowedHosts are the Host headers a server listening on addr answers:
// its address and port, and localhost with the port.
func AllowedHosts(addr net.Addr) map[string]bool {
	hosts := map[string]bool{}
	tcp, ok := addr.(*net.TCPAddr)
	if !ok {
		hosts[strings.ToLower(addr.String())] = true
		return hosts
	}
	port := strconv.Itoa(tcp.Port)
	hosts[net.JoinHostPort(tcp.IP.String(), port)] = true
	hosts[net.JoinHostPort("localhost", port)] = true
	if tcp.IP.To4() == nil {
		hosts[net.JoinHostPort("ip6-localhost", port)] = true
	}
	return hosts
}

// Handler answers the page's requests, refusing other hosts and methods.
func (s *Server) Handler(hosts map[string]bool) http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.page)
	mux.HandleFunc("GET /content", s.content)
	mux.HandleFunc("GET /events", s.events)
	mux.HandleFunc("GET /app.js", static("app.js", "text/javascript; charset=utf-8"))
	mux.HandleFunc("GET /style.css", static("style.css", "text/css; charset=utf-8"))
	mux.HandleFunc("GET /img/{key}", s.picture)
	mux.HandleFunc("GET /pdf/{game}/{file}", s.pdf)
	return s.guard(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !hosts[strings.ToLower(r.Host)] {
			http.Error(w, "cardpress serve answers only its own address, not host "+strconv.Quote(r.Host)+" (protection against DNS rebinding)", http.StatusForbidden)
			return
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "the preview only reads", http.StatusMethodNotAllowed)
			return
		}
		h := w.Header()
		// Everything on the page is the server's own: no inline script,
		// no other origin, and the page cannot be framed.
		h.Set("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		h.Set("X-Content-Type-Options", "nosniff")
		h.Set("Referrer-Policy", "no-referrer")
		h.Set("Cross-Origin-Resource-Policy", "same-origin")
		mux.ServeHTTP(w, r)
	}))
}

func (s *Server) page(w http.ResponseWriter, r *http.Request) {
	s.writeTemplate(w, "page")
}

func (s *Server) content(w http.ResponseWriter, r *http.Request) {
	s.writeTemplate(w, "content")
}

func (s *Server) writeTemplate(w http.ResponseWriter, name string) {
	snap, version, sims := s.current()
	var buf bytes.Buffer
	if err := templates.ExecuteTemplate(&buf, name, s.pageData(snap, version, sims)); err != nil {
		http.Error(w, "drawing the page: "+err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Version", s.versionID(version))
	w.Write(buf.Bytes())
}

// events is the Server-Sent Events stream: the page's content at once,
// then again after each change, as one event whose id is the version; a
// page closed to keep the open ones within MaxPages gets a closed event.
// The content travels on this stream rather than being fetched: a browser
// opens at most six connections to a server, and pictures still being
// drawn could hold them all while a save waits.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	flusher, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-store")
	p := s.open()
	defer s.close(p)
	// A lost connection is retried after half a second.
	fmt.Fprint(w, "retry: 500\n\n")
	sent := int64(-1)
	send := func() bool {
		version, event := s.contentEvent()
		if version == sent {
			return true
		}
		if _, err := w.Write(event); err != nil {
			return false
		}
		flusher.Flush()
		sent = version
		return true
	}
	if !send() {
		return
	}
	keepAlive := time.NewTicker(15 * time.Second)
	defer keepAlive.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case <-p.closed:
			// The page stops retrying on this event (app.js), so it does
			// not close another in turn.
			w.Write(sseEvent("closed", "", s.closedMessage()))
			flusher.Flush()
			return
		case <-p.wake:
			if !send() {
				return
			}
		case <-keepAlive.C:
			if _, err := fmt.Fprint(w, ": still here\n\n"); err != nil {
				return
			}
			flusher.Flush()
		}
	}
}

// sseEvent is one Server-Sent Event: the data's lines each after "data: ".
// A CR is a line end there, so CR LF and CR become LF first.
func sseEvent(name, id string, data string) []byte {
	data = strings.ReplaceAll(strings.ReplaceAll(data, "\r\n", "\n"), "\r", "\n")
	var b bytes.Buffer
	if id != "" {
		fmt.Fprintf(&b, "id: %s\n", id)
	}
	fmt.Fprintf(&b, "event: %s\n", name)
	for line := range strings.SplitSeq(data, "\n") {
		b.WriteString("data: ")
		b.WriteString(line)
		b.WriteByte('\n')
	}
	b.WriteByte('\n')
	return b.Bytes()
}

// picture draws one picture the current (or previous) page links to.
// Pictures are named by their content, so one drawn before is served from
// the cache, and the browser may keep it.
func (s *Server) picture(w http.ResponseWriter, r *http.Request) {
	key, ok := strings.CutSuffix(r.PathValue("key"), ".png")
	if !ok {
		http.NotFound(w, r)
		return
	}
	data, ok := s.images.get(key)
	if !ok {
		s.mu.Lock()
		draw := s.snap.pictures[key]
		if draw == nil && s.prev != nil {
			draw = s.prev.pictures[key]
		}
		s.mu.Unlock()
		if draw == nil {
			http.NotFound(w, r)
			return
		}
		img, err := s.safeDraw(key, draw)
		if err != nil {
			http.Error(w, "drawing: "+err.Error(), http.StatusInternalServerError)
			return
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		data = buf.Bytes()
		s.images.put(key, data)
	}
	h := w.Header()
	h.Set("Content-Type", "image/png")
	h.Set("Cache-Control", "private, max-age=31536000, immutable")
	w.Write(data)
}

func (s *Server) safeDraw(key string, draw func() (image.Image, error)) (img image.Image, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = s.crashed("drawing picture "+key, r)
		}
	}()
	img, err = draw()
	if err == nil && img == nil {
		err = errors.New("nothing drawn")
	}
	return img, err
}

// pdf renders a game's print-and-play or reference PDF in memory, from the
// load the page shows.
func (s *Server) pdf(w http.ResponseWriter, r *http.Request) {
	snap, _, _ := s.current()
	var g *gameView
	for _, gv := range snap.games {
		if gv.ID == r.PathValue("game") && !gv.Broken {
			g = gv
		}
	}
	file := r.PathValue("file")
	if g == nil || (file != "pnp.pdf" && file != "reference.pdf") {
		http.NotFound(w, r)
		return
	}
	doc := pipeline.Document(g.game)
	opt := s.opt.Render
	var data []byte
	var err error
	if file == "pnp.pdf" {
		data, err = render.PnP(doc, opt)
	} else {
		data, err = render.ReferencePDF(doc, opt)
	}
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "application/pdf")
	h.Set("Content-Disposition", "inline")
	h.Set("Cache-Control", "no-store")
	w.Write(data)
}

// simLoop plays each game with an engine after every load, one at a time,
// and starts again when a newer load arrives while it plays.
func (s *Server) simLoop(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.simWake:
		}
		snap, _, _ := s.current()
		for _, g := range snap.games {
			if g.Broken || g.game.Engine == nil {
				continue
			}
			if now, _, _ := s.current(); now.gen != snap.gen || ctx.Err() != nil {
				break // the wake of the newer load plays that one
			}
			s.mu.Lock()
			st := s.sims[g.ID]
			st.Running = true
			s.sims[g.ID] = st
			s.mu.Unlock()
			s.changed()
			text, err := s.safeSim(ctx, g)
			if ctx.Err() != nil {
				return
			}
			st = simState{Text: text, Gen: snap.gen}
			if err != nil {
				st.Err = err.Error()
			}
			s.mu.Lock()
			s.sims[g.ID] = st
			s.mu.Unlock()
			s.changed()
		}
	}
}

func (s *Server) safeSim(ctx context.Context, g *gameView) (text string, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = s.crashed("the simulation of "+g.ID, r)
		}
	}()
	return s.opt.Sim(ctx, g.game)
}

// imageCache keeps drawn pictures by key, the oldest dropped first past
// max entries or bytes.
type imageCache struct {
	mu       sync.Mutex
	data     map[string][]byte
	order    []string
	max      int
	maxBytes int
	bytes    int
}

func newImageCache(max, maxBytes int) *imageCache {
	return &imageCache{data: map[string][]byte{}, max: max, maxBytes: maxBytes}
}

func (c *imageCache) get(key string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	d, ok := c.data[key]
	return d, ok
}

func (c *imageCache) put(key string, d []byte) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.data[key]; ok {
		return
	}
	c.data[key] = d
	c.order = append(c.order, key)
	c.bytes += len(d)
	for len(c.order) > 1 && (len(c.order) > c.max || c.bytes > c.maxBytes) {
		old := c.order[0]
		c.order = c.order[1:]
		c.bytes -= len(c.data[old])
		delete(c.data, old)
	}
}
