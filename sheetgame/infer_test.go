package sheetgame

import (
	"fmt"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/spreadsheet"

	"go.yaml.in/yaml/v3"
)

func csvTables(t testing.TB, text string) []*spreadsheet.Table {
	t.Helper()
	tab, err := spreadsheet.ReadCSV([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return []*spreadsheet.Table{tab}
}

// TestInferTypes: each column's type comes from its values.
func TestInferTypes(t *testing.T) {
	p := Infer("cards", csvTables(t, "Name,Cost,Weight,Rare,Suit,Tags,Art,Text,Blank\n"+
		"A,1,1.5,true,Cups,\"fire, air\",art/a.png,Gain 1 :coin:.,\n"+
		"B,2,2,FALSE,Cups,fire,art/b.jpg,Hop :bunny:.,\n"+
		"C,3,0.25,false,Swords,air,art/c.PNG,,\n"))
	if len(p.Notes) != 0 || len(p.Decks) != 1 {
		t.Fatalf("notes %v, decks %d", p.Notes, len(p.Decks))
	}
	var got []string
	for _, f := range p.Decks[0].Fields {
		got = append(got, fmt.Sprintf("%s:%s%v:%v", f.Name, f.Type, f.Values, f.Required))
	}
	want := "cost:integer[]:true weight:number[]:true rare:boolean[]:true suit:enum[Cups Swords]:true tags:list[fire air]:true art:image[]:true text:text[]:false"
	if strings.Join(got, " ") != want {
		t.Errorf("got  %s\nwant %s", strings.Join(got, " "), want)
	}
	if icons := p.ownIcons(); len(icons) != 1 || icons[0] != "bunny" {
		t.Errorf("own icons %v, want [bunny]", icons)
	}
}

// FuzzInferCSV: whatever a CSV file holds, inference does not panic, and
// a plan without errors writes YAML that parses.
func FuzzInferCSV(f *testing.F) {
	f.Add("Name,Cost\nOwl,1\nOwl,1\n")
	f.Add("Deck,Card Name,Qty,Art\nA,x,2,a.png\nB,,x,\n")
	f.Add("\"\",,\n1,2,3\n")
	f.Fuzz(func(t *testing.T, text string) {
		tab, err := spreadsheet.ReadCSV([]byte(text))
		if err != nil {
			return
		}
		p := Infer("cards", []*spreadsheet.Table{tab})
		if p.Errors() > 0 || len(p.Decks) == 0 {
			return
		}
		files, err := p.Files("game", "Game", "cards.csv")
		if err != nil {
			t.Fatal(err)
		}
		for _, file := range files {
			var v any
			if err := yaml.Unmarshal(file.Data, &v); err != nil {
				t.Fatalf("%s does not parse: %v\n%s", file.Name, err, file.Data)
			}
		}
	})
}

// BenchmarkInfer infers a game from a sheet of 5,000 rows (the most cards
// a game may have) and 20 columns, and reports the peak heap.
func BenchmarkInfer(b *testing.B) {
	var s strings.Builder
	s.WriteString("Name,Cost,Suit,Text")
	for i := range 16 {
		fmt.Fprintf(&s, ",Stat %d", i)
	}
	s.WriteString("\n")
	for r := range spreadsheet.MaxRows {
		fmt.Fprintf(&s, "Card %d,%d,%s,Some rules text for card %d.", r/2, r%10, []string{"Cups", "Swords"}[r%2], r)
		for i := range 16 {
			fmt.Fprintf(&s, ",%d", (r+i)%7)
		}
		s.WriteString("\n")
	}
	tables := csvTables(b, s.String())
	for b.Loop() {
		heap := testutil.WatchHeap()
		p := Infer("cards", tables)
		if _, err := p.Files("game", "Game", "cards.csv"); err != nil {
			b.Fatal(err)
		}
		b.ReportMetric(float64(heap.End())/(1<<20), "peak-MiB")
	}
}

// TestInferIDsAndGenericNames: an id column is checked as card ids; a
// sheet's own Keywords and Players columns are fields of their own.
func TestInferIDsAndGenericNames(t *testing.T) {
	p := Infer("cards", csvTables(t, "ID,Name,Keywords,Players\nowl,Owl,\"Fast, Flying\",3\n007,Fox,Slow,4\n"))
	if len(p.Notes) != 1 || p.Notes[0].Row != 3 || p.Notes[0].Col != 0 || !strings.HasPrefix(p.Notes[0].Message, `"007" is not a card id`) {
		t.Errorf("notes %v", p.Notes)
	}
	var names []string
	for _, f := range p.Decks[0].Fields {
		names = append(names, f.Name)
	}
	if strings.Join(names, " ") != "card_keywords card_players" {
		t.Errorf("fields %v", names)
	}
	if p.Mapping.Columns["Keywords"] != "card_keywords" || p.Mapping.Columns["Players"] != "card_players" {
		t.Errorf("mapping %v", p.Mapping.Columns)
	}
}
