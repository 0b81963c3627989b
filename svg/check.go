package svg

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// What an element is to cardpress: drawn (by oksvg), structure it reads
// itself, or refused with a reason.
var (
	drawn     = set("g", "path", "rect", "circle", "ellipse", "line", "polyline", "polygon")
	structure = set("defs", "use", "clipPath", "linearGradient", "radialGradient", "stop", "style", "title", "desc", "metadata")
	textual   = set("text", "tspan", "textPath", "flowRoot", "flowPara", "flowRegion")
	embedding = set("image", "foreignObject", "feImage", "iframe", "video", "audio")
	// unsupported in properties: what oksvg would leave out unsaid.
	effects = []string{"mask", "filter", "marker", "marker-start", "marker-mid", "marker-end"}
)

func set(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// urlRef finds url(...) references in attribute values and CSS.
var urlRef = regexp.MustCompile(`url\(\s*['"]?([^'")]*)['"]?\s*\)`)

// check refuses what cannot be drawn faithfully or would reach outside
// the file, drops what is never drawn (hidden elements, editor data), and
// indexes elements by id.
func (d *Drawing) check(n *node, depth int) error {
	if err := d.checkAttrs(n); err != nil {
		return err
	}
	if id := n.attrs["id"]; id != "" {
		d.byID[id] = n
	}
	kept := n.kids[:0]
	for _, k := range n.kids {
		d.foldStyle(k)
		keep, err := d.checkElement(k, n.name == "defs")
		if err != nil {
			return err
		}
		if !keep {
			continue
		}
		if err := d.check(k, depth+1); err != nil {
			return err
		}
		kept = append(kept, k)
	}
	n.kids = kept
	return nil
}

// checkElement says whether k is kept, or why it is refused. Inside
// <defs> an element cardpress does not draw is dropped: it shows only
// where it is used, and a use of it is refused (checkAttrs).
func (d *Drawing) checkElement(k *node, inDefs bool) (bool, error) {
	switch {
	case hidden(k), k.name == "title", k.name == "desc", k.name == "metadata":
		return false, nil
	case drawn[k.name], structure[k.name]:
		return true, nil
	case inDefs:
		return false, nil
	case textual[k.name]:
		return false, fmt.Errorf("line %d holds text (<%s>), which cardpress does not draw from SVG: convert text to paths (Inkscape: Path > Object to Path; Illustrator: Type > Create Outlines)", k.line, k.name)
	case embedding[k.name] && k.attrs["href"] != "" && !strings.HasPrefix(k.attrs["href"], "data:"):
		return false, outside(k.line, k.attrs["href"])
	case embedding[k.name]:
		return false, fmt.Errorf("line %d embeds another picture or page (<%s>), which cardpress does not draw inside SVG: draw it in the layout as its own image element", k.line, k.name)
	}
	return false, fmt.Errorf("line %d draws <%s>, which cardpress cannot draw faithfully from SVG (it draws paths, shapes, strokes, gradients, transforms, clip paths and <use>): flatten it in your editor or export a PNG", k.line, k.name)
}

// hidden reports an element that is not drawn (an editor's hidden layer).
func hidden(n *node) bool {
	return n.attrs["display"] == "none" || n.attrs["visibility"] == "hidden" || n.attrs["visibility"] == "collapse"
}

// checkAttrs checks every reference and property of an element.
func (d *Drawing) checkAttrs(n *node) error {
	for _, k := range n.order {
		v, ok := n.attrs[k]
		if !ok {
			continue
		}
		if k == "href" && !strings.HasPrefix(v, "#") {
			return outside(n.line, v)
		}
		for _, m := range urlRef.FindAllStringSubmatch(v, -1) {
			if !strings.HasPrefix(m[1], "#") {
				return outside(n.line, m[1])
			}
		}
		for _, e := range effects {
			if k == e && v != "none" && v != "" {
				return fmt.Errorf("line %d applies a %s (%s), which cardpress cannot draw faithfully from SVG: flatten it in your editor or export a PNG", n.line, k, v)
			}
		}
		if k == "stroke-dasharray" {
			if err := d.checkDashes(n.line, v); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkDashes refuses dashes so short that a stroke would be cut into
// more than maxDashes pieces across the drawing.
func (d *Drawing) checkDashes(line int, v string) error {
	sum := 0.0
	for f := range strings.FieldsFuncSeq(v, func(r rune) bool { return r == ',' || r == ' ' }) {
		x, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil // "none", or something oksvg ignores
		}
		sum += max(x, 0)
	}
	if sum < max(d.W, d.H)/maxDashes {
		return fmt.Errorf("line %d: stroke-dasharray %q makes dashes too short to draw (under 1/%d of the drawing)", line, v, maxDashes)
	}
	return nil
}

// outside is the error of a reference to something outside the file.
func outside(line int, ref string) error {
	return fmt.Errorf("line %d refers to %q outside the drawing; cardpress never reads or fetches another file or address from an SVG: embed what it shows in the drawing", line, ref)
}
