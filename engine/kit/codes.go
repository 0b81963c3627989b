package kit

import (
	"slices"
	"strings"
	"sync"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/gamedata"
)

// The codes several engines report, each for its own data; a code only one
// engine reports is declared in that engine's package.
var (
	CodeParamRange = finding.Declare(finding.Code{ID: "PARAMETER_RANGE", Severity: finding.Error, Scope: finding.Engine,
		Purpose: "A rule parameter is outside the range the engine plays (the bounds of its parameter schema, checked again for data that did not come through validation), or does not fit the rest of the data."})
	CodeCardRange = finding.Declare(finding.Code{ID: "CARD_FIELD_RANGE", Severity: finding.Error, Scope: finding.Engine,
		Purpose: "A number on a card is outside the range the engine plays (the bounds of its cards schema, checked again for data that did not come through validation)."})
	CodeCardInvalid = finding.Declare(finding.Code{ID: "CARD_INVALID", Severity: finding.Error, Scope: finding.Engine,
		Purpose: "A card handed to an engine without validation (through the Go API) is not what its cards schema allows: a field missing, of the wrong type or not one of its values. Commands build engines only from validated data and report the schema's finding instead."})
	CodeTooManyPlayers = finding.Declare(finding.Code{ID: "TOO_MANY_PLAYERS", Severity: finding.Error, Scope: finding.Engine,
		Purpose: "The player range goes past what the engine plays (at most 8 players)."})
	CodeTooManyCards = finding.Declare(finding.Code{ID: "TOO_MANY_CARDS", Severity: finding.Error, Scope: finding.Engine,
		Purpose: "The game has more than 255 distinct cards, or a deck of play holds more than 256 cards or 255 copies of a card at some player count; reported at the count of the card with the most copies."})
	CodeTooManyKeywords = finding.Declare(finding.Code{ID: "TOO_MANY_KEYWORDS", Severity: finding.Error, Scope: finding.Engine,
		Purpose: "The game has more keywords than the engine keeps in its bit masks (64)."})
	CodeEffectTarget = finding.Declare(finding.Code{ID: "EFFECT_TARGET", Severity: finding.Error, Scope: finding.Engine,
		Purpose: "An effect targets someone it cannot (stealing from yourself, giving yourself a penalty meant for others)."})
)

// The kit's checks, which every engine's build makes through kit.Open and
// the bounds of its schemas.
var _ = RegisterCheck(Check{
	ID:  "engine-kit-build",
	Doc: "Checks as any engine builds a game that parameters and card numbers are within the bounds the engine plays, cards are what its schema allows, players, cards and keywords fit what it holds, the players range is whole, and the engine's rule parameters are declared.",
	Codes: []*finding.Code{CodeParamRange, CodeCardRange, CodeCardInvalid, CodeTooManyPlayers, CodeTooManyCards, CodeTooManyKeywords, CodeEffectTarget,
		gamedata.CodePlayers, gamedata.CodeUndefinedParameter},
	Build: true,
})

// Codes declares the finding codes of one engine: its own checks (Error,
// Warning) and its alarms, each in a line beside the check or counter it
// belongs to, with the engine's id and scope filled in.
type Codes struct{ engine string }

// CodesOf is the declarer of the engine with this id.
func CodesOf(engine string) Codes { return Codes{engine: engine} }

// Error declares a check whose findings are errors.
func (c Codes) Error(id, purpose string) *finding.Code {
	return c.declare(id, finding.Error, finding.Engine, purpose)
}

// Warning declares a check whose findings are warnings.
func (c Codes) Warning(id, purpose string) *finding.Code {
	return c.declare(id, finding.Warning, finding.Engine, purpose)
}

// Alarm declares the warning of an alarm (engine.Alarm): purpose says what
// it means when the counter runs high. The smoke games' alarms check
// reports it (AlarmCodes).
func (c Codes) Alarm(id, purpose string) *finding.Code {
	code := c.declare(id, finding.Warning, finding.Alarm, purpose)
	alarmsMu.Lock()
	defer alarmsMu.Unlock()
	alarms = append(alarms, code)
	return code
}

var (
	alarmsMu sync.Mutex
	alarms   []*finding.Code
)

// AlarmCodes lists every engine's alarm codes, by id.
func AlarmCodes() []*finding.Code {
	alarmsMu.Lock()
	defer alarmsMu.Unlock()
	out := slices.Clone(alarms)
	slices.SortFunc(out, func(a, b *finding.Code) int { return strings.Compare(a.ID, b.ID) })
	return out
}

func (c Codes) declare(id string, sev finding.Severity, scope finding.Scope, purpose string) *finding.Code {
	return finding.Declare(finding.Code{ID: id, Severity: sev, Scope: scope, Engine: c.engine, Purpose: purpose})
}
