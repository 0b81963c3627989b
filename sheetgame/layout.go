package sheetgame

import (
	"fmt"
	"strings"
)

// The starter layout: every field of a deck printed on its front, from
// the top: the name, the pictures, the short values (numbers, words,
// yes/no) two to a line with their header as a label, then the texts
// sharing what room is left, the flavour at the foot. A deck whose fields
// need more room than a poker card has is printed on tarot cards.

type cardSize struct {
	preset string
	w, h   float64
}

var (
	poker = cardSize{"poker", 63, 88}
	tarot = cardSize{"tarot", 70, 120}
)

// Room on a face, in mm: the margin every box keeps from the edges, the
// name band, a line of a short value, the least a text box gets, the
// picture's height, the flavour band.
const (
	margin    = 5.0
	nameBand  = 10.0
	shortLine = 6.0
	minText   = 10.0
	pictureH  = 0.35 // of the card's height
	flavorH   = 8.0
)

// need is the height the fields of d take on a card of height h.
func need(d *Deck, h float64) float64 {
	short, texts, pictures := split3(d)
	n := margin + nameBand + float64((len(short)+1)/2)*shortLine + float64(len(texts))*minText + margin
	if len(pictures) > 0 {
		n += h*pictureH + 2
	}
	if d.Flavor {
		n += flavorH
	}
	return n
}

func split3(d *Deck) (short, texts, pictures []Field) {
	for _, f := range d.Fields {
		switch f.Type {
		case "image":
			pictures = append(pictures, f)
		case "text":
			texts = append(texts, f)
		default:
			short = append(short, f)
		}
	}
	return
}

func (p *Plan) cardSize() cardSize {
	for _, d := range p.Decks {
		if need(d, poker.h) > poker.h {
			return tarot
		}
	}
	return poker
}

// label is a header as a template prints it: no template syntax in it.
func label(h string) string {
	return strings.TrimSpace(strings.NewReplacer("{", "", "}", "", "*", "", ":", "", "\\", "", "\n", " ").Replace(h))
}

func box(x, y, w, h float64) string {
	f := func(v float64) string {
		return strings.TrimSuffix(strings.TrimSuffix(fmt.Sprintf("%.1f", v), "0"), ".")
	}
	return fmt.Sprintf("[%s, %s, %s, %s]", f(x), f(y), f(w), f(h))
}

// layout is layout.yaml's text.
func (p *Plan) layout(size cardSize) string {
	var b strings.Builder
	w := func(format string, args ...any) { fmt.Fprintf(&b, format, args...) }
	w("# yaml-language-server: $schema=schema/layout.schema.json\n")
	w("# A starter layout made from the sheet: every field of each deck on its front.\n")
	w("# Boxes are [x, y, width, height] in mm from the card's top-left corner\n")
	w("# (%s: %g × %g mm). docs/own-game.md has every element and a cookbook.\n\n", size.preset, size.w, size.h)
	w("# Every deck has a front of its own below.\nfront: {elements: []}\n\n")
	w("decks:\n")
	for _, d := range p.Decks {
		w("  %s:\n    front:\n      background: \"#fdfbf7\"\n      border: {color: \"#444444\", width: 0.5, inset: 3, radius: 2.5}\n      elements:\n", d.ID)
		for _, el := range faceElements(d, size) {
			w("        - %s\n", el)
		}
	}
	w("\nback:\n  border: {width: 1.2, inset: 4, radius: 2.5}\n  title_size: 18\n  subtitle_size: 8\n")
	return b.String()
}

// faceElements places d's fields on a card of size.
func faceElements(d *Deck, size cardSize) []string {
	inner := size.w - 2*margin - 2
	x := margin + 1
	els := []string{fmt.Sprintf("{field: name, box: %s, size: 12, min_size: 7, style: bold, align: center, valign: middle, color: \"#222222\"}", box(margin, margin, size.w-2*margin, nameBand-1))}
	y := margin + nameBand
	short, texts, pictures := split3(d)
	if len(pictures) > 0 {
		h := size.h * pictureH
		pw := inner / float64(len(pictures))
		for i, f := range pictures {
			els = append(els, fmt.Sprintf("{kind: image, field: %s, box: %s, fit: contain}", f.Name, box(x+float64(i)*pw, y, pw, h)))
		}
		y += h + 2
	}
	half := inner / 2
	for i, f := range short {
		bx := box(x+float64(i%2)*half, y+float64(i/2)*shortLine, half, shortLine-0.5)
		if f.Type == "boolean" {
			els = append(els, fmt.Sprintf("{text: %s, when: %q, box: %s, size: 8, min_size: 5, style: bold, align: center, valign: middle, color: \"#444444\"}", q(label(f.Header)), f.Name, bx))
			continue
		}
		els = append(els, fmt.Sprintf("{text: %s, box: %s, size: 8, min_size: 5, align: center, valign: middle, color: \"#222222\"}", q("**"+label(f.Header)+":** {"+f.Name+"}"), bx))
	}
	y += float64((len(short)+1)/2) * shortLine
	bottom := size.h - margin
	if d.Flavor {
		bottom -= flavorH
	}
	if len(texts) > 0 {
		h := max(minText, (bottom-y)/float64(len(texts)))
		for _, f := range texts {
			text := "{" + f.Name + "}"
			if len(texts) > 1 {
				text = "**" + label(f.Header) + ":** " + text
			}
			els = append(els, fmt.Sprintf("{text: %s, box: %s, size: 9, min_size: 5, align: center, valign: middle, color: \"#222222\"}", q(text), box(x, y, inner, h-1)))
			y += h
		}
	}
	if d.Flavor {
		els = append(els, fmt.Sprintf("{field: flavor, box: %s, size: 7, min_size: 5, style: italic, align: center, color: \"#666666\"}", box(x, size.h-margin-flavorH+1, inner, flavorH-1)))
	}
	return els
}
