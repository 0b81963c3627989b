package cmd

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/cardpress/cardpress/finding"
)

// progress draws a one-line bar with rate and ETA on a terminal's stderr.
// It is nil (and every method a no-op) when stderr is not a terminal or CI
// is set, so logs and pipes never see it.
type progress struct {
	w      io.Writer
	total  int64
	done   atomic.Int64
	start  time.Time
	now    func() time.Time
	mu     sync.Mutex
	last   time.Time
	drawn  bool
	every  time.Duration
	prefix string
	// unit names the steps ("games" unless counting says otherwise);
	// batch+1 is how many steps pass between redraw checks, a power of
	// two: 1024 for games, which take microseconds, 1 for slow steps.
	unit  string
	batch int64
}

// counting names the steps unit and checks for a redraw after every
// one: for steps that take milliseconds, such as card images. Nil-safe.
func (p *progress) counting(unit string) *progress {
	if p != nil {
		p.unit, p.batch = unit, 0
	}
	return p
}

// newProgress returns a bar for total steps (0: a count without a bar) on
// s.Err, or nil when the environment says not to draw one (Env.Progress).
func (s IO) newProgress(prefix string, total int64) *progress {
	if !s.Env.Progress {
		return nil
	}
	return startProgress(s.Err, prefix, total, time.Now)
}

func startProgress(w io.Writer, prefix string, total int64, now func() time.Time) *progress {
	return &progress{w: w, total: total, now: now, start: now(), every: 100 * time.Millisecond, prefix: finding.Visible(prefix), unit: "games", batch: 1023}
}

func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// add counts n steps done; safe from many goroutines.
func (p *progress) add(n int64) {
	if p == nil {
		return
	}
	d := p.done.Add(n)
	// Redraw only every 1024 steps (and at the end) at most, and then only
	// when p.every has passed: the bar must not slow the games down.
	if d&p.batch != 0 && (p.total <= 0 || d < p.total) {
		return
	}
	t := p.now()
	p.mu.Lock()
	defer p.mu.Unlock()
	if t.Sub(p.last) < p.every && (p.total <= 0 || d < p.total) {
		return
	}
	p.last = t
	fmt.Fprint(p.w, "\r"+p.line(d, t.Sub(p.start)))
	p.drawn = true
}

// finish clears the bar.
func (p *progress) finish() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.drawn {
		fmt.Fprint(p.w, "\r\033[K")
	}
}

// line is the bar: prefix [#####-----] 50% 5000/10000 games, 2.1k/s, ETA 2s.
func (p *progress) line(done int64, elapsed time.Duration) string {
	const width = 24
	rate := 0.0
	if elapsed > 0 {
		rate = float64(done) / elapsed.Seconds()
	}
	if p.total <= 0 { // an open-ended count: no bar, no ETA
		return fmt.Sprintf("%s %d %s, %s/s", p.prefix, done, p.unit, short(rate))
	}
	frac := 1.0
	if p.total > 0 {
		frac = min(1, float64(done)/float64(p.total))
	}
	bar := strings.Repeat("#", int(frac*width)) + strings.Repeat("-", width-int(frac*width))
	eta := "?"
	if rate > 0 {
		eta = time.Duration(float64(p.total-done) / rate * float64(time.Second)).Round(time.Second).String()
	}
	return fmt.Sprintf("%s [%s] %3.0f%% %d/%d %s, %s/s, ETA %s", p.prefix, bar, 100*frac, done, p.total, p.unit, short(rate), eta)
}

func short(x float64) string {
	switch {
	case x >= 1e6:
		return fmt.Sprintf("%.1fM", x/1e6)
	case x >= 1e3:
		return fmt.Sprintf("%.1fk", x/1e3)
	}
	return fmt.Sprintf("%.0f", x)
}
