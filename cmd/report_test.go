package cmd

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/cardpress/cardpress/internal/testutil"
	"github.com/cardpress/cardpress/pipeline"
	"github.com/cardpress/cardpress/render/pdftest"
	"github.com/cardpress/cardpress/report"
)

// The HEAT balance report reads back with two pages per player count and
// their plot titles, and the same seed gives the same bytes.
func TestReportHeat(t *testing.T) {
	outDir := t.TempDir()
	code, out, errOut := run(t, repoRoot, "report", "--games", "60", "--seed", "2", "--ladder=false", "--out", outDir, "cards/heat")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	path := filepath.Join(outDir, "heat", "heat-balance.pdf")
	first, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	pages := pdftest.Pages(t, first)
	if n := len(pages); n != 6 { // 3, 4 and 5 players, two pages each
		t.Fatalf("%d pages, want 6", n)
	}
	for i, players := range []string{"3", "4", "5"} {
		for k, wants := range [][]string{
			{"HEAT balance: " + players + " players, outcomes", "Seat win rates", "Game length", "Ending causes", "heists complete", "seat 1"},
			{"HEAT balance: " + players + " players, cards, counters and bots", "Cards:", "plays per game",
				"Game counters (resource exhaustion)", "Heat returned for a short Phase B", "Heuristic vs random", "at seat " + players},
		} {
			text := pages[2*i+k]
			for _, want := range wants {
				if !strings.Contains(text, want) {
					t.Errorf("page %d lacks %q", 2*i+k+1, want)
				}
			}
		}
	}
	// Deterministic: a second run (one worker) writes the same bytes.
	if code, out, errOut := run(t, repoRoot, "report", "--games", "60", "--seed", "2", "--ladder=false", "--workers", "1", "--out", outDir, "cards/heat"); code != 0 {
		t.Fatalf("second run: exit %d\n%s%s", code, out, errOut)
	}
	if again, _ := os.ReadFile(path); !bytes.Equal(again, first) {
		t.Error("a second run wrote different bytes")
	}
}

// Without --games each run plays until its seats' intervals are within 5
// points: the page says how many games that took, and it takes the same
// games whatever the workers.
func TestReportPlaysUntilTheIntervalsAreNarrow(t *testing.T) {
	outDir := t.TempDir()
	path := filepath.Join(outDir, "heat", "heat-balance.pdf")
	var first []byte
	for _, workers := range []string{"2", "1"} {
		if code, out, errOut := run(t, repoRoot, "report", "--seed", "3", "--ladder=false", "--workers", workers, "--out", outDir, "cards/heat"); code != 0 {
			t.Fatalf("exit %d\n%s%s", code, out, errOut)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if first == nil {
			first = b
			continue
		}
		if !bytes.Equal(b, first) {
			t.Error("one worker played other games than two")
		}
	}
	page := pdftest.Pages(t, first)[0] // 3 players, outcomes
	m := regexp.MustCompile(`(\d+) games per variant \(played to ±5-point intervals\)`).FindStringSubmatch(page)
	if m == nil {
		t.Fatalf("page 1 does not say how many games it played:\n%s", page)
	}
	// A 3-player seat near a third needs about 350 games for ±5 points.
	if n, _ := strconv.Atoi(m[1]); n <= 200 || n > 1000 {
		t.Errorf("3 players played %d games, want more than the floor of 200 and at most 1000", n)
	}
}

// bank is a small game with rules as data whose skill ladder plays in a
// fraction of a second: the look-ahead bot plays it at random (the rules
// engine has no evaluation), MCTS beats both.
var bank = filepath.Join("engine", "rules", "testdata", "bank")

var ladderArgs = []string{"report", "--games", "40", "--players", "2", "--ladder", "--budget", "8", "--seed", "4"}

// report --ladder adds a page per player count with the matchup matrix,
// the seat advantage at each skill level and the verdict in words.
func TestReportLadder(t *testing.T) {
	outDir := t.TempDir()
	code, out, errOut := run(t, repoRoot, append(ladderArgs, "--out", outDir, bank)...)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	pages := pdftest.FilePages(t, filepath.Join(outDir, "bank", "bank-balance.pdf"))
	if len(pages) != 3 {
		t.Fatalf("%d pages, want 3 (outcomes, cards, ladder at 2 players)", len(pages))
	}
	// Charts that would show one bar, or nothing, are sentences.
	for page, want := range map[int]string{
		0: "Every game ended the same way: end of play",
		1: "The heuristic bot plays this game at random",
	} {
		if !strings.Contains(pages[page], want) {
			t.Errorf("page %d lacks %q:\n%s", page+1, want, pages[page])
		}
	}
	for _, want := range []string{"Bank Run balance: 2 players, skill ladder", "MCTS at 4 and 8 iterations a decision", "Matchups", "random", "look-ahead",
		"MCTS 4", "MCTS 8", "n=", "Seat advantage", "seat 2", "Skill depth", "MCTS 8 beats MCTS 4"} {
		if !strings.Contains(pages[2], want) {
			t.Errorf("the ladder page lacks %q:\n%s", want, pages[2])
		}
	}
}

// Without --ladder the report has one skill ladder page per variant, at
// 4 players or the nearest count it covers (Bank Run plays 2 or 3: 3, or
// 2 with --players 2); --ladder=false has none. Read back from the PDF.
func TestReportHasALadderByDefault(t *testing.T) {
	for _, c := range []struct {
		args    []string
		pages   int
		ladder  string // the ladder page's title; "" for none
		players []string
	}{
		{nil, 5, "Bank Run balance: 3 players, skill ladder", []string{"2", "3"}},
		{[]string{"--players", "2"}, 3, "Bank Run balance: 2 players, skill ladder", []string{"2"}},
		{[]string{"--ladder=false"}, 4, "", []string{"2", "3"}},
	} {
		outDir := t.TempDir()
		args := append([]string{"report", "--games", "20", "--budget", "8", "--seed", "4", "--out", outDir}, c.args...)
		if code, out, errOut := run(t, repoRoot, append(args, bank)...); code != 0 {
			t.Fatalf("%v: exit %d\n%s%s", c.args, code, out, errOut)
		}
		pages := pdftest.FilePages(t, filepath.Join(outDir, "bank", "bank-balance.pdf"))
		if len(pages) != c.pages {
			t.Fatalf("%v: %d pages, want %d", c.args, len(pages), c.pages)
		}
		all := strings.Join(pages, "\f")
		if got := strings.Count(all, "players, skill ladder"); c.ladder == "" && got > 0 || c.ladder != "" && (got != 1 || !strings.Contains(pages[len(pages)-1], c.ladder)) {
			t.Errorf("%v: %d ladder pages; want the last one to be %q", c.args, got, c.ladder)
		}
		if c.ladder != "" && !strings.Contains(pages[len(pages)-1], "Matchups") {
			t.Errorf("%v: the ladder page has no matchup matrix:\n%s", c.args, pages[len(pages)-1])
		}
		for _, n := range c.players {
			if !strings.Contains(all, "Bank Run balance: "+n+" players, outcomes") {
				t.Errorf("%v: no outcomes page at %s players", c.args, n)
			}
		}
	}
}

// A bad bot spec is a usage error: one line saying what is wrong, exit 2,
// before any game is played.
func TestBadBotSpecs(t *testing.T) {
	for spec, want := range map[string]string{
		"genius":                 `--bots: unknown bot "genius" (want random, heuristic or mcts[:N][:c=X][:rollout=random|heuristic][:horizon=H][:cut=rank|margin][:time=D][:prior=W])`,
		"mcts:0":                 `--bots: bot "mcts:0": the budget "0" is not 1 to 1000000 iterations`,
		"heuristic:5":            `--bots: bot "heuristic:5": heuristic takes no budget`,
		"mcts:c=-1":              `--bots: bot "mcts:c=-1": c="-1": want c=X, UCB1's exploration constant, 0 to 100 (default 0.7)`,
		"mcts:200:rollout=smart": `--bots: bot "mcts:200:rollout=smart": rollout="smart": want rollout=random|heuristic`,
		"mcts:horizon=x":         `--bots: bot "mcts:horizon=x": horizon="x": want horizon=H, stop each play-out after H moves`,
		"mcts:depth=3":           `--bots: bot "mcts:depth=3": "depth=3" is not a knob of mcts (want c=X, rollout=random|heuristic, horizon=H, cut=rank|margin, time=D, prior=W)`,
		"mcts:prior=-2":          `--bots: bot "mcts:prior=-2": prior="-2": want prior=W, weight of the look-ahead's rating`,
		"mcts:cut=lead":          `--bots: bot "mcts:cut=lead": cut="lead": want cut=rank|margin, how a play-out cut`,
		"random:c=1":             `--bots: bot "random:c=1": "c=1" is not a knob of random (want none: random has no knobs)`,
		"mcts:9:c=1:c=2":         `--bots: bot "mcts:9:c=1:c=2": c given twice`,
		"mcts:100:time=20ms":     `--bots: bot "mcts:100:time=20ms": give mcts iterations or time=, not both`,
		"mcts:time=20":           `--bots: bot "mcts:time=20": time="20": want time=D, a time budget a decision instead of iterations, 1ms to 1m`,
	} {
		code, out, errOut := run(t, repoRoot, "report", "--games", "1", "--ladder=false", "--bots", "random,"+spec, "--out", t.TempDir(), bank)
		if code != 2 || !strings.HasPrefix(errOut, "cardpress: "+want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 || out != "" {
			t.Errorf("--bots %s: exit %d, %q; want exit 2 and one line starting %q", spec, code, errOut, want)
		}
	}
	// A good spec with every knob plays.
	if code, out, errOut := run(t, repoRoot, "report", "--games", "2", "--ladder=false", "--players", "2", "--bots", "mcts:20:c=1.2:rollout=heuristic:horizon=30,random", "--out", t.TempDir(), bank); code != 0 {
		t.Errorf("a good spec: exit %d\n%s%s", code, out, errOut)
	}
}

// A ladder played in three shards and drawn from their files is the
// ladder one run plays, byte for byte; a missing, doubled or foreign
// shard is refused with one line and exit 2.
func TestReportLadderShardsMerge(t *testing.T) {
	whole, shards := t.TempDir(), t.TempDir()
	if code, out, errOut := run(t, repoRoot, append(ladderArgs, "--out", whole, bank)...); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	var files []string
	for k := 1; k <= 3; k++ {
		code, out, errOut := run(t, repoRoot, append(ladderArgs, "--shard", strconv.Itoa(k)+"/3", "--out", shards, bank)...)
		if code != 0 {
			t.Fatalf("shard %d: exit %d\n%s%s", k, code, out, errOut)
		}
		files = append(files, filepath.Join(shards, "bank", "bank-ladder-"+strconv.Itoa(k)+"-of-3.json"))
		if !strings.Contains(out, files[k-1]) {
			t.Errorf("shard %d says %q, want it to name %s", k, out, files[k-1])
		}
	}
	merged := t.TempDir()
	code, out, errOut := run(t, repoRoot, append(ladderArgs, "--merge", strings.Join(files, ","), "--out", merged, bank)...)
	if code != 0 {
		t.Fatalf("merge: exit %d\n%s%s", code, out, errOut)
	}
	a, _ := os.ReadFile(filepath.Join(whole, "bank", "bank-balance.pdf"))
	b, _ := os.ReadFile(filepath.Join(merged, "bank", "bank-balance.pdf"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Error("the report drawn from the merged shards differs from the one run's")
	}
	// A shard edited by hand: a count that cannot be.
	data, err := os.ReadFile(files[1])
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, bytes.Replace(data, []byte(`"Games": `), []byte(`"Games": -`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	// A field the format does not have: the schema refuses it.
	unknown := filepath.Join(t.TempDir(), "unknown.json")
	if err := os.WriteFile(unknown, bytes.Replace(data, []byte(`"players": `), []byte(`"budget": 8, "players": `), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--merge", files[0] + "," + bad + "," + files[2]}, bad + ": columns/0/ladders/0/cells/0/seats/0/"},
		{[]string{"--merge", files[0] + "," + files[2]}, "shard 2/3 is missing"},
		{[]string{"--merge", files[0] + "," + files[0] + "," + files[2]}, "shard 1/3, the same as"},
		{[]string{"--merge", strings.Join(files, ","), "--seed", "5"}, "played with seed 4; draw it with --seed 4"},
		{[]string{"--shard", "1/2", "--ladder=false"}, "--shard plays a shard of the skill ladders: not with --ladder=false"},
		{[]string{"--merge", strings.Join(files, ","), "--ladder=false"}, "--merge draws the skill ladders from shard files: not with --ladder=false"},
		{[]string{"--budget", "1"}, "--budget must be 2 to"},
		{[]string{"--merge", files[0] + "," + unknown + "," + files[2]}, unknown + `: columns/0/ladders/0/budget: unknown field "budget"`},
	} {
		code, _, errOut := run(t, repoRoot, append(append(slices.Clone(ladderArgs), c.args...), "--out", t.TempDir(), bank)...)
		if code != 2 || !strings.Contains(errOut, c.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%v: exit %d, %q; want exit 2 and one line saying %q", c.args, code, errOut, c.want)
		}
	}
}

// merge adds up sim's shards; given a ladder shard it says, in one line
// and exit 2, that report --merge draws those.
func TestMergeRefersLadderFilesToReport(t *testing.T) {
	dir := t.TempDir()
	if code, out, errOut := run(t, repoRoot, append(ladderArgs, "--shard", "1/2", "--out", dir, bank)...); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	file := filepath.Join(dir, "bank", "bank-ladder-1-of-2.json")
	code, out, errOut := run(t, repoRoot, "merge", file)
	want := "cardpress: " + file + ": a skill ladder shard (report --shard), not sim's: draw the ladders with cardpress report GAME --merge FILE,...\n"
	if code != 2 || errOut != want || out != "" {
		t.Errorf("merge of a ladder file: exit %d, %q; want exit 2 and %q", code, errOut, want)
	}
}

// The ladder file's schema and the Go types say the same: every field
// the types write is in the schema and every field of the schema is one
// they write (the summaries are sim's: TestSimResultsSchemaNamesEveryField).
func TestLadderResultsSchemaNamesEveryField(t *testing.T) {
	schemaNamesEveryField(t, "ladder-results.schema.json", func(sch resultsSchema) []typeAndProps {
		return []typeAndProps{
			{reflect.TypeFor[LadderResults](), sch.Properties},
			{reflect.TypeFor[LadderColumn](), sch.Defs["column"].Properties},
			{reflect.TypeFor[report.Ladder](), sch.Defs["ladder"].Properties},
			{reflect.TypeFor[report.LadderCell](), sch.Defs["cell"].Properties},
		}
	})
}

// Every shipped game's engine says in words what each of its counters
// counts: the report shows those words, not the counters' names.
func TestShippedCountersHaveDocs(t *testing.T) {
	games, fs := pipeline.Load([]string{filepath.Join(repoRoot, "cards")})
	if len(games) < 6 {
		t.Fatalf("%d games loaded: %v", len(games), fs)
	}
	for _, g := range games {
		if g.Engine == nil {
			continue
		}
		info := g.Engine.Info()
		if len(info.CounterDocs) != len(info.Counters) {
			t.Errorf("%s: %d counters, %d docs", g.Data.Manifest.ID, len(info.Counters), len(info.CounterDocs))
			continue
		}
		for i, d := range info.CounterDocs {
			if d == "" || d == info.Counters[i] {
				t.Errorf("%s: counter %s has no doc", g.Data.Manifest.ID, info.Counters[i])
			}
		}
	}
}

// One game a variant is "1 game", not "1 games".
func TestReportSaysOneGame(t *testing.T) {
	outDir := t.TempDir()
	if code, out, errOut := run(t, repoRoot, "report", "--games", "1", "--players", "2", "--ladder=false", "--out", outDir, bank); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	matches, _ := filepath.Glob(filepath.Join(outDir, "*", "*-balance.pdf"))
	if len(matches) != 1 {
		t.Fatalf("balance PDFs: %q", matches)
	}
	if page := pdftest.Pages(t, readFile(t, matches[0]))[0]; !strings.Contains(page, "1 game per variant") {
		t.Errorf("page 1 does not say 1 game per variant:\n%s", page)
	}
}

// Heist Masterminds' engine records no card choices: its cards page drew
// an empty scatter titled "0 dead (grey), 0 dominant (red)" with an axis
// ticked 0, 0, 0, 0. It says so in words instead.
func TestReportOfAGameWithoutCardChoices(t *testing.T) {
	outDir := t.TempDir()
	code, out, errOut := run(t, repoRoot, "report", "--games", "10", "--players", "2", "--ladder=false", "--out", outDir, "cards/hmm")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	page := pdftest.FilePages(t, filepath.Join(outDir, "hmm", "hmm-balance.pdf"))[1]
	if strings.Contains(page, "plays per game") || strings.Count(page, "No seat chose between cards in 10 games") != 2 {
		t.Errorf("the cards page does not say, for each variant, that no card was chosen:\n%s", page)
	}
}

// A designer's game made from Crazy Eights: one deal, ended in five ways
// named in words with a star, counters with their lines, a title with a
// star, two variants, seven players. The causes stood cut to "went…" under
// their bars and the stars were empty boxes.
func TestReportOfADesignersGameReadsWhole(t *testing.T) {
	ws := testutil.CopyGame(t, "crazy-eights")
	testutil.Edit(t, ws, "cards/crazy-eights/game.yaml", "\ntitle: Crazy Eights\n", "\ntitle: Crazy Eights ★ Deluxe\n")
	testutil.Edit(t, ws, "cards/crazy-eights/game.yaml", "print:", "variants:\n  default: book\n  list:\n    - {id: book, name: Book, parameters: {}}\n    - {id: big-hands, name: Big hands, parameters: {hand_size: 6}}\n\nprint:")
	rules := "cards/crazy-eights/rules.yaml"
	testutil.Edit(t, ws, rules, "  - while: \"max(seats, score[seat]) < target_score\"\n    do:", "  - if: \"true\"\n    then:")
	testutil.Edit(t, ws, rules, "\nplay:\n", "\ncounters:\n  cards_drawn: a card drawn from the stock\n  passes_made: a player passed\n\nplay:\n")
	testutil.Edit(t, ws, rules, "                    - move: {from: stock, to: \"hand[turn]\"}\n", "                    - move: {from: stock, to: \"hand[turn]\"}\n                    - tally: cards_drawn\n")
	testutil.Edit(t, ws, rules, "      - set: \"dealer = next(dealer)\"\n", `      - set: "dealer = next(dealer)"
      - if: "passes >= players"
        then: [{end: "blocked ★ nobody could play"}]
      - if: "top(discard).rank == '8'"
        then: [{end: "went out on an eight ★"}]
      - if: "top(discard).suit == 'clubs'"
        then: [{end: "went out on clubs"}]
      - if: "top(discard).suit == 'hearts'"
        then: [{end: "went out on hearts"}]
`)
	if err := os.Remove(filepath.Join(ws, "cards/crazy-eights/tests.yaml")); err != nil {
		t.Fatal(err)
	}
	testutil.Edit(t, ws, "cards/crazy-eights/game.yaml", "  tests: [tests.yaml]\n", "")
	out := t.TempDir()
	code, stdout, stderr := run(t, ws, "report", "--games", "30", "--players", "7", "--ladder=false", "--out", out, "cards/crazy-eights")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	data, err := os.ReadFile(filepath.Join(out, "crazy-eights", "crazy-eights-balance.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	r := pdftest.Read(t, data)
	outcomes := pdftest.Joined(pdftest.PageText(t, r, 1))
	for _, want := range []string{"went out on clubs", "went out on hearts", "end of play", "Ending causes (book)", "Ending causes (big-hands)"} {
		if !strings.Contains(outcomes, want) {
			t.Errorf("the outcomes page lacks %q:\n%s", want, outcomes)
		}
	}
	if cards := pdftest.Joined(pdftest.PageText(t, r, 2)); !strings.Contains(cards, "a card drawn from the stock") || strings.Contains(cards, "cards_drawn") {
		t.Errorf("the counters are not named by their lines:\n%s", cards)
	}
	for page := 1; page <= 2; page++ {
		stars := 0
		for _, g := range pdftest.PageText(t, r, page) {
			if strings.Contains(g.Font, "DejaVu") {
				stars++
			}
		}
		if stars == 0 {
			t.Errorf("page %d draws no star from DejaVu Sans", page)
		}
	}
}
