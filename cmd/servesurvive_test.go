package cmd

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cardpress/cardpress/internal/testfont"
	"github.com/cardpress/cardpress/internal/testutil"
)

// The font that took the whole of serve down (a composite glyph that
// contains itself: a stack overflow, which no recover catches) is now a
// finding on the page at the line naming it, and the server goes on; when
// the game names its good font again, the cards come back.
func TestServeSurvivesAHostileFont(t *testing.T) {
	ws := fonticons(t)
	base := readFile(t, filepath.Join(ws, "fonticons", "fonts", "GoSmallcaps-Subset.ttf"))
	if err := os.WriteFile(filepath.Join(ws, "fonticons", "fonts", "Hostile.ttf"), testfont.SelfComposite(base, 'F'), 0o644); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join("fonticons", "game.yaml")
	testutil.Edit(t, ws, manifest, "fonts/GoSmallcaps-Subset.ttf", "fonts/Hostile.ttf")
	line, col := posOf(t, ws, manifest, "fonts/Hostile.ttf")
	url, _ := serveGame(t, filepath.Join(ws, "fonticons"), 0)

	want := fmt.Sprintf("game.yaml:%d:%d: error FONT_DAMAGED: font ", line, col)
	if body := httpGet(t, url+"content"); !strings.Contains(body, want) || !strings.Contains(body, "is made of itself (a composite glyph that contains itself)") {
		t.Fatalf("no %q on the page:\n%s", want, body)
	}
	testutil.Edit(t, ws, manifest, "fonts/Hostile.ttf", "fonts/GoSmallcaps-Subset.ttf")
	deadline := time.Now().Add(5 * time.Second)
	for body := ""; !strings.Contains(body, "Fruit Stall"); body = httpGet(t, url+"content") {
		if time.Now().After(deadline) {
			t.Fatalf("the cards did not come back:\n%s", body)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func httpGet(t *testing.T, url string) string {
	t.Helper()
	resp, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %s", url, resp.StatusCode, body)
	}
	return string(body)
}

// An open page in a real browser, closed because newer pages went past
// the limit, says so in its status bar and stays closed: it does not
// reconnect and close another page in turn.
func TestServeClosesTheOldestPageInTheBrowser(t *testing.T) {
	ctx := browser(t)
	ws := sprint(t)
	out := &testutil.LockedBuffer{}
	sctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	done := make(chan error, 1)
	go func() {
		done <- runServe(&serveOptions{IO: IO{Out: out, Err: out}, Path: filepath.Join(ws, "sprint"), Addr: "127.0.0.1",
			ctx: sctx, listening: func(url string) { urls <- url }, maxPages: 1})
	}()
	t.Cleanup(func() { cancel(); <-done })
	url := <-urls
	open(t, ctx, url)

	newer := openEvents(t, url)
	waitFor(t, ctx, pageHas("closed: more than 1 pages of cardpress serve were open, and the oldest is closed first; reload this page to open it again"), 5*time.Second)
	// Had the page reconnected, it would have closed the newer page.
	time.Sleep(time.Second) // twice its retry time
	if n := strings.Count(out.String(), "closed the oldest page"); n != 1 {
		t.Errorf("%d pages closed, want 1:\n%s", n, out)
	}
	select {
	case <-newer:
		t.Error("the newer page was closed")
	default:
	}
}

// openEvents opens an event stream as a page does; the channel is closed
// when the server ends it.
func openEvents(t *testing.T, url string) <-chan struct{} {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url+"events", nil)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		defer resp.Body.Close()
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(nil, 16<<20)
		for sc.Scan() {
		}
	}()
	return ended
}
