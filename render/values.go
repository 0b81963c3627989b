package render

import "github.com/cardpress/cardpress/gamedata"

// value is card c's value of field as colour value maps and picture
// templates match it (gamedata.Data.ValueTexts, which validation checked
// every picture path with): a declared field's value as the card file
// writes it, the card's id or deck, else the text it prints (its name and
// flavour, an engine's fields).
func (c *CardFace) value(field string) (string, bool) {
	if v, ok := c.Values[field]; ok {
		return gamedata.ValueText(v), true
	}
	switch field {
	case "id":
		return c.ID, true
	case "deck":
		return c.Deck, true
	}
	v, ok := c.Fields[field]
	return v, ok
}
