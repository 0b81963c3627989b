package preview

import (
	"context"
	"image"
	"image/color"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/render"
)

// start serves a copy of HEAT on a free port and returns the workspace and
// the page's base URL. The server stops when the test ends.
func start(t *testing.T, o Options) (ws, base string) {
	t.Helper()
	ws = testutil.CopyGame(t, "heat")
	o.Paths = []string{filepath.Join(ws, "cards", "heat")}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- New(o).Serve(ctx, ln) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Serve: %v", err)
		}
	})
	return ws, "http://" + ln.Addr().String()
}

func get(t *testing.T, url, host string) (int, string) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

func TestOnlyItsOwnHostIsAnswered(t *testing.T) {
	_, base := start(t, Options{})
	port := base[strings.LastIndex(base, ":")+1:]
	for host, want := range map[string]int{
		"":                                   http.StatusOK, // the address itself
		"localhost:" + port:                  http.StatusOK,
		"LOCALHOST:" + port:                  http.StatusOK,
		"attacker.example:" + port:           http.StatusForbidden, // DNS rebinding: the attacker's name, our address
		"attacker.example":                   http.StatusForbidden,
		"localhost":                          http.StatusForbidden, // another port is another server
		"127.0.0.1:1":                        http.StatusForbidden,
		"localhost.attacker.example:" + port: http.StatusForbidden,
	} {
		code, body := get(t, base+"/", host)
		if code != want {
			t.Errorf("Host %q: status %d, want %d", host, code, want)
		}
		if want == http.StatusForbidden && strings.Contains(body, "HEAT") {
			t.Errorf("Host %q: the page was sent", host)
		}
	}
	resp, err := http.Post(base+"/", "text/plain", strings.NewReader("x"))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusMethodNotAllowed {
		t.Errorf("POST: status %d, want 405", resp.StatusCode)
	}
}

func TestNoFileIsServed(t *testing.T) {
	ws, base := start(t, Options{})
	secret := filepath.Join(ws, "secret.txt")
	if err := os.WriteFile(secret, []byte("TOP SECRET"), 0o644); err != nil {
		t.Fatal(err)
	}
	game, _ := os.ReadFile(filepath.Join(ws, "cards", "heat", "game.yaml"))
	for _, path := range []string{
		"/game.yaml", "/cards.yaml", "/cards/heat/game.yaml", "/secret.txt", "/../secret.txt",
		"/%2e%2e/secret.txt", "/img/..%2fgame.yaml", "/img/game.yaml", "/pdf/heat/game.yaml",
		"/pdf/heat/..%2f..%2fsecret.txt", "/pdf/..%2fsecret.txt/pnp.pdf", "/etc/passwd", "/assets/page.html",
	} {
		code, body := get(t, base+path, "")
		if code == http.StatusOK || strings.Contains(body, "TOP SECRET") || strings.Contains(body, string(game[:40])) {
			t.Errorf("GET %s: status %d, body %.80q", path, code, body)
		}
	}
	// What the page does use is there.
	for _, path := range []string{"/", "/content", "/app.js", "/style.css", "/pdf/heat/pnp.pdf", "/pdf/heat/reference.pdf"} {
		if code, _ := get(t, base+path, ""); code != http.StatusOK {
			t.Errorf("GET %s: status %d", path, code)
		}
	}
}

// event is one Server-Sent Event as a page sees it.
type event struct{ ID, Name, Data string }

// events reads the events a page would see on /events.
func events(t *testing.T, base string) <-chan event { return openStream(t, base).events }

func next(t *testing.T, ch <-chan event, within time.Duration) event {
	t.Helper()
	select {
	case e := <-ch:
		if e.Name != "content" {
			t.Fatalf("event %q", e.Name)
		}
		return e
	case <-time.After(within):
		t.Fatalf("no event within %v", within)
	}
	return event{}
}

func TestASavePushesTheNewContent(t *testing.T) {
	ws, base := start(t, Options{})
	ch := events(t, base)
	first := next(t, ch, 5*time.Second)
	_, page := get(t, base+"/", "")
	if !strings.Contains(first.Data, "First National Job") || !strings.Contains(page, `data-version="`+first.ID+`"`) {
		t.Fatalf("the first event (%s) is not the page's content", first.ID)
	}
	written := time.Now()
	testutil.Edit(t, ws, "cards/heat/cards.yaml", "name: First National Job", "name: Second National Job")
	e := next(t, ch, 2*time.Second)
	took := time.Since(written)
	if e.ID == first.ID {
		t.Fatalf("the version stayed %s", e.ID)
	}
	if took > time.Second {
		t.Errorf("the page got the save %v after it, more than a second", took)
	}
	if !strings.Contains(e.Data, "Second National Job") || strings.Contains(e.Data, "First National Job") {
		t.Error("the new name is not in the content sent")
	}
	if _, body := get(t, base+"/content", ""); !strings.Contains(body, "Second National Job") {
		t.Error("the new name is not on the page")
	}
}

func TestABrokenFileShowsItsErrorsInsteadOfTheCards(t *testing.T) {
	ws, base := start(t, Options{})
	ch := events(t, base)
	next(t, ch, 5*time.Second)
	line := testutil.Edit(t, ws, "cards/heat/cards.yaml", "name: First National Job", "name: [First National Job")
	body := next(t, ch, 2*time.Second).Data
	want := regexp.MustCompile(`cards\.yaml:` + strconv.Itoa(line) + `:\d+: error YAML_SYNTAX`)
	if !want.MatchString(body) {
		t.Errorf("no YAML_SYNTAX finding at cards.yaml:%d in\n%s", line, body)
	}
	if strings.Contains(body, `class="card"`) || !strings.Contains(body, `class="broken"`) {
		t.Error("the cards of the broken game are still shown")
	}
	// Fixed, the cards are back.
	testutil.Edit(t, ws, "cards/heat/cards.yaml", "name: [First National Job", "name: First National Job")
	if body := next(t, ch, 2*time.Second).Data; !strings.Contains(body, `class="card"`) || strings.Contains(body, "YAML_SYNTAX") {
		t.Error("the cards did not come back after the fix")
	}
}

func TestEventDataKeepsEveryLine(t *testing.T) {
	got := string(sseEvent("content", "r-3", "a\r\nb\rc\n\nd"))
	want := "id: r-3\nevent: content\ndata: a\ndata: b\ndata: c\ndata: \ndata: d\n\n"
	if got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// fakeDrawer draws each picture as a 2×3 image and counts its calls.
type fakeDrawer struct{ calls atomic.Int64 }

func (f *fakeDrawer) draw() (image.Image, error) {
	f.calls.Add(1)
	img := image.NewRGBA(image.Rect(0, 0, 2, 3))
	img.Set(0, 0, color.Black)
	return img, nil
}

func (f *fakeDrawer) Card(*render.Document, int, bool) (image.Image, error) { return f.draw() }
func (f *fakeDrawer) Reference(*render.Document) (image.Image, error)       { return f.draw() }
func (f *fakeDrawer) Box(*render.Document) (image.Image, error)             { return f.draw() }

var imgSrc = regexp.MustCompile(`src="(/img/[0-9a-f]+\.png)" alt="front of ([^"]+)"`)

// Pictures are named by what they show: a save that changes one card
// changes only that card's picture, and the others are not drawn again.
func TestPicturesAreDrawnOncePerContent(t *testing.T) {
	d := &fakeDrawer{}
	ws, base := start(t, Options{Drawer: d})
	ch := events(t, base)
	next(t, ch, 5*time.Second)
	_, body := get(t, base+"/content", "")
	before := map[string]string{}
	for _, m := range imgSrc.FindAllStringSubmatch(body, -1) {
		before[m[2]] = m[1]
		code, png := get(t, base+m[1], "")
		if code != http.StatusOK || !strings.HasPrefix(png, "\x89PNG") {
			t.Fatalf("GET %s: %d %.20q", m[1], code, png)
		}
	}
	if len(before) < 10 {
		t.Fatalf("only %d card pictures on the page", len(before))
	}
	drawn := d.calls.Load()
	testutil.Edit(t, ws, "cards/heat/cards.yaml", "name: First National Job", "name: Second National Job")
	next(t, ch, 2*time.Second)
	_, body = get(t, base+"/content", "")
	changed := 0
	for _, m := range imgSrc.FindAllStringSubmatch(body, -1) {
		old, ok := before[m[2]]
		switch {
		case m[2] == "Second National Job":
			changed++
		case !ok || old != m[1]:
			t.Errorf("%s: picture %s became %s though the card did not change", m[2], old, m[1])
		}
		get(t, base+m[1], "")
	}
	if changed != 1 {
		t.Errorf("%d pictures of the renamed card", changed)
	}
	if n := d.calls.Load() - drawn; n != 1 {
		t.Errorf("%d pictures drawn again after renaming one card, want 1", n)
	}
}

func TestWatchTakesABurstOfWritesAsOneSave(t *testing.T) {
	dir := t.TempDir()
	var mu sync.Mutex
	calls := 0
	called := make(chan struct{}, 16)
	ctx, cancel := context.WithCancel(context.Background())
	wait, err := Watch(ctx, WatchOptions{Roots: []string{dir}}, func() {
		mu.Lock()
		calls++
		mu.Unlock()
		called <- struct{}{}
	})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); wait() }()
	for i := range 10 {
		if err := os.WriteFile(filepath.Join(dir, "a.yaml"), []byte(strings.Repeat("x", i)), 0o644); err != nil {
			t.Fatal(err)
		}
		time.Sleep(5 * time.Millisecond)
	}
	<-called
	time.Sleep(3 * Debounce)
	mu.Lock()
	if calls != 1 {
		t.Errorf("%d calls for one burst of writes", calls)
	}
	mu.Unlock()
	// A folder made after the watch began is watched too.
	sub := filepath.Join(dir, "art")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	<-called
	time.Sleep(3 * Debounce)
	if err := os.WriteFile(filepath.Join(sub, "b.yaml"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case <-called:
	case <-time.After(2 * time.Second):
		t.Error("a write in a new subfolder was not seen")
	}
}

func TestWatchSkipsWhatItIsTold(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	called := make(chan struct{}, 16)
	ctx, cancel := context.WithCancel(context.Background())
	wait, err := Watch(ctx, WatchOptions{Roots: []string{dir}, Skip: func(abs string) bool {
		return abs == out || strings.HasPrefix(abs, out+string(filepath.Separator))
	}}, func() { called <- struct{}{} })
	if err != nil {
		t.Fatal(err)
	}
	defer func() { cancel(); wait() }()
	if err := os.WriteFile(filepath.Join(out, "x.pdf"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	select {
	case <-called:
		t.Error("a write in a skipped folder counted as a save")
	case <-time.After(3 * Debounce):
	}
}
