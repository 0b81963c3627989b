package check

import (
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// CodeIgnoreUnused is the finding of a lint.ignore entry that silences
// nothing.
var CodeIgnoreUnused = finding.Declare(finding.Code{ID: "LINT_IGNORE_UNUSED", Severity: finding.Warning, Scope: finding.Lint,
	Purpose: "A lint.ignore entry silences nothing any more: remove it."})

var _ = Register(Check{
	ID: "lint-ignore", Step: Lint, Codes: []*finding.Code{CodeIgnoreUnused},
	Doc: "Checks that every lint.ignore entry of game.yaml still silences a finding, once every check ran.",
})

// ApplyIgnores drops the findings game.yaml's lint.ignore silences and,
// when the run was full (see smoke.Options.Partial), reports entries that
// silence nothing (stale). It runs once, after every check, so checks
// never know about ignores. An entry naming no card is validate's
// (UNDEFINED_CARD): lint never runs on such data.
func ApplyIgnores(d *gamedata.Data, fs []finding.Finding, full bool) []finding.Finding {
	out, used := Silence(d, fs)
	for i, ig := range d.Manifest.Lint.Ignore {
		if !used[i] && full {
			out = append(out, CodeIgnoreUnused.At(ig.Pos, "lint.ignore of %s silences nothing: remove it", ig.Code))
		}
	}
	return out
}

// Silence drops the silenced findings and reports which ignores were used.
func Silence(d *gamedata.Data, fs []finding.Finding) (kept []finding.Finding, used []bool) {
	ignores := d.Manifest.Lint.Ignore
	used = make([]bool, len(ignores))
	if len(ignores) == 0 {
		return fs, used
	}
	spans := cardSpans(d)
	var out []finding.Finding
	for _, f := range fs {
		silenced := false
		for i, ig := range ignores {
			if ig.Code != f.Code {
				continue
			}
			if sp, ok := spans[ig.Card]; ig.Card != "" && (!ok || !sp.holds(f.Pos)) {
				continue
			}
			used[i], silenced = true, true
		}
		if !silenced {
			out = append(out, f)
		}
	}
	return out, used
}

// span is the lines of one card entry in its file.
type span struct {
	file        string
	first, last int
}

func (s span) holds(p finding.Pos) bool {
	return p.File == s.file && p.Line >= s.first && p.Line <= s.last
}

// cardSpans maps each card id to its lines: from its first line to the
// line before the next card of the same file.
func cardSpans(d *gamedata.Data) map[string]span {
	spans := map[string]span{}
	for i, c := range d.Cards {
		last := int(^uint(0) >> 1)
		if i+1 < len(d.Cards) && d.Cards[i+1].Pos.File == c.Pos.File {
			last = d.Cards[i+1].Pos.Line - 1
		}
		spans[c.ID] = span{file: c.Pos.File, first: c.Pos.Line, last: last}
	}
	return spans
}
