// Package svg reads SVG drawings (art, icons, frames, backs) and gives
// them as shapes a PDF draws as vectors (Vector), or draws them into
// pixels at the size they print at (Draw). Drawings come from pull requests:
// everything here is bounded (file size, elements, nesting, pixels), XML
// entities are refused, and a reference to anything outside the file is
// refused, never followed.
//
// Drawing is done by oksvg and rasterx (docs/rendering.md#svg says why).
// They draw paths, shapes, strokes, dashes, transforms, linear and radial
// gradients and CSS classes; what they leave out this package either does
// itself (clip paths, fill rules, <use>, gradients that borrow another's
// stops, gradients into pixels, a group's opacity as one layer) or
// refuses with a message naming the element and its line, so a drawing is
// never printed with a part silently missing.
package svg

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
)

// Limits on one drawing. A card's art is a few hundred kilobytes at most,
// and an exported icon set's largest drawing a few thousand elements.
const (
	// MaxBytes is the largest SVG file read.
	MaxBytes = 4 << 20
	// MaxElements bounds the elements of a drawing once every <use> is
	// copied out: a chain of uses cannot multiply it without end.
	MaxElements = 50_000
	// MaxDepth bounds how deeply elements nest.
	MaxDepth = 64
	// MaxPixels bounds what one drawing is drawn into: 8 million pixels
	// (32 MiB) is a 24 × 24 cm picture at 300 dpi, where a tarot card's
	// background with the most bleed takes under 2 million.
	MaxPixels = 8_000_000
	// MaxClipNesting bounds clip paths inside clipped elements and
	// groups with opacity drawn in layers of their own, counted together:
	// each holds one or two pictures of the drawing's size while it is
	// drawn.
	MaxClipNesting = 4
	// MaxVectorSegments bounds the path segments of a drawing written
	// into a PDF as paths: they are written again wherever it is shown
	// (about 1.5 µs and a few bytes each), where a picture is made once;
	// a game-icons.net icon has a few hundred.
	MaxVectorSegments = 1_000
	// maxDashes bounds the dashes of a stroke relative to the drawing's
	// size: a dash a millionth of it long would cost millions of segments.
	maxDashes = 10_000
)

// ErrTooLarge is wrapped by the error of a file over MaxBytes.
var ErrTooLarge = errors.New("too large")

const (
	svgNS   = "http://www.w3.org/2000/svg"
	xlinkNS = "http://www.w3.org/1999/xlink"
)

// node is one SVG element as read, in SVG's namespace.
type node struct {
	name  string
	attrs map[string]string // by local name; foreign-namespace attributes dropped
	order []string          // attribute names in the file's order
	kids  []*node
	text  string // a <style>'s rules
	line  int
	clip  *node // the clipPath its clip-path names
	// layered: it has an opacity that must be laid over what is under
	// it as one layer, its own shapes drawn on each other first (they
	// overlap; see markLayers).
	layered bool
	// apart: it or an element inside it is clipped or layered, so it
	// cannot be drawn in one piece with its neighbours.
	apart bool
}

// Drawing is a checked SVG file, ready to draw at any size.
type Drawing struct {
	// W and H are its size in its own units (the viewBox's, else width
	// and height): the shape it prints in.
	W, H   float64
	x, y   float64 // the viewBox's origin
	root   *node
	defs   []*node // gradients and styles, written into every piece drawn
	byID   map[string]*node
	counts int
	path   int // bytes of path data, <use> copies included
	css    []cssRule
	work   work // what the last Draw did
	clips  int  // clip paths being drawn inside each other
	scan   *scanner
	// evenOdd: some element has fill-rule or clip-rule evenodd.
	evenOdd   bool
	layerRead int // bytes markLayers has had oksvg read
}

// Parse reads and checks an SVG file. Its error is a sentence fit for a
// finding, naming the line in the SVG where the problem is.
func Parse(data []byte) (d *Drawing, err error) {
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("%w: %d bytes, over the limit of %d MiB for a drawing", ErrTooLarge, len(data), MaxBytes>>20)
	}
	d = &Drawing{byID: map[string]*node{}}
	if d.root, err = d.read(data); err != nil {
		return nil, err
	}
	if err := d.size(); err != nil {
		return nil, err
	}
	d.foldStyle(d.root)
	if err := d.check(d.root, 0); err != nil {
		return nil, err
	}
	if d.root.kids, err = d.expand(d.root.kids, 0); err != nil {
		return nil, err
	}
	if err := d.resolve(d.root); err != nil {
		return nil, err
	}
	d.collectDefs(d.root)
	for _, k := range d.root.kids {
		d.markLayers(k)
	}
	return d, nil
}

// read builds the element tree, refusing entities and bounding size and
// nesting as it goes.
func (d *Drawing) read(data []byte) (*node, error) {
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.Strict = true
	var stack []*node
	var root *node
	skip := 0 // depth inside an element of another namespace (editor data)
	for {
		line, _ := dec.InputPos()
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("is not well-formed XML: %v", err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			if bytes.Contains(bytes.ToUpper(t), []byte("ENTITY")) {
				return nil, fmt.Errorf("line %d declares XML entities (<!ENTITY>), which cardpress refuses (one can expand to gigabytes, or name another file); save the drawing as plain SVG", line)
			}
		case xml.StartElement:
			if skip > 0 || (t.Name.Space != svgNS && t.Name.Space != "") {
				skip++
				continue
			}
			if len(stack) >= MaxDepth {
				return nil, fmt.Errorf("line %d: elements nest more than %d deep", line, MaxDepth)
			}
			if d.counts++; d.counts > MaxElements {
				return nil, fmt.Errorf("has more than %d elements", MaxElements)
			}
			n := &node{name: t.Name.Local, attrs: map[string]string{}, line: line}
			for _, a := range t.Attr {
				if a.Name.Space != "" && a.Name.Space != svgNS && a.Name.Space != xlinkNS || a.Name.Local == "xmlns" {
					continue
				}
				if _, dup := n.attrs[a.Name.Local]; !dup {
					n.order = append(n.order, a.Name.Local)
				}
				n.attrs[a.Name.Local] = a.Value
			}
			if len(stack) == 0 {
				if root != nil || n.name != "svg" {
					return nil, fmt.Errorf("line %d: an SVG file holds one <svg> element, not <%s>", line, n.name)
				}
				root = n
			} else {
				top := stack[len(stack)-1]
				top.kids = append(top.kids, n)
			}
			stack = append(stack, n)
		case xml.EndElement:
			if skip > 0 {
				skip--
				continue
			}
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if skip == 0 && len(stack) > 0 && stack[len(stack)-1].name == "style" {
				rules, err := parseCSS(string(t), line)
				if err != nil {
					return nil, err
				}
				d.css = append(d.css, rules...)
			}
		}
	}
	if root == nil {
		return nil, fmt.Errorf("has no <svg> element")
	}
	return root, nil
}

// size reads the drawing's size and origin from its root.
func (d *Drawing) size() error {
	r := d.root
	if vb := strings.Fields(strings.ReplaceAll(r.attrs["viewBox"], ",", " ")); len(vb) == 4 {
		var v [4]float64
		for i, s := range vb {
			f, err := strconv.ParseFloat(s, 64)
			if err != nil {
				return fmt.Errorf("line %d: viewBox %q is not four numbers", r.line, r.attrs["viewBox"])
			}
			v[i] = f
		}
		d.x, d.y, d.W, d.H = v[0], v[1], v[2], v[3]
	} else {
		d.W, d.H = length(r.attrs["width"]), length(r.attrs["height"])
	}
	ok := func(f float64) bool { return f > 0 && f < 1e9 && !math.IsInf(f, 0) }
	if !ok(d.W) || !ok(d.H) || math.IsNaN(d.x+d.y) || math.Abs(d.x)+math.Abs(d.y) > 1e9 {
		return fmt.Errorf("line %d: the drawing has no size: give the <svg> element a viewBox (or width and height) of positive numbers", r.line)
	}
	if d.W/d.H > 1000 || d.H/d.W > 1000 {
		return fmt.Errorf("line %d: the drawing is %g × %g, more than 1000 times as long as it is wide", r.line, d.W, d.H)
	}
	return nil
}

// length is a width or height attribute's number, its unit dropped (both
// use one unit, so their ratio is the drawing's shape).
func length(s string) float64 {
	s = strings.TrimSpace(s)
	end := strings.LastIndexAny(s, "0123456789.") + 1
	f, err := strconv.ParseFloat(s[:end], 64)
	if err != nil || strings.HasSuffix(s, "%") {
		return 0
	}
	return f
}
