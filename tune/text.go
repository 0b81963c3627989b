package tune

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/cardpress/cardpress/engine"
	"github.com/cardpress/cardpress/finding"
)

// WriteText prints a result as tune's text output: the settings, the
// proposal beside the current values with their intervals, the diff, and
// the evidence, one row per evaluation.
func WriteText(w io.Writer, r *Result) error {
	p := r.Plan
	searches := fmt.Sprintf("%d searches", r.Repeats)
	if r.Repeats == 1 {
		searches = "1 search"
	}
	game := r.Game
	if r.Variant != "" {
		game += ", variant " + r.Variant
	}
	if r.Engine != "" {
		game += ", engine " + r.Engine
	}
	fmt.Fprintf(w, "tune %s: %s of %d evaluations, %d games each per player count, bots %s, seed %s\n",
		finding.Visible(game), searches, r.Evaluations, r.Games, finding.Visible(strings.Join(r.Bots, ",")), r.Seed)
	fmt.Fprintf(w, "targets: %s; players %s\n", targetsText(p), intsText(p.Players))
	if r.Shards > 1 {
		fmt.Fprintf(w, "shard %d of %d: its searches only; merge every shard's file (cardpress tune GAME_DIR --merge FILE...) for the proposal\n", r.Shard, r.Shards)
	}
	if r.Best != nil {
		fmt.Fprintf(w, "\nproposal, measured again over %d games per player count (the same games for both):\n", r.Confirm)
		if err := compare(w, p, r.Current, *r.Best); err != nil {
			return err
		}
		switch {
		case r.Best.Score.Loss >= brokenLoss:
			fmt.Fprintln(w, "\nno proposal: the games of every candidate measured failed (did not end, crashed or broke an invariant): cardpress lint tells why")
		case r.DiffError != "":
			fmt.Fprintf(w, "\nno diff: %s; change the values in game.yaml by hand\n", finding.Visible(r.DiffError))
		case r.Diff == "":
			fmt.Fprintln(w, "\nno change proposed: the current values scored best")
		default:
			in := "the folder tune was run from"
			if r.DiffIn != "" {
				in = "the game folder " + r.DiffIn
			}
			fmt.Fprintf(w, "\ngame.yaml diff (git apply, or patch -p1, in %s):\n", finding.Visible(in))
			writeDiff(w, r.Diff)
		}
	}
	fmt.Fprintln(w, "\nevidence: every candidate played, in order (score: lower is better, 0 at best; met: every target met)")
	return evidence(w, r)
}

// writeDiff prints a diff, each line made visible (game.yaml is data),
// but a CRLF file's CR kept one, or the diff would not apply.
func writeDiff(w io.Writer, diff string) {
	for _, line := range strings.SplitAfter(strings.TrimSuffix(diff, "\n"), "\n") {
		line = strings.TrimSuffix(line, "\n")
		end := "\n"
		if strings.HasSuffix(line, "\r") {
			line, end = strings.TrimSuffix(line, "\r"), "\r\n"
		}
		fmt.Fprint(w, finding.Visible(line), end)
	}
}

func targetsText(p PlanInfo) string {
	var parts []string
	if p.Within > 0 {
		parts = append(parts, fmt.Sprintf("seat win rates within %g points of fair", p.Within))
	}
	if l := p.Length; l != nil {
		parts = append(parts, fmt.Sprintf("mean length %g-%g %s", l.Min, l.Max, finding.Visible(l.Unit())))
	}
	if l := p.Ladder; l != nil {
		parts = append(parts, "skill ladder "+finding.Visible(strings.Join(l.Bots, " < ")))
	}
	return strings.Join(parts, "; ")
}

func intsText(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = fmt.Sprint(x)
	}
	return strings.Join(s, ", ")
}

// compare prints the current values and the proposal side by side.
func compare(out io.Writer, p PlanInfo, cur, best Candidate) error {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	row := func(label string, cell func(c Candidate) string) {
		fmt.Fprintf(w, "%s\t%s\t%s\n", label, cell(cur), cell(best))
	}
	fmt.Fprintf(w, "\tcurrent\tproposed\n")
	for i, d := range p.Parameters {
		row(finding.Visible(d.Path), func(c Candidate) string { return finding.Visible(fmt.Sprint(c.Values[i])) })
	}
	for k, n := range p.Players {
		for seat := range n {
			row(fmt.Sprintf("%d players: seat %d wins (95%%)", n, seat+1), func(c Candidate) string {
				if k >= len(c.Measures) {
					return "-"
				}
				m := c.Measures[k]
				lo, hi := m.Interval(seat)
				return engine.FiniteCell("%.1f%% [%.1f-%.1f]", 100*m.WinRate(seat), 100*lo, 100*hi)
			})
		}
		row(fmt.Sprintf("%d players: moves (mean ± sd)", n), func(c Candidate) string {
			if k >= len(c.Measures) {
				return "-"
			}
			return engine.FiniteCell("%.1f ± %.1f", c.Measures[k].MeanMoves(), c.Measures[k].SDMoves())
		})
		if l := p.Length; l != nil && l.Counter != "" {
			row(fmt.Sprintf("%d players: %s per game", n, finding.Visible(l.Counter)), func(c Candidate) string {
				if k >= len(c.Measures) {
					return "-"
				}
				return engine.FiniteCell("%.2f", c.Measures[k].Length(l))
			})
		}
		if p.Ladder != nil {
			for j := 1; j < len(p.Ladder.Bots); j++ {
				row(fmt.Sprintf("%d players: %s vs %s wins", n, finding.Visible(p.Ladder.Bots[j]), finding.Visible(p.Ladder.Bots[j-1])), func(c Candidate) string {
					if k >= len(c.Measures) || j-1 >= len(c.Measures[k].Ladder) {
						return "-"
					}
					r := c.Measures[k].Ladder[j-1]
					lo, hi := engine.Wilson(r.Wins, float64(r.Games))
					return engine.FiniteCell("%.1f%% [%.1f-%.1f]", 100*r.Wins/float64(max(r.Games, 1)), 100*lo, 100*hi)
				})
			}
		}
	}
	row("worst seat off fair", func(c Candidate) string { return seatOffText(c, "%.1f points") })
	row("score", func(c Candidate) string { return scoreText(c) })
	row("targets met", func(c Candidate) string { return yesNo(c.Score.Met) })
	return w.Flush()
}

// seatOffText is the worst seat's distance from fair, or "-" for a
// candidate whose games failed: there is no distance to measure.
func seatOffText(c Candidate, format string) string {
	if c.Error != "" || c.Score.Loss >= brokenLoss {
		return "-"
	}
	return engine.FiniteCell(format, c.Score.SeatOff)
}

func scoreText(c Candidate) string {
	if c.Error != "" || c.Score.Loss >= brokenLoss {
		return "broken"
	}
	return engine.FiniteCell("%.2f", c.Score.Loss)
}

// evidence prints every evaluation of every search.
func evidence(out io.Writer, r *Result) error {
	w := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprint(w, "search\t#")
	for _, d := range r.Plan.Parameters {
		fmt.Fprint(w, "\t", finding.Visible(d.Path))
	}
	fmt.Fprint(w, "\tseat off (points)\t", lengthHeader(r.Plan), "\tscore\tmet\tnote\n")
	for _, run := range r.Runs {
		for i, c := range run.Evaluations {
			fmt.Fprintf(w, "%d\t%d", run.Repeat, i+1)
			for _, v := range c.Values {
				fmt.Fprint(w, "\t", finding.Visible(fmt.Sprint(v)))
			}
			note := finding.Visible(c.Error)
			if note == "" && c.Score.Loss >= brokenLoss {
				note = "games failed (did not end, crashed or broke an invariant)"
			}
			fmt.Fprintf(w, "\t%s\t%s\t%s\t%s", seatOffText(c, "%.1f"), lengths(r.Plan, c), scoreText(c), yesNo(c.Score.Met))
			if note != "" {
				fmt.Fprint(w, "\t", note)
			}
			fmt.Fprintln(w)
		}
	}
	return w.Flush()
}

func lengthHeader(p PlanInfo) string {
	if p.Length != nil {
		return finding.Visible(p.Length.Unit())
	}
	return "moves"
}

// lengths are the mean lengths at each player count, slash-separated.
func lengths(p PlanInfo, c Candidate) string {
	if len(c.Measures) == 0 {
		return "-"
	}
	var s []string
	for _, m := range c.Measures {
		s = append(s, engine.FiniteCell("%.1f", m.Length(p.Length)))
	}
	return strings.Join(s, "/")
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}
