package kit

import "cardpress/finding"

// The codes several engines report, each for its own data; a code only one
// engine reports is declared in that engine's package.
var (
	CodeParamRange = finding.Declare(finding.Code{ID: "PARAMETER_RANGE", Severity: finding.Error, Scope: finding.Engine,
		Purpose: "A rule parameter is outside the range the engine plays (the bounds of its parameter schema, checked again for data that did not come through validation), or does not fit the rest of the data."})
	CodeCardRange = finding.Declare(finding.Code{ID: "CARD_FIELD_RANGE", Severity: finding.Error, Scope: finding.Engine,
		Purpose: "A number on a card is outside the range the engine plays (the bounds of its cards schema, checked again for data that did not come through validation)."})
	CodeTooManyPlayers = finding.Declare(finding.Code{ID: "TOO_MANY_PLAYERS", Severity: finding.Error, Scope: finding.Engine,
		Purpose: "The player range goes past what the engine plays (at most 8 players)."})
	CodeTooManyCards = finding.Declare(finding.Code{ID: "TOO_MANY_CARDS", Severity: finding.Error, Scope: finding.Engine,
		Purpose: "The game has more than 255 distinct cards, or a deck of play holds more than 256 cards or 255 copies of a card at some player count; reported at the count of the card with the most copies."})
	CodeEffectTarget = finding.Declare(finding.Code{ID: "EFFECT_TARGET", Severity: finding.Error, Scope: finding.Engine,
		Purpose: "An effect targets someone it cannot (stealing from yourself, giving yourself a penalty meant for others)."})
)
