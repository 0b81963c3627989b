package gamedata

import (
	"fmt"

	"github.com/cardpress/cardpress/finding"
)

// The codes of loading's checks of a game's data (the file and YAML ones are
// declared in source, the schema ones in schema). IDs are stable: scripts
// and editors match on them.
var (
	CodeNoManifest = finding.Declare(finding.Code{ID: "NO_MANIFEST", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A folder has no game.yaml (and no game folders inside)."})
	CodeUnknownEngine = finding.Declare(finding.Code{ID: "UNKNOWN_ENGINE", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "The engine game.yaml names is not registered."})
	CodeEngineSchema = finding.Declare(finding.Code{ID: "ENGINE_SCHEMA", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "An engine's own JSON Schema does not compile (an engine bug)."})
	CodeFileUnlisted = finding.Declare(finding.Code{ID: "FILE_UNLISTED", Severity: finding.Warning, Scope: finding.Validate,
		Purpose: "A YAML file in the game folder is not named in game.yaml files, so it is ignored."})
	CodeDuplicateID = finding.Declare(finding.Code{ID: "DUPLICATE_ID", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "Two cards, decks, keywords, phases or components share an id (reported at the second)."})
	CodeUndefinedDeck = finding.Declare(finding.Code{ID: "UNDEFINED_DECK", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A deck id that game.yaml decks does not declare, or a card without deck in a game with several."})
	CodeUndefinedKeyword = finding.Declare(finding.Code{ID: "UNDEFINED_KEYWORD", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A keyword id that game.yaml keywords does not declare."})
	CodeUndefinedParameter = finding.Declare(finding.Code{ID: "UNDEFINED_PARAMETER", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A parameter name, or reference {placeholder}, that is neither a parameter nor an engine fact."})
	CodeUndefinedComponent = finding.Declare(finding.Code{ID: "UNDEFINED_COMPONENT", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A layout token sheet, token face or track names a component game.yaml does not declare."})
	CodeUndefinedBack = finding.Declare(finding.Code{ID: "UNDEFINED_BACK", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A deck names a card back that game.yaml print.backs does not declare."})
	CodeUndefinedVariant = finding.Declare(finding.Code{ID: "UNDEFINED_VARIANT", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "The variants default names a variant the list does not have."})
	CodeCountMismatch = finding.Declare(finding.Code{ID: "COUNT_MISMATCH", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A cards component's count differs from the copies of its deck's cards (of all cards, without a deck), a token sheet's faces do not add up to its component's count, a per-player count does not share out evenly among the most players, a track has more values than spaces, or its labels do not match its strips."})
	CodePlayers = finding.Declare(finding.Code{ID: "PLAYERS_RANGE", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A player count outside the game's players range, a range whose min exceeds its max, a minimum below 1 player, or a per-player game with more players than the palette has colours."})
	CodeGameTooLarge = finding.Declare(finding.Code{ID: "GAME_TOO_LARGE", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A game's files add up to more than 4 MiB or 250,000 YAML values, or it has more than 5,000 cards; what is over is not read."})
	CodeFieldDecl = finding.Declare(finding.Code{ID: "FIELD_DECLARATION", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A deck's declared card field takes the name of a field every card has, has bounds the wrong way round or not whole for an integer, more max_items than values, or is declared in a game whose engine defines its own card fields."})
	CodeLayoutField = finding.Declare(finding.Code{ID: "LAYOUT_FIELD", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A layout element names a field no card of the game has: not a generic card field, not declared by a deck, not printed by the engine (often a typo)."})
	CodeLayoutBox = finding.Declare(finding.Code{ID: "LAYOUT_BOX", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A layout box leaves the card of a deck printed with it, or an element's box comes closer to the trim than print.safe_margin (3 mm unless set)."})
	CodeLayoutShape = finding.Declare(finding.Code{ID: "LAYOUT_SHAPE", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A layout shape cannot be drawn as written: a rect's corner radius over half its box's shorter side, a line's or polygon's point outside its box, or a polygon with both points and star (a star takes sides)."})
	CodeLayoutValue = finding.Declare(finding.Code{ID: "LAYOUT_VALUE", Severity: finding.Warning, Scope: finding.Validate,
		Purpose: "A colour or picture value map lists a value no card of its face can have (not among an enum's values, not true or false, a number out of bounds, a deck the face does not print): its entry is never used."})
	CodeImagePath = finding.Declare(finding.Code{ID: "IMAGE_PATH", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A picture path made from a card's values (src: art/{id}.png) is not a file name in the game folder (a space, .., an empty value); reported at the card whose value makes it."})
	CodeSchemaStale = finding.Declare(finding.Code{ID: "SCHEMA_STALE", Severity: finding.Warning, Scope: finding.Validate,
		Purpose: "A file in the game's schema/ folder differs from what `cardpress schema` writes now (declared fields changed, or a newer cardpress), or is missing."})
	CodeTemplate = finding.Declare(finding.Code{ID: "TEMPLATE", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A text template has unbalanced braces or an unknown {name:format}."})
	CodeAssetTooLarge = finding.Declare(finding.Code{ID: "ASSET_TOO_LARGE", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "An image or font file is over 16 MiB (an SVG drawing over 4 MiB), the game's images and fonts together over 64 MiB, an image has more than 40 million pixels or takes more than 256 MiB to decode, or the game's images would take more than 1 GiB (its picture memory budget); it is not read."})
	CodeImageFormat = finding.Declare(finding.Code{ID: "IMAGE_FORMAT", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "An image file is not a PNG, JPEG or SVG (GIF, WebP, ...), is damaged (it does not decode), or is an SVG drawing with what cardpress does not draw faithfully or refuses (text, masks, filters, XML entities, references outside the file)."})
	CodeImageLowRes = finding.Declare(finding.Code{ID: "IMAGE_LOW_RES", Severity: finding.Warning, Scope: finding.Validate,
		Purpose: "An image prints under 150 dpi at its size on the card (it looks blurred); the message says how many pixels it needs."})
	CodeIconUnknown = finding.Declare(finding.Code{ID: "ICON_UNKNOWN", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A :name: in printed text (or an icon's builtin in game.yaml) names no built-in icon and no icon the game declares; for text an engine generates, reported at the card."})
	CodeFontFile = finding.Declare(finding.Code{ID: "FONT_UNSUPPORTED", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A font file cannot be embedded: not TrueType (CFF outlines, a collection, WOFF), missing what the PDF writer needs, composite glyphs nested or repeated past cardpress's limits, or its licence forbids embedding."})
	CodeFontDamaged = finding.Declare(finding.Code{ID: "FONT_DAMAGED", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A font file breaks the TrueType format: a table past the end of the file or too short, glyph positions (loca) out of order or past the glyph data, a composite glyph that contains itself, a character map that overlaps."})
	CodeUndefinedCard = finding.Declare(finding.Code{ID: "UNDEFINED_CARD", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A file of the game names a card id that no card has, say after a card was renamed: a rule test (files.tests) or a lint.ignore entry. It is reported at the line that names the old id."})
	CodeUndefinedFont = finding.Declare(finding.Code{ID: "UNDEFINED_FONT", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A layout face or element names a font id that game.yaml fonts does not declare."})
	CodeEmphasis = finding.Declare(finding.Code{ID: "TEXT_EMPHASIS", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "An emphasis marker in printed text (** bold, * italic: a layout text template, a card's name, flavor or text field, a keyword's name) that nothing closes; \\* prints an asterisk."})
	CodeLayoutWhen = finding.Declare(finding.Code{ID: "LAYOUT_WHEN", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "A layout element's when does not parse, compares values of different types, uses what a condition cannot (arithmetic, calls), or names a value its field, the keywords or the decks do not have."})

	// Reuse in layout.yaml (reuse.go).
	CodeLayoutExtends = finding.Declare(finding.Code{ID: "LAYOUT_EXTENDS", Severity: finding.Error, Scope: finding.Validate,
		Purpose: fmt.Sprintf("A layout face extends a face there is not (front, or a deck's front), faces extend each other in a circle, or a face gets more than %d elements from the face it extends.", MaxFaceElements)})
	CodeLayoutGroup = finding.Declare(finding.Code{ID: "LAYOUT_GROUP", Severity: finding.Error, Scope: finding.Validate,
		Purpose: fmt.Sprintf("A layout element inserts a group that layout.yaml groups does not have, groups insert each other in a circle, or inserting groups takes a face past %d elements.", MaxFaceElements)})
	CodeLayoutName = finding.Declare(finding.Code{ID: "LAYOUT_NAME", Severity: finding.Error, Scope: finding.Validate,
		Purpose: "Two elements of one layout face have the same name, or a named element without a box (a change to an element of the face it extends) names no element of that face."})
	CodeLayoutUnused = finding.Declare(finding.Code{ID: "LAYOUT_UNUSED", Severity: finding.Warning, Scope: finding.Validate,
		Purpose: "A layout face or group that nothing prints: the top-level front when every deck has its own, no face extends it and there is no player aid; a group no face inserts. Its elements are still checked against the decks' fields."})
)
