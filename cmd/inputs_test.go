package cmd

import (
	"bytes"
	"cmp"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// heatShards plays a small HEAT run in three shards (10 games each at 4
// players) and returns the files' paths.
func heatShards(t *testing.T) []string {
	t.Helper()
	dir := t.TempDir()
	var files []string
	for _, k := range []string{"1", "2", "3"} {
		f := filepath.Join(dir, "heat-"+k+".json")
		code, out, errOut := run(t, repoRoot, "sim", "--game", "heat", "--players", "4", "--games", "30", "--seed", "5", "--shard", k+"/3", "--out", f)
		if code != 0 {
			t.Fatalf("sim shard %s: exit %d\n%s%s", k, code, out, errOut)
		}
		files = append(files, f)
	}
	return files
}

// editJSON rewrites a JSON file through edit. Numbers stay json.Number,
// so seeds and sums keep every digit.
func editJSON(t *testing.T, path string, edit func(doc map[string]any)) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	edit(doc)
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
}

// summaryOf is the first summary of the first column of a decoded file.
func summaryOf(doc map[string]any) map[string]any {
	return doc["columns"].([]any)[0].(map[string]any)["summaries"].([]any)[0].(map[string]any)
}

// wantOneLine checks a refused input: exit 2 and exactly one line on stderr.
func wantOneLine(t *testing.T, code int, out, errOut, want string) {
	t.Helper()
	if code != 2 || errOut != want+"\n" {
		t.Errorf("exit %d, stderr\n  %q\nwant exit 2 and\n  %q\n(stdout %q)", code, errOut, want+"\n", out)
	}
}

// The reproductions: damaged shards that merge used to add up and
// print ("games -9223372036854775609", "heists complete 30000.0%") are
// refused with the file and the field.
func TestMergeRefusesDamagedShards(t *testing.T) {
	const at = "columns/0/summaries/0/"
	for _, tc := range []struct {
		name   string
		damage func(doc map[string]any)
		want   string
	}{
		{"corrupt game count", func(d map[string]any) { summaryOf(d)["Games"] = json.Number("-9223372036854775609") },
			at + "Games: -9223372036854775609 is too small: at least 0"},
		{"games that are not the shard's", func(d map[string]any) { summaryOf(d)["Games"] = json.Number("30") },
			at + "Games: 30, but shard 2/3 of a run of 30 games plays 10"},
		{"end causes over 100%", func(d map[string]any) {
			summaryOf(d)["EndCauses"] = map[string]any{"heists complete": json.Number("3000")}
		}, at + "EndCauses: 3000 games ended, more than the 10 played"},
		{"wins over 100%", func(d map[string]any) {
			summaryOf(d)["SeatWins"] = []any{json.Number("8401"), 0, 0, 0, 0, 0, 0, 0}
		},
			at + "SeatWins: 10.0012 wins (in 1/840: 8401) in 10 games"},
		{"a failure count without its game", func(d map[string]any) { summaryOf(d)["Capped"] = json.Number("2") },
			at + "FirstCapped: missing, but Capped is 2"},
		{"moves squared of 1e308", func(d map[string]any) { summaryOf(d)["MovesSq"] = json.Number("1e308") },
			at + "MovesSq: 1e308 is too large: at most 9223372036854775807"},
		{"a negative tally", func(d map[string]any) {
			summaryOf(d)["Tally"].(map[string]any)["Counters"].([]any)[0] = json.Number("-4")
		},
			at + "Tally/Counters/0: -4 is too small: at least 0"},
		{"a game to replay from another shard", func(d map[string]any) {
			summaryOf(d)["FirstCounted"].([]any)[0].(map[string]any)["Index"] = json.Number("0")
		}, at + "FirstCounted/0/Index: game 0 is not one of shard 2/3 of 30 games"},
		{"a misspelt field", func(d map[string]any) { s := summaryOf(d); s["Gmaes"] = s["Games"] },
			at + `Gmaes: unknown field "Gmaes" (did you mean "Games"?)`},
		{"a shard beyond the shards", func(d map[string]any) { d["shard"] = json.Number("4") }, "shard: 4 of 3 shards"},
		{"another format", func(d map[string]any) { d["format"] = "cardpress-sim/2" },
			`format: "cardpress-sim/2" is not allowed here; it must be "cardpress-sim/1"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := heatShards(t)
			editJSON(t, files[1], tc.damage)
			code, out, errOut := run(t, repoRoot, "merge", files[0], files[1], files[2])
			wantOneLine(t, code, out, errOut, "cardpress: "+files[1]+": "+tc.want)
		})
	}
}

// Each shard may be sound and their sum still not fit 64 bits: ten games
// of 900 million moves give squares of 8.1e18 per shard.
func TestMergeRefusesSumsThatOverflow(t *testing.T) {
	files := heatShards(t)
	long := func(d map[string]any) {
		s := summaryOf(d)
		s["MovesMin"], s["MovesMax"] = json.Number("900000000"), json.Number("900000000")
		s["MovesSum"], s["MovesSq"] = json.Number("9000000000"), json.Number("8100000000000000000")
		s["MovesHist"] = map[string]any{"900000000": json.Number("10")}
	}
	editJSON(t, files[0], long)
	editJSON(t, files[1], long)
	code, out, errOut := run(t, repoRoot, "merge", files[0], files[1], files[2])
	wantOneLine(t, code, out, errOut, "cardpress: "+files[1]+": adding it to "+files[0]+": columns/0/summaries/0/MovesSq: the sum does not fit 64 bits")
}

// Files that are no sim results at all: each one line naming the file, exit
// 2, promptly.
func TestMergeRefusesWhatIsNotAResultsFile(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	big := write("big.json", "")
	if err := os.Truncate(big, simResultsBytes+1<<20); err != nil { // sparse: no disk used
		t.Fatal(err)
	}
	for _, tc := range []struct{ path, want string }{
		{write("null.json", "null"), "not a sim results file (sim --out): expected a mapping, found null"},
		{write("empty-object.json", "{}"), `not a sim results file (sim --out): missing required field "bots" (and 7 more problems)`},
		{write("list.json", "[]"), "not a sim results file (sim --out): expected a mapping, found a list"},
		{write("empty.json", ""), "not a sim results file (sim --out): empty, not JSON"},
		{write("truncated.json", `{"format": "cardpress-sim/1", "columns": [`), "not a sim results file (sim --out): not JSON: it ends in the middle (a truncated file?)"},
		{big, "cannot read: file is 33.0 MiB; the limit is 32.0 MiB"},
		{write("many.json", `{"columns": [`+strings.Repeat("0,", simResultsValues)+`0]}`),
			"not a sim results file (sim --out): more than 2097152 values; no file of this kind is that large"},
		{dir, "cannot read: not a regular file but a folder"},
		{filepath.Join(dir, "missing.json"), "cannot read: no such file or folder"},
	} {
		code, out, errOut := run(t, "", "merge", tc.path)
		wantOneLine(t, code, out, errOut, "cardpress: "+tc.path+": "+tc.want)
	}
}

// Game, bot, end cause and file names come from the files: control
// characters in them are shown as escapes in the one line that refuses
// them, so they can neither forge a line (a GitHub ::error:: command) nor
// reach the terminal.
func TestMergeShowsNamesFromFilesVisibly(t *testing.T) {
	for _, tc := range []struct {
		name string
		edit func(d map[string]any)
		want string
	}{
		{"game", func(d map[string]any) { d["game"] = "heat\x1b[2J" },
			`no game "heat\x1b[2J" in cards (its games are crazy-eights, hearts, heat, hmm, masterminds, mice)`},
		{"bot", func(d map[string]any) { d["bots"] = []any{"random\r"} },
			`bots/0: "random\r" is not a bot (random, heuristic, mcts)`},
		{"end cause", func(d map[string]any) {
			s := summaryOf(d)
			s["EndCauses"] = map[string]any{"stolen\n::error::forged \x1b[31mred": s["EndCauses"].(map[string]any)["heists complete"]}
		}, `columns/0/summaries/0/EndCauses/stolen\n::error::forged \x1b[31mred: "stolen\n::error::forged \x1b[31mred" is not how a game of heat ends (its engine declares ["arrest" "heists complete"])`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := heatShards(t)
			editJSON(t, files[0], tc.edit)
			code, out, errOut := run(t, repoRoot, "merge", files[0], files[1], files[2])
			wantOneLine(t, code, out, errOut, "cardpress: "+files[0]+": "+tc.want)
			if strings.ContainsAny(errOut, "\x1b\r") || strings.Contains(errOut, "\n::error::") {
				t.Errorf("control characters or a forged line reached the output:\n%q", errOut)
			}
		})
	}
	// A file name with a newline still gives one line.
	odd := filepath.Join(t.TempDir(), "shard\n::error::2.json")
	if err := os.WriteFile(odd, []byte("{}"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := run(t, "", "merge", odd)
	wantOneLine(t, code, out, errOut, "cardpress: "+strings.ReplaceAll(odd, "\n", `\n`)+`: not a sim results file (sim --out): missing required field "bots" (and 7 more problems)`)
}

// TestMergeRefusesUndeclaredNames: every name a shard gives is checked
// against what the game's engine declares, in every file, not only the
// first: an end cause no engine declares (the case), a bot, a
// counter, a player count, a variant, a game to replay that ended by an
// undeclared cause, card tallies of another length.
func TestMergeRefusesUndeclaredNames(t *testing.T) {
	const at = "columns/0/summaries/0/"
	for _, tc := range []struct {
		name string
		edit func(d map[string]any)
		want string
	}{
		{"end cause", func(d map[string]any) {
			s := summaryOf(d)
			causes := s["EndCauses"].(map[string]any)
			for cause, n := range causes {
				causes["vault flooded"] = n
				delete(causes, cause)
				break
			}
		}, at + `EndCauses/vault flooded: "vault flooded" is not how a game of heat ends (its engine declares ["arrest" "heists complete"])`},
		{"bot", func(d map[string]any) { d["bots"] = []any{"random", "alphazero"} }, `bots/1: "alphazero" is not a bot (random, heuristic, mcts)`},
		{"counter", func(d map[string]any) {
			c := d["columns"].([]any)[0].(map[string]any)
			names := c["counters"].([]any)
			names[0] = "stolen_goods"
		}, `columns/0/counters: `},
		{"player count", func(d map[string]any) { setPlayers(summaryOf(d), 6) }, at + "Players: 6, but heat plays with 3-5"},
		{"cards", func(d map[string]any) {
			tally := summaryOf(d)["Tally"].(map[string]any)
			for _, k := range []string{"CardInHand", "CardPlayed", "CardOffered", "CardChosen", "CardPlayedBy", "CardWon"} {
				tally[k] = append(tally[k].([]any), json.Number("0"))
			}
		}, at + "Tally/CardInHand: 28 cards, but heat has 27"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			files := heatShards(t)
			editJSON(t, files[2], tc.edit)
			code, _, errOut := run(t, repoRoot, "merge", files[0], files[1], files[2])
			if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "cardpress: ") || !strings.Contains(errOut, tc.want) {
				t.Errorf("exit %d, stderr %q, want one line with %q", code, errOut, tc.want)
			}
		})
	}
	// The game and its variants come from --cards; one that is not there
	// is named.
	files := heatShards(t)
	editJSON(t, files[0], func(d map[string]any) { d["columns"].([]any)[0].(map[string]any)["variant"] = "turbo" })
	if code, _, errOut := run(t, repoRoot, "merge", files[0]); code != 2 || !strings.Contains(errOut, `no variant "turbo"`) {
		t.Errorf("an unknown variant: exit %d\n%s", code, errOut)
	}
	files = heatShards(t)
	code, out, errOut := run(t, repoRoot, "merge", "--cards", t.TempDir(), files[0], files[1], files[2])
	if code != 2 || !strings.Contains(errOut, `no game "heat" in `) {
		t.Errorf("--cards without the game: exit %d\n%s%s", code, out, errOut)
	}
}

// merge --out writes what merge read; a second merge of it alone (one
// shard of one) prints the same table.
func TestMergeOutMergesAgain(t *testing.T) {
	files := heatShards(t)
	out := filepath.Join(t.TempDir(), "all.json")
	code, table, errOut := run(t, repoRoot, "merge", "--out", out, files[0], files[1], files[2])
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, table, errOut)
	}
	code, again, errOut := run(t, "", "merge", out)
	if code != 0 || again != table {
		t.Errorf("merging the merged file: exit %d\n%s%s\nwant\n%s", code, again, errOut, table)
	}
}

// The schema and the Go types say the same: every field the types write is
// in the schema and every field of the schema is one they write, so a new
// Summary field cannot make merge refuse sim's own files (the schema
// forbids unknown fields).
func TestSimResultsSchemaNamesEveryField(t *testing.T) {
	schemaNamesEveryField(t, "sim-results.schema.json", func(sch resultsSchema) []typeAndProps {
		return []typeAndProps{
			{reflect.TypeFor[SimResults](), sch.Properties},
			{reflect.TypeFor[SimColumn](), sch.Defs["column"].Properties},
			{reflect.TypeFor[engine.Summary](), sch.Defs["summary"].Properties},
			{reflect.TypeFor[engine.Tally](), sch.Defs["tally"].Properties},
			{reflect.TypeFor[engine.Result](), sch.Defs["firstGame"].Properties},
		}
	})
}

// resultsSchema is what schemaNamesEveryField reads of a results schema.
type resultsSchema struct {
	Properties map[string]any
	Defs       map[string]struct{ Properties map[string]any } `json:"$defs"`
}

// typeAndProps is a Go type and the schema's properties of what it writes.
type typeAndProps struct {
	typ   reflect.Type
	props map[string]any
}

// schemaNamesEveryField checks that the fields each Go type writes (its
// exported fields, by their JSON names) are exactly the properties the
// schema file gives it.
func schemaNamesEveryField(t *testing.T, file string, pairs func(resultsSchema) []typeAndProps) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(repoRoot, "schema", file))
	if err != nil {
		t.Fatal(err)
	}
	var sch resultsSchema
	if err := json.Unmarshal(data, &sch); err != nil {
		t.Fatal(err)
	}
	for _, tc := range pairs(sch) {
		var fields []string
		for f := range tc.typ.Fields() {
			if !f.IsExported() || f.Tag.Get("json") == "-" {
				continue // not written
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			fields = append(fields, cmp.Or(name, f.Name))
		}
		var props []string
		for p := range tc.props {
			props = append(props, p)
		}
		slices.Sort(fields)
		slices.Sort(props)
		if !slices.Equal(fields, props) {
			t.Errorf("%s writes %v; the schema has %v", tc.typ, fields, props)
		}
	}
}

// setPlayers sets every player count in a summary and the games it names.
func setPlayers(v any, n int) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if k == "Players" {
				v[k] = json.Number(strconv.Itoa(n))
			} else {
				setPlayers(x, n)
			}
		}
	case []any:
		for _, x := range v {
			setPlayers(x, n)
		}
	}
}
