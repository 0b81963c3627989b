package gamedata

import (
	"cardpress/schema"
	"cardpress/source"
)

// Code documents one finding code that loading can report.
type Code struct {
	ID  string
	Doc string
}

// Finding codes of the checks in this package (the file and YAML ones come
// from source, the schema ones from schema).
const (
	CodeNoManifest         = "NO_MANIFEST"
	CodeUnknownEngine      = "UNKNOWN_ENGINE"
	CodeEngineSchema       = "ENGINE_SCHEMA"
	CodeFileUnlisted       = "FILE_UNLISTED"
	CodeDuplicateID        = "DUPLICATE_ID"
	CodeUndefinedDeck      = "UNDEFINED_DECK"
	CodeUndefinedKeyword   = "UNDEFINED_KEYWORD"
	CodeUndefinedParameter = "UNDEFINED_PARAMETER"
	CodeUndefinedComponent = "UNDEFINED_COMPONENT"
	CodeUndefinedBack      = "UNDEFINED_BACK"
	CodeUndefinedVariant   = "UNDEFINED_VARIANT"
	CodeCountMismatch      = "COUNT_MISMATCH"
	CodePlayers            = "PLAYERS_RANGE"
	CodeTemplate           = "TEMPLATE"
	CodeGameTooLarge       = "GAME_TOO_LARGE"
	CodeFieldDecl          = "FIELD_DECLARATION"
)

// Codes lists every code Load and CheckPlaceholders report, for
// `cardpress rules`. IDs are stable: scripts and editors match on them.
var Codes = []Code{
	{source.CodeFileMissing, "a file (or a file named in game.yaml) does not exist"},
	{source.CodeFileRead, "a file or folder cannot be read (permission denied), or is not a regular file (a FIFO, a device)"},
	{source.CodeFileOutside, "a file, or a game folder in a folder of games, is a symbolic link to a place outside its folder; it is not opened"},
	{source.CodeFileEmpty, "a file is empty or holds only comments"},
	{source.CodeFileTooLarge, "a file is larger than the 1 MiB limit"},
	{source.CodeFileBinary, "a file contains NUL bytes: it is binary, not YAML"},
	{source.CodeFileNotUTF8, "a file is not valid UTF-8 text (reported at the first bad byte)"},
	{source.CodeSyntax, "YAML syntax error, control character, or a second document in one file"},
	{source.CodeTabIndent, "a line is indented with a tab; YAML indents with spaces"},
	{source.CodeDuplicateKey, "a mapping repeats a key (reported at the second one)"},
	{source.CodeKey, "a mapping key is a list or mapping, or a merge key (<<) has no mapping"},
	{source.CodeAliasLimit, "YAML aliases expand to too many values (an alias bomb)"},
	{source.CodeMappingLimit, "a mapping has more than 1,000 keys (decoding it would take minutes)"},
	{source.CodeAliasCycle, "a YAML alias is inside the value it refers to"},
	{source.CodeGlyph, "text has a character the font that prints it cannot draw, nor the fallback DejaVu Sans (or one above U+FFFF)"},
	{source.CodeModeline, "warning: the first line is not the yaml-language-server $schema modeline for the file"},
	{schema.CodeUnknownField, "a field the schema does not know (often a typo)"},
	{schema.CodeType, "a value has the wrong type (text, number, list, mapping)"},
	{schema.CodeEnum, "a value is not one of the allowed choices"},
	{schema.CodeRequired, "a required field is missing"},
	{schema.CodeOther, "any other schema violation: range, pattern, length, uniqueness"},
	{CodeNoManifest, "a folder has no game.yaml (and no game folders inside)"},
	{CodeUnknownEngine, "game.yaml names an engine that is not registered"},
	{CodeEngineSchema, "an engine's own JSON Schema does not compile (an engine bug)"},
	{CodeFileUnlisted, "warning: a YAML file in the game folder is not named in game.yaml files, so it is ignored"},
	{CodeDuplicateID, "two cards, decks, keywords, phases or components share an id (reported at the second)"},
	{CodeUndefinedDeck, "a deck id that game.yaml decks does not declare, or a card without deck in a game with several"},
	{CodeUndefinedKeyword, "a keyword id that game.yaml keywords does not declare"},
	{CodeUndefinedParameter, "a parameter name, or reference {placeholder}, that is neither a parameter nor an engine fact"},
	{CodeUndefinedComponent, "a layout token sheet, token face or track names a component game.yaml does not declare"},
	{CodeUndefinedBack, "a deck names a card back that game.yaml print.backs does not declare"},
	{CodeUndefinedVariant, "variants default names a variant the list does not have"},
	{CodeCountMismatch, "a cards component's count differs from the copies of its deck's cards (of all cards, without a deck), a token sheet's faces do not add up to its component's count, a per-player count does not share out evenly among the most players, a track has more values than spaces, or its labels do not match its strips"},
	{CodePlayers, "a player count outside the game's players range, a range whose min exceeds its max, a minimum below 1 player, or a per-player game with more players than the palette has colours"},
	{CodeGameTooLarge, "a game's files add up to more than 4 MiB or 250,000 YAML values, or it has more than 5,000 cards; what is over is not read"},
	{CodeFieldDecl, "a deck's declared card field takes the name of a field every card has, has bounds the wrong way round or not whole for an integer, more max_items than values, or is declared in a game whose engine defines its own card fields"},
	{CodeLayoutField, "a layout element names a field no card of the game has: not a generic card field, not declared by a deck, not printed by the engine (often a typo)"},
	{CodeLayoutBox, "a layout box leaves the card of a deck printed with it, or an element's box comes closer to the trim than print.safe_margin (3 mm unless set)"},
	{CodeSchemaStale, "warning: a file in the game's schema/ folder differs from what `cardpress schema` writes now (declared fields changed, or a newer cardpress), or is missing"},
	{CodeTemplate, "a text template has unbalanced braces or an unknown {name:format}"},
	{CodeAssetTooLarge, "an image or font file is over 16 MiB, the game's images and fonts together over 64 MiB, or an image has more than 40 million pixels; it is not read"},
	{CodeImageFormat, "an image file is not a PNG or JPEG (GIF, WebP, SVG, ...), or is damaged: it does not decode"},
	{CodeImageLowRes, "warning: an image prints under 150 dpi at its size on the card (it looks blurred); the message says how many pixels it needs"},
	{CodeIconUnknown, "a :name: in printed text (or an icon's builtin in game.yaml) names no built-in icon and no icon the game declares; for text an engine generates, reported at the card"},
	{CodeFontFile, "a font file cannot be embedded: not TrueType (CFF outlines, a collection, WOFF), damaged, missing what the PDF writer needs, or its licence forbids embedding"},
	{CodeUndefinedFont, "a layout face or element names a font id that game.yaml fonts does not declare"},
}
