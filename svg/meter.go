package svg

import (
	"errors"
	"fmt"
	"image"

	"github.com/srwiley/rasterx"
	"golang.org/x/image/math/fixed"
)

// Drawing's work is bounded where it is done: rasterx fills each shape
// over its bounding box, and draws each curve and dash as lines, so the
// pixels of every box filled and the lines drawn are counted as they
// come, and a drawing that goes over either budget is stopped.
const (
	// MaxPainted is the most pixels one drawing fills, all its shapes'
	// boxes together, clip paths' masks included: about a second's work.
	MaxPainted = 400_000_000
	// MaxLines is the most line segments one drawing is drawn with,
	// curves and dashes cut into lines included.
	MaxLines = 4_000_000
	// maxPathBytes bounds the path data of a drawing once its <use>
	// elements are copied out.
	maxPathBytes = 32 << 20
)

// ErrTooCostly is wrapped by the error of a drawing over a work budget.
var ErrTooCostly = errors.New("too costly to draw")

// work is what one Draw has done so far.
type work struct {
	painted, lines int64
	maxPainted     int64 // MaxPainted, but in tests
}

func (w *work) over() error {
	switch {
	case w.painted > w.maxPainted:
		return fmt.Errorf("%w: its shapes cover more than %d million pixels together at this size; simplify it (fewer, smaller shapes) or export a PNG", ErrTooCostly, w.maxPainted/1_000_000)
	case w.lines > MaxLines:
		return fmt.Errorf("%w: it takes more than %d million line segments (curves and dashes included); simplify it or export a PNG", ErrTooCostly, MaxLines/1_000_000)
	}
	return nil
}

// meter is a rasterx scanner that counts the work before doing it.
type meter struct {
	rasterx.Scanner
	w      *work
	bounds image.Rectangle
}

// stop carries a budget's error out of rasterx, whose calls return none.
type stop struct{ err error }

func (m meter) Line(b fixed.Point26_6) {
	if m.w.lines++; m.w.lines > MaxLines {
		panic(stop{m.w.over()})
	}
	m.Scanner.Line(b)
}

func (m meter) Draw() {
	e := m.GetPathExtent()
	box := image.Rect(e.Min.X.Floor(), e.Min.Y.Floor(), e.Max.X.Ceil(), e.Max.Y.Ceil()).Intersect(m.bounds)
	m.w.painted += int64(box.Dx()) * int64(box.Dy())
	if err := m.w.over(); err != nil {
		panic(stop{err})
	}
	m.Scanner.Draw()
}
