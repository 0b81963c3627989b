package render

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/gamedata"
	"github.com/cardpress/cardpress/internal/testart"
	"github.com/cardpress/cardpress/render/pdftest"
)

// op is one operator of a content stream with the numbers before it.
type op struct {
	name string
	args []float64
}

// ops reads a content stream's operators; names (/GS1) and text are not
// numbers, so they come out as operators of their own and are skipped by
// what the tests look for.
func ops(content string) []op {
	var out []op
	var args []float64
	for _, tok := range strings.Fields(content) {
		if v, err := strconv.ParseFloat(tok, 64); err == nil {
			args = append(args, v)
			continue
		}
		out = append(out, op{tok, args})
		args = nil
	}
	return out
}

// shapeCard draws card c of a one-element layout alone (no bleed) and
// returns its page's content stream.
func shapeCard(t *testing.T, el gamedata.Element, c CardFace) string {
	t.Helper()
	doc := smallDoc()
	doc.Layout = gamedata.Layout{Front: gamedata.Front{Elements: []gamedata.Element{el}}}
	c.Copies = 1
	doc.Cards = []CardFace{c}
	data, err := CardPDF(doc, 0, false, Options{})
	if err != nil {
		t.Fatal(err)
	}
	return pdftest.Content(t, pdftest.Read(t, data), 1)
}

// shapeOps is the operators a one-element layout draws between the
// face's clip to the trim ("re W n") and its end (the last "Q"): the
// element's own.
func shapeOps(t *testing.T, el gamedata.Element) []op {
	t.Helper()
	all := ops(shapeCard(t, el, CardFace{ID: "c", Fields: map[string]string{}}))
	end := len(all) - 1
	for end > 0 && all[end].name != "Q" {
		end--
	}
	for i := 1; i < end; i++ {
		if all[i-1].name == "W" && all[i].name == "n" {
			return all[i+1 : end]
		}
	}
	t.Fatalf("no clip to the trim in %v", all)
	return nil
}

// names is the operators' names, without their numbers.
func names(os []op) string {
	var b []string
	for _, o := range os {
		b = append(b, o.name)
	}
	return strings.Join(b, " ")
}

// pt is a card coordinate in mm as a PDF coordinate in points (y up, the
// card 88 mm high).
func pt(x, y float64) [2]float64 { return [2]float64{x * 72 / 25.4, (88 - y) * 72 / 25.4} }

func nearPt(a, b [2]float64) bool { return math.Abs(a[0]-b[0]) < 0.01 && math.Abs(a[1]-b[1]) < 0.01 }

const red = "#c0182b"

func fillOf(hex string) gamedata.ColorSpec { return gamedata.PlainColor(hex) }

func TestShapesDrawTheirPaths(t *testing.T) {
	half := 0.5
	for _, tc := range []struct {
		name string
		el   gamedata.Element
		// want is the operators, the colours set first (fpdf sets a grey
		// with g and G, any other colour with rg and RG); a line without
		// a stroke is drawn in ink, a grey.
		want string
		// corners are points the path must run through, in card mm.
		corners [][2]float64
	}{
		{"a filled rect", gamedata.Element{Kind: "rect", Box: []float64{10, 20, 30, 15}, Fill: fillOf(red)},
			"rg re f", nil},
		{"an outlined pill", gamedata.Element{Kind: "rect", Box: []float64{10, 20, 30, 10}, Radius: 5, Stroke: fillOf(red), StrokeWidth: 0.5},
			"RG w q m l c l c l c l c S Q", [][2]float64{{15, 20}, {35, 20}, {15, 30}, {35, 30}}},
		{"a circle, filled and outlined", gamedata.Element{Kind: "ellipse", Box: []float64{10, 20, 20, 20}, Fill: fillOf(red), Stroke: fillOf("#1b1b1b")},
			"rg G w m c c c c c c B", [][2]float64{{30, 30}, {10, 30}}},
		{"a rule across a wide box", gamedata.Element{Kind: "line", Box: []float64{10, 40, 40, 2}},
			"G w m l S", [][2]float64{{10, 41}, {50, 41}}},
		{"a rule down a tall box", gamedata.Element{Kind: "line", Box: []float64{10, 20, 2, 40}, StrokeWidth: 1},
			"G w m l S", [][2]float64{{11, 20}, {11, 60}}},
		{"a line through points", gamedata.Element{Kind: "line", Box: []float64{10, 20, 20, 10}, Points: [][2]float64{{0, 0}, {20, 10}, {20, 0}}},
			"G w m l l S", [][2]float64{{10, 20}, {30, 30}, {30, 20}}},
		{"a triangle", gamedata.Element{Kind: "polygon", Box: []float64{10, 20, 20, 10}, Points: [][2]float64{{10, 0}, {20, 10}, {0, 10}}, Fill: fillOf(red)},
			"rg m l l h f", [][2]float64{{20, 20}, {30, 30}, {10, 30}}},
		{"a hexagon", gamedata.Element{Kind: "polygon", Box: []float64{10, 20, 20, 20}, Sides: 6, Stroke: fillOf(red)},
			"RG w m l l l l l h S", [][2]float64{{20, 20}, {20, 40}}},
		{"a star", gamedata.Element{Kind: "polygon", Box: []float64{10, 20, 20, 20}, Sides: 5, Star: 0.5, Fill: fillOf(red)},
			"rg m l l l l l l l l l h f", [][2]float64{{20, 20}}},
		{"a half-transparent square", gamedata.Element{Kind: "rect", Box: []float64{10, 20, 20, 20}, Fill: fillOf(red), Opacity: &half},
			"rg /GS1 gs re f /GS2 gs", nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := shapeOps(t, tc.el)
			if names(got) != tc.want {
				t.Fatalf("operators %q, want %q", names(got), tc.want)
			}
			var points [][2]float64
			for _, o := range got {
				for i := 0; i+1 < len(o.args) && o.name != "w"; i += 2 {
					points = append(points, [2]float64{o.args[i], o.args[i+1]})
				}
			}
			for _, c := range tc.corners {
				if !slices.ContainsFunc(points, func(p [2]float64) bool { return nearPt(p, pt(c[0], c[1])) }) {
					t.Errorf("the path does not run through (%v, %v) mm: %v", c[0], c[1], got)
				}
			}
			if w := tc.el.StrokeWidth; strings.Contains(tc.want, " w ") {
				if w == 0 {
					w = gamedata.DefaultStrokeWidth
				}
				if i := slices.IndexFunc(got, func(o op) bool { return o.name == "w" }); math.Abs(got[i].args[0]-w*72/25.4) > 0.01 {
					t.Errorf("line width %v pt, want %v mm", got[i].args[0], w)
				}
			}
		})
	}
}

// A rect's fill, a half-transparent one's graphics state and a star's
// corners, checked where the test above only counts them.
func TestShapeDetails(t *testing.T) {
	// The rect's place and size: 10 mm in, 20 mm down, 30 × 15 mm.
	re := shapeOps(t, gamedata.Element{Kind: "rect", Box: []float64{10, 20, 30, 15}, Fill: fillOf(red)})
	if a := re[1].args; len(a) != 4 || !nearPt([2]float64{a[0], a[1]}, pt(10, 20)) || math.Abs(a[2]-30*72/25.4) > 0.01 || math.Abs(a[3]+15*72/25.4) > 0.01 {
		t.Errorf("rect at %v, want 10, 20 mm, 30 × 15 mm", a)
	}
	if got := ops(rgOf(red) + " rg")[0]; re[0].name != "rg" || !slices.Equal(re[0].args, got.args) {
		t.Errorf("fill %v, want %s", re[0], rgOf(red))
	}
	// Opacity is the alpha of its own graphics state, reset after it.
	half := 0.5
	doc := smallDoc()
	doc.Layout = gamedata.Layout{Front: gamedata.Front{Elements: []gamedata.Element{{Kind: "rect", Box: []float64{10, 20, 20, 20}, Fill: fillOf(red), Opacity: &half}}}}
	doc.Cards = doc.Cards[:1]
	data, err := CardPDF(doc, 0, false, Options{})
	if err != nil {
		t.Fatal(err)
	}
	gs := pdftest.Read(t, data).Page(1).Resources().Key("ExtGState")
	if a, b := gs.Key("GS1").Key("ca").Float64(), gs.Key("GS2").Key("ca").Float64(); a != 0.5 || b != 1 {
		t.Errorf("graphics states' fill alpha %v then %v, want 0.5 then 1", a, b)
	}
	// A star's corners alternate between the outer ellipse and the inner
	// one, the first at the top.
	pts := regular(20, 10, 5, 0.4)
	if len(pts) != 10 || !nearPt(pts[0], [2]float64{10, 0}) {
		t.Fatalf("star corners %v: want 10, the first at the top middle", pts)
	}
	for i, p := range pts {
		k := 1.0
		if i%2 == 1 {
			k = 0.4
		}
		if dx, dy := (p[0]-10)/10, (p[1]-5)/5; math.Abs(math.Hypot(dx, dy)-k) > 1e-9 {
			t.Errorf("corner %d at %v is not on the ellipse of ratio %v", i, p, k)
		}
	}
}

// Elements are drawn in order: a name drawn after its pill sits on it.
func TestTextSitsOnAPill(t *testing.T) {
	doc := smallDoc()
	doc.Layout = gamedata.Layout{Front: gamedata.Front{Elements: []gamedata.Element{
		{Kind: "rect", Box: []float64{5, 5, 53, 10}, Radius: 5, Fill: fillOf(red)},
		{Field: "name", Box: []float64{8, 6, 47, 8}, Size: 12, Align: "center", Color: gamedata.PlainColor("#ffffff")},
	}}}
	doc.Cards = doc.Cards[:1]
	data, err := CardPDF(doc, 0, false, Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	content := pdftest.Content(t, r, 1)
	pill, text := strings.Index(content, rgOf(red)+" rg"), strings.Index(content, "BT")
	if pill < 0 || text < 0 || pill > text {
		t.Fatalf("the pill (at %d) is not drawn before the name (at %d):\n%s", pill, text, content)
	}
	name := doc.Cards[0].Fields["name"]
	spans := pdftest.Find(pdftest.PageText(t, r, 1), name)
	if len(spans) != 1 {
		t.Fatalf("the name %q is printed %d times", name, len(spans))
	}
	// Its baseline lies inside the pill: y from 5 to 15 mm down the card.
	if y := 88 - spans[0].Y*25.4/72; y < 5 || y > 15 {
		t.Errorf("the name's baseline is %.1f mm down, outside the pill (5 to 15 mm)", y)
	}
}

// A shape's fill and stroke may each be picked by a card's value; a value
// the map lacks takes its default, and with none the shape is not filled
// (here: not drawn at all) on that card.
func TestShapeColoursByValue(t *testing.T) {
	const blue = "#1f4e9c"
	el := gamedata.Element{Kind: "ellipse", Box: []float64{10, 10, 20, 20},
		Fill:   gamedata.ColorSpec{By: "suit", Colors: map[string]string{"hearts": red}},
		Stroke: gamedata.ColorSpec{By: "suit", Colors: map[string]string{"hearts": red}, Default: blue}}
	card := func(suit string) string {
		return shapeCard(t, el, CardFace{ID: suit, Fields: map[string]string{"name": suit}, Values: map[string]any{"suit": suit}})
	}
	hearts, clubs := card("hearts"), card("clubs")
	if !strings.Contains(hearts, rgOf(red)+" rg") || !strings.Contains(hearts, rgOf(red)+" RG") {
		t.Errorf("the hearts card's circle is not filled and outlined red:\n%s", hearts)
	}
	if strings.Contains(clubs, rgOf(red)) || !strings.Contains(clubs, rgOf(blue)+" RG") || !strings.HasSuffix(names(ops(clubs)), " c S Q") {
		t.Errorf("the clubs card's circle is not outlined only, in the default blue:\n%s", clubs)
	}
	el.Stroke = gamedata.ColorSpec{}
	if ops := names(shapeOps(t, el)); ops != "" {
		t.Errorf("a circle whose fill picks no colour for this card drew %q", ops)
	}
}

// shapesDoc is cards cards of a layout that draws with every shape and
// takes colours and a picture from each card's values: a background, a
// name pill and rules ink by type, a star only on rare cards, an icon
// picked by a template, a circle, a rule, a hexagon, a half-transparent
// panel.
func shapesDoc(cards int) *Document {
	doc := sampleDoc()
	doc.Components, doc.Box = nil, nil
	byType := func(fire, water, def string) gamedata.ColorSpec {
		return gamedata.ColorSpec{By: "type", Colors: map[string]string{"fire": fire, "water": water}, Default: def}
	}
	half := 0.6
	doc.Layout.Front = gamedata.Front{
		Background: byType("#fde3d6", "#dcebfa", "#ecebe4"),
		Elements: []gamedata.Element{
			{Kind: "rect", Box: []float64{4, 4, 55, 10}, Radius: 5, Fill: byType("#c0392b", "#2471a3", "#7d6608"), Stroke: fillOf("#1b1b1b"), StrokeWidth: 0.4},
			{Field: "name", Box: []float64{8, 5, 47, 8}, Size: 12, Style: "bold", Align: "center", Color: fillOf("#ffffff")},
			{Kind: "image", Src: gamedata.ImageSource{Path: "icons/{type}.png"}, Box: []float64{6, 54, 10, 10}},
			{Kind: "polygon", Box: []float64{31, 54, 10, 10}, Sides: 5, Star: 0.45, Fill: gamedata.ColorSpec{By: "rare", Colors: map[string]string{"true": "#d4ac0d"}}},
			{Kind: "ellipse", Box: []float64{46, 54, 11, 11}, Fill: fillOf("#f1c40f"), Stroke: fillOf("#1b1b1b")},
			{Kind: "polygon", Box: []float64{18, 54, 10, 10}, Sides: 6, Stroke: byType("#c0392b", "#2471a3", "#7d6608")},
			{Kind: "line", Box: []float64{6, 66, 51, 1}, Stroke: byType("#c0392b", "#2471a3", "#7d6608"), StrokeWidth: 0.5},
			{Kind: "polygon", Box: []float64{6, 68, 51, 16}, Points: [][2]float64{{0, 0}, {51, 0}, {51, 16}, {0, 16}}, Fill: fillOf("#ffffff"), Opacity: &half},
			{Field: "rules", Box: []float64{8, 69, 47, 14}, Size: 9, MinSize: 7, Color: byType("#7b1f15", "#143d5c", "#3d3304")},
		},
	}
	doc.Images = map[string]*gamedata.Image{}
	for i, kind := range []string{"fire", "water", "earth"} {
		path := "icons/" + kind + ".png"
		doc.Images[path] = picture(path, testart.PNG(testart.Portrait(64, 64, i, true)))
	}
	base := doc.Cards
	doc.Cards = nil
	for i := range cards {
		c := base[i%len(base)]
		c.Copies, c.ID = 1, fmt.Sprintf("%s-%d", c.ID, i)
		c.Values = map[string]any{"type": []string{"fire", "water", "earth"}[i%3], "rare": i%4 == 0}
		doc.Cards = append(doc.Cards, c)
	}
	return doc
}

// BenchmarkRenderShapes renders 9 and 90 cards of shapesDoc and reports
// what each card beyond the first 9 adds: ms/card of wall-clock time (the
// target is under 1 ms a card) and cpu-ms/card of CPU time, which a busy
// machine inflates less.
func BenchmarkRenderShapes(b *testing.B) {
	small, big := shapesDoc(9), shapesDoc(90)
	perCardCost(b, small, big)
}
