package report

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/engine/enginetest"
	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/render/pdftest"

	"codeberg.org/go-pdf/fpdf"
)

func TestTicksAreRoundAndCover(t *testing.T) {
	for _, c := range []struct {
		lo, hi float64
		want   []float64
	}{
		{0, 1, []float64{0, 0.2, 0.4, 0.6, 0.8, 1}},
		{0, 0.7, []float64{0, 0.2, 0.4, 0.6}},
		{0, 0.33, []float64{0, 0.1, 0.2, 0.3}},
		{85, 98, []float64{85, 90, 95}},
	} {
		if got := Ticks(c.lo, c.hi, 5); !slices.Equal(got, c.want) {
			t.Errorf("Ticks(%g, %g) = %v, want %v", c.lo, c.hi, got, c.want)
		}
	}
}

// A chart title a little too wide shrinks (by up to a quarter) before it
// loses its end to an ellipsis.
func TestTitleShrinksBeforeItIsCut(t *testing.T) {
	pdf := fpdf.New("P", "mm", "A4", "")
	for _, f := range fonts.Faces {
		pdf.AddUTF8FontFromBytes(fonts.Family, f.Style, f.TTF)
	}
	s := "Heuristic vs random: 51% wins (fair 20%) (equal-turns)"
	setFont(pdf, "B", titleSize)
	full := pdf.GetStringWidth(s)
	if size, got := fitTitle(pdf, s, full*0.9); got != s || size >= titleSize || size < titleSize*0.75 {
		t.Errorf("10%% too wide: size %g, text %q; want the whole title, smaller", size, got)
	}
	if _, got := fitTitle(pdf, s, full*0.5); !strings.HasSuffix(got, "…") || len(got) >= len(s) {
		t.Errorf("twice too wide: %q, want it cut with an ellipsis", got)
	}
}

// sevenSeats is a report of three variants at 7 players, each game ended
// by one of five causes named in a few words.
func sevenSeats(t *testing.T) *Balance {
	t.Helper()
	s := engine.Run(&enginetest.Toy{Goal: 12}, engine.RunConfig{Players: 2, Games: 20, Seed: 5, Workers: 1})
	s.Players = 7 // the pages only need a summary to draw
	s.EndCauses = map[string]int{"went out on an eight": 5, "blocked, nobody could play": 4,
		"went out on clubs": 4, "went out on hearts": 4, "ran out of cards": 3}
	var cols []Column
	for _, v := range []string{"a", "b", "c"} {
		rot := make([]*engine.Summary, 7)
		for k := range rot {
			rot[k] = s
		}
		cols = append(cols, Column{Variant: v, Sum: s, Rotation: rot})
	}
	return &Balance{Title: "Toy", Games: 20, Seed: 5, Bots: []string{"random"}, Counts: []Count{{Players: 7, Columns: cols}}}
}

// At 7 players with three variants side by side the bars' labels were
// cut to "se…" and "a…" and the ending causes to "went…", "went…",
// "block…": axes that said nothing. Seats are numbered (the axis says
// "seat"), and causes too long to stand under their bars lie beside
// horizontal ones, whole.
func TestBarLabelsAreNotCutToNothing(t *testing.T) {
	data, err := PDF(sevenSeats(t))
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	for page := 1; page <= 2; page++ {
		// Labels are set at tick size, titles larger (a title may lose
		// the variant's name at the end); the reader gives U+2026 by its
		// low byte, as '&'.
		for _, g := range pdftest.PageText(t, r, page) {
			if g.FontSize <= tickSize && strings.ContainsAny(g.S, "…&") {
				t.Errorf("page %d cuts a label:\n%s", page, pdftest.Joined(pdftest.PageText(t, r, page)))
				break
			}
		}
	}
	pages := pdftest.Pages(t, data)
	for _, cause := range []string{"went out on an eight", "blocked, nobody could play", "ran out of cards"} {
		if n := strings.Count(pages[0], cause); n != 3 {
			t.Errorf("%q is on the outcomes page %d times, want once a variant:\n%s", cause, n, pages[0])
		}
	}
	if !strings.Contains(pages[0], "25.0%") { // 5 of 20 games, beside its bar
		t.Errorf("the causes' shares are not written beside their bars:\n%s", pages[0])
	}
}

// A statement longer than its box ran over the charts below it and off
// the page (a rules game without evaluate: and 40 counters none of which
// went up, three variants side by side): it shrinks, then is cut.
func TestStatementStaysInItsBox(t *testing.T) {
	long := strings.Repeat("the number of times something rather specific happened in a game, ", 12) + "END"
	for _, c := range []struct {
		say  string
		cut  bool
		b    Box
		name string
	}{
		{"Every game ended the same way: arrest (20 of 20 games).", false, Box{X: 12, Y: 250, W: 58, H: 20}, "short"},
		{long, true, Box{X: 12, Y: 250, W: 58, H: 20}, "long"},
	} {
		pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: pageW, Ht: pageH}})
		for _, f := range fonts.Faces {
			pdf.AddUTF8FontFromBytes(fonts.Family, f.Style, f.TTF)
		}
		pdf.SetAutoPageBreak(false, 0)
		pdf.AddPage()
		Statement(pdf, c.b, "Heading", c.say)
		var buf strings.Builder
		if err := pdf.Output(&buf); err != nil {
			t.Fatal(err)
		}
		texts := pdftest.PageText(t, pdftest.Read(t, []byte(buf.String())), 1)
		for _, g := range texts {
			// The reader's y is in points from the page's foot.
			if y := pageH - g.Y/72*25.4; y > c.b.Y+c.b.H || y < c.b.Y {
				t.Errorf("%s: %q at %.1f mm, outside its box (%.0f to %.0f mm)", c.name, g.S, y, c.b.Y, c.b.Y+c.b.H)
				break
			}
		}
		text := pdftest.Joined(texts)
		if got := strings.HasSuffix(text, "&"); got != c.cut { // U+2026 read as '&'
			t.Errorf("%s: cut %v, want %v:\n%s", c.name, got, c.cut, text)
		}
		// Lines break at spaces, which the reader does not give back.
		if nospace := func(s string) string { return strings.ReplaceAll(s, " ", "") }; !c.cut && !strings.Contains(nospace(text), nospace(c.say)) {
			t.Errorf("%s: the statement is not whole:\n%s", c.name, text)
		}
	}
}

// A title, a cause or a counter with a character the Go fonts lack but
// the symbol fallback has (validate accepts "★": the cards print it from
// DejaVu Sans) was drawn as an empty box. The report draws it from the
// fallback too.
func TestSymbolsComeFromTheFallbackFont(t *testing.T) {
	if fonts.GoCovers('★') || !fonts.Fallback().Covers('★') {
		t.Fatal("★ is no longer a character only the fallback has: pick another")
	}
	s := engine.Run(&enginetest.Toy{Goal: 12}, engine.RunConfig{Players: 2, Games: 20, Seed: 5, Workers: 1})
	s.EndCauses = map[string]int{"★ a star": 12, "goal reached": 8}
	data, err := PDF(&Balance{Title: "Stars ★", Games: 20, Seed: 5, Bots: []string{"random"},
		Counts: []Count{{Players: 2, Columns: []Column{{Sum: s, Counters: []string{"stars ★ seen"}, Blind: true}}}}})
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	for page, want := range map[int]int{1: 2, 2: 1 + 1} { // title and cause; title and counter (one raised)
		fallback := 0
		for _, g := range pdftest.PageText(t, r, page) {
			if strings.Contains(g.Font, "DejaVu") {
				fallback++
			}
		}
		if fallback != want {
			t.Errorf("page %d: %d characters drawn from DejaVu Sans, want %d (the stars)", page, fallback, want)
		}
	}
}

// Every game of the same length drew one bar across the whole histogram,
// its axis ticked 882, 882.2, 882.4: it is said in words. Lengths a few
// moves apart are ticked in whole moves.
func TestGameLengthReadsInWholeMoves(t *testing.T) {
	s := engine.Run(&enginetest.Toy{Goal: 12}, engine.RunConfig{Players: 2, Games: 6, Seed: 5, Workers: 1})
	outcomes := func(hist map[int]int) string {
		s.MovesHist = hist
		data, err := PDF(&Balance{Title: "Toy", Games: 6, Seed: 5, Bots: []string{"random"},
			Counts: []Count{{Players: 2, Columns: []Column{{Sum: s, Blind: true}}}}})
		if err != nil {
			t.Fatal(err)
		}
		return pdftest.Pages(t, data)[0]
	}
	page := outcomes(map[int]int{882: 6})
	if !strings.Contains(page, "Every game lasted 882 moves (6 of 6 games).") || strings.Contains(page, "882.2") {
		t.Errorf("one length is not said in words:\n%s", page)
	}
	page = outcomes(map[int]int{10: 3, 11: 2, 12: 1})
	if !strings.Contains(page, "game length (moves, chance included)") || strings.Contains(page, "10.5") || !strings.Contains(page, "10111213") {
		t.Errorf("lengths of 10 to 12 moves are not ticked in whole moves:\n%s", page)
	}
}

// Games that all hit the turn cap drew one red bar of 100%, and an engine
// that names no causes an empty chart: both are said in words.
func TestOneWayToEndIsSaidInWords(t *testing.T) {
	s := engine.Run(&enginetest.Toy{Goal: 12}, engine.RunConfig{Players: 2, Games: 6, Seed: 5, Workers: 1})
	for _, c := range []struct {
		capped int
		want   string
	}{
		{6, "No game ended: all 6 hit the turn cap."},
		{0, "The engine named no cause for the end of any of the 6 games."},
	} {
		s.EndCauses, s.Capped = map[string]int{}, c.capped
		data, err := PDF(&Balance{Title: "Toy", Games: 6, Seed: 5, Bots: []string{"random"},
			Counts: []Count{{Players: 2, Columns: []Column{{Sum: s, Blind: true}}}}})
		if err != nil {
			t.Fatal(err)
		}
		if page := pdftest.Pages(t, data)[0]; !strings.Contains(page, c.want) || strings.Contains(page, "how the game ended") {
			t.Errorf("the ending causes are not said as %q:\n%s", c.want, page)
		}
	}
}

// Three long variant ids cut the line under the page's title at "seed
// 1, …": the bots, the intervals and the fair share were lost. The line
// wraps onto a second.
func TestHeaderKeepsWhatThePageShows(t *testing.T) {
	b := sevenSeats(t)
	ids := []string{"the-standard-rules-as-printed-in-the-box", "a-very-long-variant-identifier-with-big-hands", "tiny"}
	for i := range b.Counts[0].Columns {
		b.Counts[0].Columns[i].Variant = ids[i]
	}
	data, err := PDF(b)
	if err != nil {
		t.Fatal(err)
	}
	for i, page := range pdftest.Pages(t, data)[:2] {
		for _, want := range append(ids, "bots random", "dashed line: the fair share 1/7") {
			if !strings.Contains(page, want) {
				t.Errorf("page %d lacks %q:\n%s", i+1, want, page)
			}
		}
	}
}

// Six variants stood side by side on the outcomes and cards pages, each
// column 25 mm wide: seat bars a hair wide, axes' labels run into each
// other. At most VariantsPerPage stand on a page; the rest go on the
// next, every column still named by its variant.
func TestManyVariantsGoOnMorePages(t *testing.T) {
	b := sevenSeats(t)
	cols := b.Counts[0].Columns
	for _, v := range []string{"d", "e"} {
		col := cols[0]
		col.Variant = v
		cols = append(cols, col)
	}
	b.Counts[0].Columns = cols
	data, err := PDF(b)
	if err != nil {
		t.Fatal(err)
	}
	pages := pdftest.Pages(t, data)
	if len(pages) != 4 {
		t.Fatalf("%d pages, want the outcomes of a, b, c and of d, e, then their cards", len(pages))
	}
	for i, want := range []struct {
		page     string
		variants []string
	}{{"outcomes", []string{"a", "b", "c"}}, {"outcomes", []string{"d", "e"}}, {"cards, counters and bots", []string{"a", "b", "c"}}, {"cards, counters and bots", []string{"d", "e"}}} {
		if !strings.Contains(pages[i], "balance: 7 players, "+want.page) {
			t.Errorf("page %d is not the %s page:\n%s", i+1, want.page, pages[i])
		}
		if got := strings.Count(pages[i], "Seat win rates (") + strings.Count(pages[i], "Cards: "); got != len(want.variants) {
			t.Errorf("page %d has %d columns, want %d", i+1, got, len(want.variants))
		}
		for _, v := range want.variants {
			if !strings.Contains(pages[i], "("+v+")") {
				t.Errorf("page %d does not name variant %s:\n%s", i+1, v, pages[i])
			}
		}
	}
}

// Three variants side by side cut the heuristic bot's title to
// "Heuristic vs random: 14% wins of 140 (fair 1…": it drops the fair
// share, which the dashed line shows, before it loses its end.
func TestRotationTitleDropsTheFairShareFirst(t *testing.T) {
	data, err := PDF(sevenSeats(t))
	if err != nil {
		t.Fatal(err)
	}
	page := pdftest.Pages(t, data)[1]
	for _, v := range []string{"a", "b", "c"} {
		if !strings.Contains(page, "wins of 140 ("+v+")") {
			t.Errorf("variant %s's heuristic bot's title is cut:\n%s", v, page)
		}
	}
}

// A dominant card's name is written beside its point: a name of 200
// characters (the most a card file allows) ran across the next column and
// off the page. It is cut at the plot's edge.
func TestScatterLabelStaysInThePlot(t *testing.T) {
	pdf := fpdf.NewCustom(&fpdf.InitType{OrientationStr: "P", UnitStr: "mm", Size: fpdf.SizeType{Wd: pageW, Ht: pageH}})
	for _, f := range fonts.Faces {
		pdf.AddUTF8FontFromBytes(fonts.Family, f.Style, f.TTF)
	}
	pdf.SetAutoPageBreak(false, 0)
	pdf.AddPage()
	b := Box{X: 12, Y: 20, W: 58, H: 80}
	name := strings.Repeat("The Unbelievably Long Card ", 7)
	Scatter(pdf, b, Axes{Title: "Cards"}, []Point{{X: 0.1, Y: 0.5, Label: name, Mark: true, Colour: hiColour}, {X: 1, Y: 0.4}}, math.NaN())
	var buf strings.Builder
	if err := pdf.Output(&buf); err != nil {
		t.Fatal(err)
	}
	texts := pdftest.PageText(t, pdftest.Read(t, []byte(buf.String())), 1)
	at := pdftest.Find(texts, "The Unbel")
	if len(at) == 0 {
		t.Fatalf("the label is not drawn:\n%s", pdftest.Joined(texts))
	}
	// The reader gives no glyph widths: the label's is measured in its
	// font, from where the PDF says it starts (U+2026 read as '&').
	var label strings.Builder
	for _, g := range texts {
		if g.Y == at[0].Y {
			label.WriteString(g.S)
		}
	}
	setFont(pdf, "", tickSize-1)
	if end := at[0].X/72*25.4 + pdf.GetStringWidth(strings.ReplaceAll(label.String(), "&", "…")); end > b.X+b.W {
		t.Errorf("the label %q ends at %.1f mm, past the plot's edge at %.0f mm", label.String(), end, b.X+b.W)
	}
}

// Hearts' games last a whole number of deals: 20 bins over 11 lengths
// left every other one empty, a comb of bars that looked like two kinds of
// game. There are no more bins than lengths.
func TestGameLengthsOfWholeDealsFillEveryBin(t *testing.T) {
	counts := map[int]int{}
	for k, v := range []int{818, 921, 1024, 1127, 1227, 1330, 1433, 1536, 1636, 1739, 1842} { // 50 games at 5 players
		counts[v] = 1 + k%3
	}
	lo, width, shares := binned(counts)
	if lo != 818 || len(shares) != 11 {
		t.Errorf("from %d, %d wide, %d bins: want from 818, 11 bins", lo, width, len(shares))
	}
	for i, f := range shares {
		if f == 0 {
			t.Errorf("bin %d (from %d moves) is empty: %v", i, lo+i*width, shares)
		}
	}
	// Many lengths: about 20 bins, as before.
	many := map[int]int{}
	for v := 100; v < 500; v += 3 {
		many[v] = 1
	}
	if _, width, shares := binned(many); width != 20 || len(shares) != 20 {
		t.Errorf("100 to 499 moves: %d wide, %d bins; want 20 and 20", width, len(shares))
	}
}
