package render

import (
	"strings"

	"cardpress/gamedata"
)

// elementParas returns what a text element shows for a card: the rules lines
// (with phase badges when the element asks for them) or one field's text.
func elementParas(c *CardFace, el gamedata.Element) []para {
	style := styleCode(el.Style)
	if el.Field == "rules" && len(c.Rules) > 0 {
		ps := make([]para, 0, len(c.Rules))
		for _, rl := range c.Rules {
			text := clean(rl.Text)
			phase := clean(rl.Phase)
			switch {
			case phase != "" && el.PhaseBadges:
				ps = append(ps, para{runs: []run{{style, text}}, badge: phase})
			case phase != "":
				// No badge: keep the phase readable as a bold prefix.
				ps = append(ps, para{runs: []run{{boldOf(style), phase + ":"}, {style, " " + text}}})
			default:
				ps = append(ps, para{runs: []run{{style, text}}})
			}
		}
		return ps
	}
	text := c.Fields[el.Field]
	if strings.TrimSpace(text) == "" {
		return nil
	}
	return plain(text, style)
}

func boldOf(style string) string {
	if strings.Contains(style, "I") {
		return "BI"
	}
	return "B"
}

func isTextElement(el gamedata.Element) bool {
	return el.Kind == "" || el.Kind == "text"
}

// fieldFit is a card field typeset in its box.
type fieldFit struct {
	block    block
	overflow float64 // mm too tall at the smallest size; 0 when it fits
}

// typesetField is the one place card text is measured: CheckFit reports its
// overflow and PnP draws its block, so the two can never disagree.
func (m *measurer) typesetField(c *CardFace, el gamedata.Element) (fieldFit, bool) {
	if _, ok := boxAt(el.Box, 0, 0); !ok || !isTextElement(el) {
		return fieldFit{}, false
	}
	ps := elementParas(c, el)
	if len(ps) == 0 {
		return fieldFit{}, false
	}
	b, over := m.fit(ps, el.Box[2], el.Box[3], el.Size, el.MinSize)
	return fieldFit{b, over}, true
}
