package cmd

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/cardpress/cardpress/internal/testutil"

	"github.com/chromedp/chromedp"
)

// chromiumMissing is the skip message; `make test` prints the same.
const chromiumMissing = "Chromium not found: the browser tests did not run; install chromium (apt-get install chromium) or run .ci/run"

// chromium is the browser the preview tests drive. Without one they skip
// on a developer's machine, saying so, and fail in CI, where .ci/run
// installs it, so a broken install cannot pass unseen.
func chromium(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	if os.Getenv("CI") != "" {
		t.Fatal(chromiumMissing + " (CI must run them: .ci/run installs it)")
	}
	fmt.Fprintln(os.Stderr, "\n*** "+chromiumMissing+" ***")
	t.Skip("SKIPPED — " + chromiumMissing)
	return ""
}

// browser opens a headless Chromium tab for the test.
func browser(t *testing.T) context.Context {
	t.Helper()
	path := chromium(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		// As root (CI's containers) Chromium refuses to start sandboxed.
		chromedp.NoSandbox,
		chromedp.Flag("disable-dev-shm-usage", true),
	)
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancelTab := chromedp.NewContext(alloc)
	ctx, cancelTime := context.WithTimeout(ctx, 60*time.Second)
	t.Cleanup(func() {
		cancelTime()
		cancelTab()
		cancelAlloc()
	})
	// Start the browser now, so its start-up is not counted in any wait.
	if err := chromedp.Do(ctx); err != nil {
		t.Fatalf("starting %s: %v", path, err)
	}
	return ctx
}

// serveGame runs `cardpress serve DIR --port 0` until the test ends and
// returns the page's URL.
func serveGame(t *testing.T, dir string, games int) (string, *testutil.LockedBuffer) {
	t.Helper()
	out := &testutil.LockedBuffer{}
	ctx, cancel := context.WithCancel(context.Background())
	urls := make(chan string, 1)
	opts := &serveOptions{IO: IO{Out: out, Err: out}, Path: dir, Addr: "127.0.0.1", Port: 0, Games: games,
		ctx: ctx, listening: func(url string) { urls <- url }}
	done := make(chan error, 1)
	go func() { done <- runServe(opts) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	select {
	case url := <-urls:
		return url, out
	case err := <-done:
		t.Fatalf("serve ended: %v\n%s", err, out)
	}
	return "", nil
}

// open loads the page and waits until its event stream is connected, so
// what follows measures the push of a save, not the page's start.
func open(t *testing.T, ctx context.Context, url string) {
	t.Helper()
	err := chromedp.Do(ctx,
		chromedp.Navigate(url),
		chromedp.Poll[chromedp.Void](`document.getElementById("live").classList.contains("ok")`, chromedp.WithPollingTimeout(10*time.Second)),
	)
	if err != nil {
		t.Fatalf("opening %s: %v", url, err)
	}
}

// waitFor polls the page every 10 ms until js is true and returns how long
// it took.
func waitFor(t *testing.T, ctx context.Context, js string, within time.Duration) time.Duration {
	t.Helper()
	start := time.Now()
	_, err := chromedp.Run(ctx, chromedp.Poll[bool](js, chromedp.WithPollingInterval(10*time.Millisecond), chromedp.WithPollingTimeout(within)))
	if err != nil {
		text, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body.innerText`))
		t.Fatalf("%s never held within %v (%v); the page says:\n%s", js, within, err, text)
	}
	return time.Since(start)
}

func pageHas(text string) string {
	return fmt.Sprintf(`document.body.innerText.includes(%q)`, text)
}

// sprintOnAPage serves a copy of the sprint game and opens its page in a
// browser, its cards shown; it returns the browser and the workspace.
func sprintOnAPage(t *testing.T) (context.Context, string) {
	t.Helper()
	ctx := browser(t)
	ws := sprint(t)
	url, _ := serveGame(t, filepath.Join(ws, "sprint"), 0)
	open(t, ctx, url)
	waitFor(t, ctx, pageHas("Tortoise"), 5*time.Second)
	return ctx, ws
}

// The test: with serve running on a copy of a game, a new card
// name in its YAML is on the open page within a second of the write.
func TestServeShowsASavedCardNameWithinASecond(t *testing.T) {
	ctx, ws := sprintOnAPage(t)

	written := time.Now()
	edit(t, ws, "sprint/cards.yaml", "name: Tortoise", "name: Armoured Tortoise")
	waitFor(t, ctx, pageHas("Armoured Tortoise"), 5*time.Second)
	took := time.Since(written)
	t.Logf("the new name showed %v after the write", took.Round(time.Millisecond))
	if took > time.Second {
		t.Errorf("the new name showed %v after the write, more than a second", took)
	}
	// The page was updated in place, not reloaded: the old name is gone
	// from the very same document.
	if loads, err := chromedp.Run(ctx, chromedp.Evaluate[int](`performance.getEntriesByType("navigation").length`)); err != nil || loads != 1 {
		t.Errorf("navigations: %d (%v)", loads, err)
	}
	if cards, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("figure.card").length`)); err != nil || cards != 3 {
		t.Errorf("%d cards on the page (%v), want sprint's 3", cards, err)
	}
	// Every side is a picture the browser could load: the card rasterised
	// from its PDF, a 63×88 mm poker card at 150 dpi.
	waitFor(t, ctx, `[...document.querySelectorAll("figure.card img")].every(i => i.complete && i.naturalWidth == 372 && i.naturalHeight == 520)`+
		` && document.querySelectorAll("figure.card img").length == 6`, 20*time.Second)
}

// Breaking the YAML shows the error with its file and line in place of the
// cards; fixing it brings them back.
func TestServeShowsABrokenFilesErrorInsteadOfTheCards(t *testing.T) {
	ctx, ws := sprintOnAPage(t)

	line := edit(t, ws, "sprint/cards.yaml", "    points: 3\n", "    points: [3\n")
	want := fmt.Sprintf("cards.yaml:%d:", line)
	took := waitFor(t, ctx, pageHas(want)+` && document.body.innerText.includes("YAML_SYNTAX")`, 5*time.Second)
	t.Logf("the error showed %v after the write", took.Round(time.Millisecond))
	if cards, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("figure.card").length`)); err != nil || cards != 0 {
		t.Errorf("%d cards still shown beside the error (%v)", cards, err)
	}
	waitFor(t, ctx, pageHas("has errors"), time.Second)

	edit(t, ws, "sprint/cards.yaml", "    points: [3\n", "    points: 3\n")
	waitFor(t, ctx, `document.querySelectorAll("figure.card").length == 3 && !document.body.innerText.includes("YAML_SYNTAX")`, 5*time.Second)
}

// A game with an engine gets its sim table, played in the background and
// pushed to the open page when ready; the reference sheet and the box page
// are pictures of their PDF pages.
func TestServeShowsTheSimTableAndTheSheets(t *testing.T) {
	ctx := browser(t)
	ws := testutil.CopyGame(t, "heat")
	url, _ := serveGame(t, filepath.Join(ws, "cards", "heat"), 20)
	open(t, ctx, url)
	waitFor(t, ctx, pageHas("First National Job"), 5*time.Second)
	waitFor(t, ctx, pageHas("heat: 20 games per player count")+" && "+pageHas("seat 5 wins (95%)"), 20*time.Second)

	// A4 at 96 dpi, each loaded by the browser.
	waitFor(t, ctx, `[...document.querySelectorAll("img.page")].every(i => i.complete && i.naturalWidth == 794 && i.naturalHeight == 1123)`+
		` && document.querySelectorAll("img.page").length == 2`, 20*time.Second)
	src, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`[...document.querySelectorAll("img.page")].map(i => i.src)`))
	if err != nil {
		t.Fatal(err)
	}
	ink := make([]int, len(src))
	for i, u := range src {
		resp, err := http.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(resp.Body)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("%s: %v", u, err)
		}
		ink[i] = inked(img)
	}
	// The reference sheet is a full page of text; the box page a short list.
	if ref, box := ink[0], ink[1]; box == 0 || box > ref/2 {
		t.Errorf("inked pixels: reference sheet %d, box page %d", ref, box)
	}
}

// inked counts the pixels that are not white.
func inked(img image.Image) int {
	n := 0
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if r, g, bl, _ := img.At(x, y).RGBA(); r&g&bl < 0xf000 {
				n++
			}
		}
	}
	return n
}

func TestServeRefusesAnAddressOtherMachinesReach(t *testing.T) {
	for _, addr := range []string{"0.0.0.0", "192.168.1.10", "::", "example.com", ""} {
		code, _, errOut := run(t, repoRoot, "serve", "cards/heat", "--addr", addr, "--port", "0")
		if code != ExitUsage || !strings.Contains(errOut, "loopback address only") {
			t.Errorf("--addr %q: exit %d, %s", addr, code, errOut)
		}
	}
	for _, args := range [][]string{{"--port", "-1"}, {"--port", "70000"}, {"--games", "-1"}, {"a", "b"}} {
		if code, _, errOut := run(t, repoRoot, append([]string{"serve", "cards/heat"}, args...)...); code != ExitUsage {
			t.Errorf("%v: exit %d, %s", args, code, errOut)
		}
	}
	if code, _, errOut := run(t, repoRoot, "serve", "no/such/game", "--port", "0"); code != ExitUsage || !strings.Contains(errOut, "no such file or folder") {
		t.Errorf("missing game: exit %d, %s", code, errOut)
	}
}
