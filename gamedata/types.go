// Package gamedata loads one game's folder under cards/ — manifest, cards,
// layout and reference sheet — validates it against the JSON Schemas and
// checks the generic cross-references, keeping the YAML position of every
// value so problems are reported as file:line:col.
package gamedata

import (
	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/fonts"
	"github.com/cardpress/cardpress/icon"

	"go.yaml.in/yaml/v3"
)

// Data is one game's data as loaded from cards/<game>/.
type Data struct {
	Dir      string // the folder, as given (used to build the file names in findings)
	Manifest Manifest
	Cards    []Card // every card of every card file, in file order
	Layout   Layout
	Ref      Reference
	// Params holds each declared rule parameter by name.
	Params map[string]Param
	// ParamOrder lists parameter names in manifest order.
	ParamOrder []string
	// Rules and Tests are files.rules and files.tests, loaded and valid
	// against their schemas (nil when absent or broken).
	Rules *RulesFile
	Tests []*RulesFile
	// Variant is the rule variant whose values Params hold (see
	// WithVariant); "" for the parameter defaults as loaded.
	Variant string
	// PlayDigest is a digest (32 hex digits of SHA-256) of the files the
	// game plays from, as loaded: game.yaml, the card files and the rules
	// file. Results files record it, so shards played from different
	// files are not merged.
	PlayDigest string
	// defaults is Params as loaded, which every variant starts from.
	defaults map[string]Param
	// componentAt indexes Manifest.Components by id (the first of each), so
	// counts are found at once however many components a broken file lists.
	componentAt map[string]int

	// templates are the reference sheet's texts with their positions, kept
	// for CheckPlaceholders: placeholders may name engine facts, known
	// only after the engine has built the game.
	templates []template

	// Assets holds the files besides YAML the game names (images, fonts),
	// by their path in the game folder, each read once (assets.go).
	Assets map[string][]byte
	// Images are the images among them that decoded, by path (images.go).
	Images map[string]*Image

	// Fonts are the game's own fonts that loaded, by id (fonts.go); Icons
	// its own icons, by id (icons.go).
	Fonts         map[string]*fonts.Typeface
	Icons         map[string]icon.Def
	iconsReported map[string]bool // unknown icon names found in the YAML
}

// Manifest is game.yaml.
type Manifest struct {
	ID         string       `yaml:"id"`
	Engine     string       `yaml:"engine"` // registered engine; "" or NoEngine: none
	Title      string       `yaml:"title"`
	Version    string       `yaml:"version"`
	Players    Range        `yaml:"players"`
	PlayTime   Range        `yaml:"play_time"`
	Files      Files        `yaml:"files"`
	Sheet      *SheetSource `yaml:"sheet"` // the spreadsheet the cards are kept in, if any
	Components []Component  `yaml:"components"`
	Decks      []Deck       `yaml:"decks"`
	Keywords   []Keyword    `yaml:"keywords"`
	Phases     []Phase      `yaml:"phases"`
	Print      Print        `yaml:"print"`
	Lint       LintConfig   `yaml:"lint"`
	Variants   Variants     `yaml:"variants"`
	// Fonts and Icons are the game's own fonts and inline icons (fonts.go,
	// icons.go).
	Fonts []FontDecl `yaml:"fonts"`
	Icons []IconDecl `yaml:"icons"`

	Pos        finding.Pos // the file itself (line 1)
	IDPos      finding.Pos
	PlayersPos finding.Pos // position of the players: value
}

// SheetSource is game.yaml's sheet: the spreadsheet the cards are kept
// in, which watch and serve import again on every save, and how its
// headers name the fields.
type SheetSource struct {
	File    string            `yaml:"file"`
	Columns map[string]string `yaml:"columns"`
	Drop    []string          `yaml:"drop"`
}

// NoEngine is the engine of a game that has no rules engine: it is
// validated, statically linted and printed, but not played.
const NoEngine = "none"

// RulesEngine is the generic engine, which plays rules written as data
// (files.rules) and reads the card fields the decks declare.
const RulesEngine = "rules"

// DeclaresFields reports whether the game's cards have the fields its decks
// declare (no engine, or the generic one) rather than an engine's own.
func (m Manifest) DeclaresFields() bool { return !m.HasEngine() || m.Engine == RulesEngine }

// HasEngine reports whether the game names a rules engine.
func (m Manifest) HasEngine() bool { return m.Engine != "" && m.Engine != NoEngine }

// Variants is game.yaml's variants section: named sets of parameter values
// that replace the defaults.
type Variants struct {
	Default string    `yaml:"default"`
	List    []Variant `yaml:"list"`
}

// Variant is one rule variant.
type Variant struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	Doc  string `yaml:"doc"`
	// Params are the overrides of declared parameters, each with its value,
	// node and position in the variant (Doc and Source from the parameter).
	Params map[string]Param `yaml:"-"`
	Pos    finding.Pos
}

// LintConfig is game.yaml's lint section.
type LintConfig struct {
	Ignore []Ignore `yaml:"ignore"`
}

// Ignore silences one finding code, for one card or the whole game.
type Ignore struct {
	Code   string `yaml:"code"`
	Card   string `yaml:"card"`
	Reason string `yaml:"reason"`
	Pos    finding.Pos
}

type Range struct {
	Min int `yaml:"min"`
	Max int `yaml:"max"`
}

type Files struct {
	Cards     []string `yaml:"cards"`
	Layout    string   `yaml:"layout"`
	Reference string   `yaml:"reference"`
	// Rules is the game's rules written as data, played by the generic
	// engine (engine: rules); Tests are its rule tests (cardpress test).
	Rules string   `yaml:"rules"`
	Tests []string `yaml:"tests"`
}

// RulesFile is a YAML file of rules data (the rules, or rule tests) as
// loaded: its engine compiles it from the nodes, so every problem it finds
// has a position.
type RulesFile struct {
	Path string     // the file as findings name it (finding.Pos.File)
	Root *yaml.Node // the document's top mapping
}

type Component struct {
	ID    string `yaml:"id"`
	Name  string `yaml:"name"`
	Kind  string `yaml:"kind"` // cards, token, board, money, die, other
	Count int    `yaml:"count"`
	Deck  string `yaml:"deck"`  // kind cards: the deck whose card copies must add up to Count (every card when empty)
	Value int    `yaml:"value"` // kind money: face value
	// PerPlayer: Count is for all players together, one set in each
	// player colour (components.go).
	PerPlayer bool `yaml:"per_player"`
	Pos       finding.Pos
}

type Deck struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	Back string `yaml:"back"` // key into Print.Backs
	// Card is the deck's own card size; nil: the game's (Data.CardSize).
	Card *Size `yaml:"card"`
	// Fields are the card fields the deck declares, for a game without a
	// rules engine (see fields.go).
	Fields []Field `yaml:"fields"`
	Pos    finding.Pos
}

// Field is one card field a deck declares: its type and bounds check the
// cards, and its printed text is what a layout element of that name shows.
type Field struct {
	Name      string   `yaml:"name"`
	Type      string   `yaml:"type"` // text, integer, number, boolean, enum, list
	Required  bool     `yaml:"required"`
	Doc       string   `yaml:"doc"`
	Min       *float64 `yaml:"min"`
	Max       *float64 `yaml:"max"`
	MaxLength int      `yaml:"max_length"`
	Values    []string `yaml:"values"`
	MaxItems  int      `yaml:"max_items"`
	Label     string   `yaml:"label"` // boolean: printed when true
}

type Keyword struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	Doc  string `yaml:"doc"`
}

type Phase struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	Doc  string `yaml:"doc"`
}

type Print struct {
	Card  Size            `yaml:"card"` // mm, resolved from a preset when named by one
	Backs map[string]Back `yaml:"backs"`
	// SafeMargin is how far layout text keeps from the trim, in mm (nil:
	// DefaultSafeMargin): cutting drifts by a millimetre or two.
	SafeMargin *float64 `yaml:"safe_margin"`
}

// DefaultSafeMargin is the print shops' usual safe zone inside the trim.
const DefaultSafeMargin = 3.0

type Size struct {
	Width  float64 `yaml:"width"`
	Height float64 `yaml:"height"`
}

type Back struct {
	Title    string `yaml:"title"`
	Subtitle string `yaml:"subtitle"`
	Color    string `yaml:"color"`
	Accent   string `yaml:"accent"`
	// Image covers the back, bleed included, under the title (images.go).
	Image *ImageRef `yaml:"image"`
}

// Param is one declared rule parameter. Value is the default decoded to
// plain Go values (int, float64, string, bool, []any, map[string]any).
type Param struct {
	Name   string
	Value  any
	Doc    string
	Source string
	Node   *yaml.Node  // the default: value node, for engines that decode typed structs
	Pos    finding.Pos // position of the default value
}

// Card is the generic part of one card entry; game-specific fields stay in
// Node for the game's engine to decode.
type Card struct {
	ID       string   `yaml:"id"`
	Name     string   `yaml:"name"`
	Deck     string   `yaml:"deck"`  // defaults to the only deck when the manifest has one
	Count    int      `yaml:"count"` // copies; defaults to 1
	Players  []int    `yaml:"players"`
	Keywords []string `yaml:"keywords"`
	Flavor   string   `yaml:"flavor"`
	// Values holds the card's declared fields (game without an engine) as
	// plain values (string, int, float64, bool, []any), by field name.
	Values map[string]any `yaml:"-"`

	Pos        finding.Pos // the card's "- id:" line
	PlayersPos finding.Pos // the players: value (or Pos when absent)
	Node       *yaml.Node  // the card's mapping node
}

// FieldValue is the card's value of a field as a layout's when reads it
// (CardValues): its generic fields and its declared fields' values. What
// an engine prints is not known until the engine is built.
func (c Card) FieldValue(name string) (any, bool) {
	switch name {
	case "id":
		return c.ID, true
	case "name":
		return c.Name, true
	case "deck":
		return c.Deck, true
	case "keywords":
		return c.Keywords, true
	case "players":
		return c.Players, true
	case "count":
		return max(c.Count, 1), true
	case "flavor":
		return c.Flavor, true
	}
	v, ok := c.Values[name]
	return v, ok
}

// UsedWith reports whether the card is in the deck at this player count.
// A card with no player marks is used at every count.
func (c Card) UsedWith(players int) bool {
	if len(c.Players) == 0 {
		return true
	}
	for _, p := range c.Players {
		if p == players {
			return true
		}
	}
	return false
}

// Layout is layout.yaml.
type Layout struct {
	Front Front `yaml:"front"`
	// Decks gives particular decks their own front and, for two-sided
	// cards, the layout of each card's own back.
	Decks      map[string]DeckLayout `yaml:"decks"`
	Back       BackLayout            `yaml:"back"`
	Components []LayoutComponent     `yaml:"components"`
	Pos        finding.Pos

	// Groups are the element groups faces insert ({group: NAME}), each as
	// a face of its elements, its own inserts expanded. Faces hold their
	// groups' and bases' elements already (reuse.go); Groups and Reuse are
	// kept to check what no face uses.
	Groups map[string]Front `yaml:"groups"`
	Reuse  Reuse            `yaml:"-"`
}

// DeckLayout is one deck's own layouts.
type DeckLayout struct {
	Front    *Front `yaml:"front"`     // nil: the top-level front
	BackFace *Front `yaml:"back_face"` // nil: the deck's front layout
}

// FrontOf is the front layout of a deck's cards.
func (l Layout) FrontOf(deck string) Front {
	if f := l.Decks[deck].Front; f != nil {
		return *f
	}
	return l.Front
}

// BackFaceOf is the layout of the own back of a deck's two-sided cards.
func (l Layout) BackFaceOf(deck string) Front {
	if f := l.Decks[deck].BackFace; f != nil {
		return *f
	}
	return l.FrontOf(deck)
}

// Front is the layout of a card face.
type Front struct {
	Background ColorSpec `yaml:"background"`
	Border     Border    `yaml:"border"`
	Accent     Accent    `yaml:"accent"`
	Elements   []Element `yaml:"elements"`
	// BackgroundImage covers the face, bleed included, under everything;
	// Frame is drawn over it at the trim size (images.go).
	BackgroundImage *ImageRef `yaml:"background_image"`
	Frame           *ImageRef `yaml:"frame"`
	// Font is the id of the game font the face's text is set in; after
	// loading, each of its elements names the font it actually uses
	// (fonts.go).
	Font    string `yaml:"font"`
	FontPos finding.Pos

	// Extends is the face this one was resolved from: "front" or a deck
	// id (reuse.go).
	Extends string `yaml:"extends"`
}

type Border struct {
	Color  string  `yaml:"color"`
	Width  float64 `yaml:"width"`
	Inset  float64 `yaml:"inset"`
	Radius float64 `yaml:"radius"`
}

type Accent struct {
	Box    []float64         `yaml:"box"`   // x, y, w, h in mm
	By     string            `yaml:"by"`    // "keyword", "deck" or "field"
	Field  string            `yaml:"field"` // with by: field, the card field whose value picks the colour
	Colors map[string]string `yaml:"colors"`
	// FieldPos is the field: value, for the layout field check.
	FieldPos finding.Pos
}

// Element places one card field in a box.
type Element struct {
	Field   string    `yaml:"field"` // name, keywords, rules, flavor, players, count, or a game field
	Kind    string    `yaml:"kind"`  // text (default) or pips
	Box     []float64 `yaml:"box"`
	Size    float64   `yaml:"size"`     // font size in pt
	MinSize float64   `yaml:"min_size"` // smallest size text may shrink to
	Style   string    `yaml:"style"`    // "", bold, italic, bolditalic
	Align   string    `yaml:"align"`    // left, center, right
	Color   ColorSpec `yaml:"color"`    // a colour, or a value map (colorvalue.go)
	// ColorBy names a card field whose value picks the colour from Colors
	// (a red suit, a faction); a value Colors lacks keeps Color. It is the
	// older spelling of a value map in color (InkColor).
	ColorBy     string            `yaml:"color_by"`
	Colors      map[string]string `yaml:"colors"`
	ColorByPos  finding.Pos
	PhaseBadges bool `yaml:"phase_badges"` // draw each rules line's phase as a vector badge
	Pos         finding.Pos
	FieldPos    finding.Pos // the field: value
	BoxPos      finding.Pos // the box: value

	// Kind image: Src names the image file (or a template of one, or a
	// value map), or Field a declared image field of the cards; Fit
	// places it in the box (images.go, imagesource.go).
	Src ImageSource `yaml:"src"`
	Fit string      `yaml:"fit"`

	// Shapes (kinds rect, ellipse, line, polygon; shapes.go): Fill and
	// Stroke colour them, StrokeWidth in mm, Opacity 0-1 for all of the
	// shape; Radius rounds a rect's corners; Points are a line's or a
	// polygon's corners in mm from the box's top-left corner; Sides makes
	// a regular polygon in the box, Star a star whose inner corners lie
	// at that share of the outer radius.
	Fill        ColorSpec    `yaml:"fill"`
	Stroke      ColorSpec    `yaml:"stroke"`
	StrokeWidth float64      `yaml:"stroke_width"`
	Opacity     *float64     `yaml:"opacity"`
	Radius      float64      `yaml:"radius"`
	Points      [][2]float64 `yaml:"points"`
	Sides       int          `yaml:"sides"`
	Star        float64      `yaml:"star"`

	// Font is the id of the game font the text is set in; "" before
	// loading resolves it: the face's, the deck's, the game's (fonts.go).
	Font    string `yaml:"font"`
	FontPos finding.Pos

	// Rotate turns the element clockwise about its box's centre by 0, 90,
	// 180 or 270 degrees; Box stays where it lands on the card, so at 90
	// and 270 its content is set in a box of Box's height by its width.
	// Valign places text (and a picture) in the box: top, middle or
	// bottom; "" keeps the old rule (middle when Align is center, else
	// top; see render.drawBlock).
	Rotate int    `yaml:"rotate"`
	Valign string `yaml:"valign"`

	// Text is a template printed instead of a field: fixed words, {field}
	// values, :icon:s and **emphasis** (layouttext.go). When is a condition
	// over the card's fields: the element is drawn only on the cards where
	// it holds; Cond is it compiled at loading (nil: on every card).
	Text       string `yaml:"text"`
	When       string `yaml:"when"`
	WhenPos    finding.Pos
	Cond       *Condition `yaml:"-"`
	text, when template   // their positions, down to the column

	// Name names the element in its face, for a face that extends this
	// one to change it by (reuse.go).
	Name string `yaml:"name"`
}

// The vertical placements of Element.Valign.
const (
	ValignTop    = "top"
	ValignMiddle = "middle"
	ValignBottom = "bottom"
)

// Upright is the size of the element's content box before its turn: the
// box's width and height, swapped for a quarter turn (90 or 270).
func (e Element) Upright() (w, h float64) {
	if len(e.Box) != 4 {
		return 0, 0
	}
	if e.QuarterTurn() {
		return e.Box[3], e.Box[2]
	}
	return e.Box[2], e.Box[3]
}

// QuarterTurn reports whether the element is turned on its side (90 or
// 270), so its content runs along the box's height.
func (e Element) QuarterTurn() bool { return e.Turn()%180 != 0 }

// Turn is the element's turn in degrees clockwise: 90, 180, 270, or 0 for
// any other value (which the schema reports).
func (e Element) Turn() int {
	switch e.Rotate {
	case 90, 180, 270:
		return e.Rotate
	}
	return 0
}

// The kinds of layout element (Element.Kind; "" is text). ElementKinds
// lists them for the checks; the layout schema's enum and the renderer's
// table of kinds are held equal to it by tests.
const (
	KindText  = "text"
	KindPips  = "pips"
	KindImage = "image"
	// Shapes (shapes.go).
	KindRect    = "rect"
	KindEllipse = "ellipse"
	KindLine    = "line"
	KindPolygon = "polygon"
)

// ElementKinds are the kinds a layout element may be.
var ElementKinds = []string{KindText, KindPips, KindImage, KindRect, KindEllipse, KindLine, KindPolygon}

// KindOr is the element's kind, text when it names none.
func (e Element) KindOr() string {
	if e.Kind == "" {
		return KindText
	}
	return e.Kind
}

type BackLayout struct {
	Border       Border  `yaml:"border"`
	TitleSize    float64 `yaml:"title_size"`
	SubtitleSize float64 `yaml:"subtitle_size"`
}

// LayoutComponent is a printable non-card component.
type LayoutComponent struct {
	Kind         string  `yaml:"kind"` // board, tokens or track
	Title        string  `yaml:"title"`
	RowsParam    string  `yaml:"rows_param"` // board: parameter holding [{value, slots}]
	Label        string  `yaml:"label"`      // board: row label template; tokens: token face; track: text at each strip's start
	SlotDiameter float64 `yaml:"slot_diameter"`
	Note         string  `yaml:"note"`
	Component    string  `yaml:"component"` // tokens, track: manifest component id (gives the count)
	Diameter     float64 `yaml:"diameter"`
	Color        string  `yaml:"color"`
	// Faces are the kinds of token on a tokens sheet, each with its own
	// front, optional back and count; empty for a sheet of Label tokens.
	Faces []TokenFace `yaml:"faces"`
	// PerPlayer (tokens): one set per player, each in its player colour;
	// also when the sheet's component is per player (Data.PerPlayer).
	PerPlayer bool `yaml:"per_player"`
	// Labels (track): the text at the start of each copy, in order; one
	// copy per label when count is not given.
	Labels []string `yaml:"labels"`
	// Track: Spaces numbered boxes (or as many as SpacesParam says: a
	// number, or a list whose entries are the values), numbered from
	// Start, each with its entry of Values under the number; Count copies.
	Spaces      int      `yaml:"spaces"`
	SpacesParam string   `yaml:"spaces_param"`
	Start       *int     `yaml:"start"` // nil: 1
	Values      []string `yaml:"values"`
	SpaceSize   float64  `yaml:"space_size"`
	Count       int      `yaml:"count"`
	Pos         finding.Pos
}

// TokenFace is one kind of token on a tokens sheet: the text and colour of
// its front and of its back.
type TokenFace struct {
	Label     string `yaml:"label"`
	Back      string `yaml:"back"`       // text on the back; "" with no back_color: a plain back
	Color     string `yaml:"color"`      // front fill; the sheet's color when empty
	BackColor string `yaml:"back_color"` // back fill; Color when empty
	Count     int    `yaml:"count"`      // 0: Component's count, else 1
	Component string `yaml:"component"`  // manifest component id giving Count
	Pos       finding.Pos
}

// TwoSided reports whether the tokens of a sheet have printed backs.
func (c LayoutComponent) TwoSided() bool {
	for _, f := range c.Faces {
		if f.Back != "" || f.BackColor != "" {
			return true
		}
	}
	return false
}

// Reference is reference.yaml: the rule sheet and the player aid, as
// templates whose {placeholders} name parameters or engine facts.
type Reference struct {
	Title     string       `yaml:"title"`
	Subtitle  string       `yaml:"subtitle"`
	Sections  []RefSection `yaml:"sections"`
	PlayerAid PlayerAid    `yaml:"player_aid"`
	Pos       finding.Pos
}

type RefSection struct {
	Heading string   `yaml:"heading"`
	Items   []string `yaml:"items"`
	Phases  bool     `yaml:"phases"` // list the manifest's phases here
	Board   string   `yaml:"board"`  // draw this rows parameter as a small board
	Pos     finding.Pos
	// ItemPos holds the position of each item, for template errors.
	ItemPos []finding.Pos
}

type PlayerAid struct {
	Title   string   `yaml:"title"`
	Items   []string `yaml:"items"`
	ItemPos []finding.Pos
}
