// Package printshop is the one table of print shops' card templates:
// which card sizes The Game Crafter, MakePlayingCards and DriveThruCards
// print, and the image each wants for one card face (its pixels at its
// dpi, and the bleed around the cut). `export png --profile`, `render
// --for print-shop`, the flags' help, shell completion and the table in
// docs/export.md all read it (a test checks the docs against it).
package printshop

import (
	"fmt"
	"math"
	"slices"
	"strings"
)

// Shop is one print shop and where its numbers come from.
type Shop struct {
	ID, Name string
	// Upload is what the shop takes per card face: "png" images or "pdf"
	// pages at bleed size.
	Upload string
	// Source is the shop's page the templates were read from (see
	// docs/export.md for how each number was checked).
	Source string
}

// Shops are the shops with profiles, in the order help texts list them.
var Shops = []Shop{
	{ID: "tgc", Name: "The Game Crafter", Upload: "png", Source: "https://help.thegamecrafter.com/article/39-templates"},
	{ID: "mpc", Name: "MakePlayingCards", Upload: "png", Source: "https://www.makeplayingcards.com/low-price-for-bulk.aspx"},
	{ID: "dtc", Name: "DriveThruCards", Upload: "pdf", Source: "https://onebookshelfpublisherservice.zendesk.com/hc/en-us/articles/227867627-Printed-Card-Formats-Costs"},
}

// Profile is one shop's template for one card size, portrait: W×H
// pixels at DPI, of which BleedPx on every side is bleed, the rest the
// card the shop cuts. A landscape deck uses the same template turned.
type Profile struct {
	Shop    string
	Size    string // the size's name here: poker, bridge, tarot, …
	Product string // the shop's name for the product
	W, H    int
	DPI     float64
	BleedPx float64
	// Derived: the pixels follow the shop's stated rule (its trim at 300
	// dpi plus its bleed) for a size whose own template page was not
	// read; check the shop's proof.
	Derived bool
}

// The shops' bleeds, in pixels at 300 dpi on each side: 1/8 in at The
// Game Crafter and DriveThruCards; MakePlayingCards asks for 36 px (0.12
// in) although its pages say 1/8 in, and checks the pixels.
const (
	tgcBleed = 37.5
	mpcBleed = 36
	dtcBleed = 37.5
)

// Profiles is the table. Sizes within a shop are listed small to large.
var Profiles = []Profile{
	{Shop: "tgc", Size: "micro", Product: "Micro Deck", W: 450, H: 600, DPI: 300, BleedPx: tgcBleed},
	{Shop: "tgc", Size: "mini", Product: "Mini Deck", W: 600, H: 825, DPI: 300, BleedPx: tgcBleed},
	{Shop: "tgc", Size: "business", Product: "Business Deck", W: 675, H: 1125, DPI: 300, BleedPx: tgcBleed},
	{Shop: "tgc", Size: "bridge", Product: "Bridge Deck", W: 750, H: 1125, DPI: 300, BleedPx: tgcBleed},
	{Shop: "tgc", Size: "poker", Product: "Poker Deck", W: 825, H: 1125, DPI: 300, BleedPx: tgcBleed},
	{Shop: "tgc", Size: "tarot", Product: "Tarot Deck", W: 900, H: 1500, DPI: 300, BleedPx: tgcBleed},
	{Shop: "tgc", Size: "square-small", Product: "Small Square Deck", W: 825, H: 825, DPI: 300, BleedPx: tgcBleed},
	{Shop: "tgc", Size: "square", Product: "Euro Square Deck", W: 900, H: 900, DPI: 300, BleedPx: tgcBleed},
	{Shop: "tgc", Size: "square-large", Product: "Square Deck", W: 1125, H: 1125, DPI: 300, BleedPx: tgcBleed},
	{Shop: "tgc", Size: "jumbo", Product: "Jumbo Deck", W: 1125, H: 1725, DPI: 300, BleedPx: tgcBleed},

	{Shop: "mpc", Size: "micro", Product: "Micro cards", W: 447, H: 597, DPI: 300, BleedPx: mpcBleed},
	{Shop: "mpc", Size: "mini", Product: "Mini cards", W: 597, H: 822, DPI: 300, BleedPx: mpcBleed, Derived: true},
	{Shop: "mpc", Size: "business", Product: "Business cards", W: 672, H: 1122, DPI: 300, BleedPx: mpcBleed},
	{Shop: "mpc", Size: "bridge", Product: "Bridge size", W: 747, H: 1122, DPI: 300, BleedPx: mpcBleed},
	{Shop: "mpc", Size: "poker", Product: "Poker size", W: 822, H: 1122, DPI: 300, BleedPx: mpcBleed},
	{Shop: "mpc", Size: "tarot", Product: "Tarot cards", W: 897, H: 1497, DPI: 300, BleedPx: mpcBleed},
	{Shop: "mpc", Size: "square-small", Product: "Square cards", W: 822, H: 822, DPI: 300, BleedPx: mpcBleed, Derived: true},
	{Shop: "mpc", Size: "jumbo", Product: "Jumbo cards", W: 1122, H: 1572, DPI: 300, BleedPx: mpcBleed, Derived: true},

	{Shop: "dtc", Size: "poker", Product: "Poker cards", W: 825, H: 1125, DPI: 300, BleedPx: dtcBleed},
	{Shop: "dtc", Size: "tarot", Product: "Tarot cards", W: 900, H: 1500, DPI: 300, BleedPx: dtcBleed, Derived: true},
	{Shop: "dtc", Size: "square-large", Product: "Square cards", W: 1125, H: 1125, DPI: 300, BleedPx: dtcBleed, Derived: true},
}

// Slack is how far, in mm, a card's side may be from a profile's trim:
// the shop's cut then falls at most half of it inside the card or into
// its bleed, within the usual cutting tolerance of a millimetre.
// cardpress's poker preset (63×88) is 0.5 and 0.9 mm short of 2.5×3.5 in.
const Slack = 1.0

// Name is the profile's flag value: shop-size, as "tgc-poker".
func (p Profile) Name() string { return p.Shop + "-" + p.Size }

// BleedMM is the bleed on each side in mm.
func (p Profile) BleedMM() float64 { return p.BleedPx / p.DPI * 25.4 }

// Trim is the card the shop cuts, in mm, portrait.
func (p Profile) Trim() (w, h float64) {
	return (float64(p.W) - 2*p.BleedPx) / p.DPI * 25.4, (float64(p.H) - 2*p.BleedPx) / p.DPI * 25.4
}

// Image is the template's size in mm.
func (p Profile) Image() (w, h float64) {
	return float64(p.W) / p.DPI * 25.4, float64(p.H) / p.DPI * 25.4
}

// Turned is the profile for landscape cards: the template a quarter turn
// round.
func (p Profile) Turned() Profile {
	p.W, p.H = p.H, p.W
	return p
}

// Landscape says whether the template is wider than tall.
func (p Profile) Landscape() bool { return p.W > p.H }

// Names lists every value --profile takes: each shop, then each profile.
func Names() []string {
	var out []string
	for _, s := range Shops {
		out = append(out, s.ID)
	}
	for _, p := range Profiles {
		out = append(out, p.Name())
	}
	return out
}

// Lookup returns the profiles a --profile value names: a shop's every
// profile, or one profile; none for a name it does not know.
func Lookup(name string) []Profile {
	var out []Profile
	for _, p := range Profiles {
		if p.Shop == name || p.Name() == name {
			out = append(out, p)
		}
	}
	return out
}

// Fit picks, among candidates, the template for cards of w×h mm: the
// profile whose trim (turned for landscape cards) is within Slack of the
// card on both sides, the nearest if several are. ok is false when none
// fits.
func Fit(candidates []Profile, w, h float64) (p Profile, ok bool) {
	best := math.Inf(1)
	for _, c := range candidates {
		if w > h {
			c = c.Turned()
		}
		tw, th := c.Trim()
		dw, dh := math.Abs(w-tw), math.Abs(h-th)
		if dw <= Slack && dh <= Slack && dw+dh < best {
			p, ok, best = c, true, dw+dh
		}
	}
	return p, ok
}

// Sizes lists the trims of candidates, for a message: "poker 63.5×88.9".
func Sizes(candidates []Profile) string {
	var parts []string
	for _, c := range candidates {
		w, h := c.Trim()
		parts = append(parts, fmt.Sprintf("%s %s×%s", c.Size, mm(w), mm(h)))
	}
	return strings.Join(parts, ", ")
}

// ShopOf is the shop a profile belongs to.
func ShopOf(p Profile) Shop {
	i := slices.IndexFunc(Shops, func(s Shop) bool { return s.ID == p.Shop })
	return Shops[i]
}

// mm formats a length to a thousandth of a millimetre (1/8 in is
// 3.175), without trailing zeros.
func mm(v float64) string {
	return strings.TrimSuffix(strings.TrimRight(fmt.Sprintf("%.3f", v), "0"), ".")
}

// List is every shop with its name, for flags' help: "tgc (The Game
// Crafter), mpc (MakePlayingCards), …".
func List() string {
	var parts []string
	for _, s := range Shops {
		parts = append(parts, s.ID+" ("+s.Name+")")
	}
	return strings.Join(parts, ", ")
}

// Choose is Lookup for a --profile value, with the error that names what
// it takes when no profile has that name.
func Choose(name string) ([]Profile, error) {
	if ps := Lookup(name); ps != nil {
		return ps, nil
	}
	var ids []string
	for _, s := range Shops {
		ids = append(ids, s.ID)
	}
	return nil, fmt.Errorf("unknown --profile %q (want a shop, %s, or shop-size such as tgc-bridge)", name, strings.Join(ids, ", "))
}
