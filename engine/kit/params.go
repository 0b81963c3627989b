package kit

import (
	"strings"

	"cardpress/finding"
	"cardpress/gamedata"
)

// DecodeParams decodes the rule parameters an engine needs, names in the
// order to report them, into the Go values field returns for each. Every
// parameter is first held to bounds (ParamRangeFindings): one out of range
// is reported once, at its value, and not decoded. A name the game does
// not declare is UNDEFINED_PARAMETER at the manifest, naming the game; a
// value that does not decode is SCHEMA_TYPE at the value. It returns the
// findings and the names out of range, for the engine's own checks.
func DecodeParams(d *gamedata.Game, game string, names []string, bounds []Bound, field func(name string) any) ([]finding.Finding, map[string]bool) {
	found, outOfRange := ParamRangeFindings(d, bounds)
	for _, name := range names {
		prm, ok := d.Params[name]
		if !ok || prm.Node == nil {
			found = append(found, finding.New(d.Manifest.Pos, "UNDEFINED_PARAMETER", "%s needs rule parameter %q", game, name))
			continue
		}
		if outOfRange[name] {
			continue
		}
		if err := prm.Node.Decode(field(name)); err != nil {
			found = append(found, finding.New(prm.Pos, "SCHEMA_TYPE", "parameter %s: %s", name, strings.Join(strings.Fields(err.Error()), " ")))
		}
	}
	return found, outOfRange
}
