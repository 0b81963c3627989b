package gamedata

import (
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// svgFile is an SVG drawing of the card's shape holding body.
func svgFile(body string) []byte {
	return []byte(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 63 88">` + body + `</svg>`)
}

// A background, a frame element and a back in SVG load, with no finding,
// each drawn at SVGDPI at its largest print (the background covers the
// bleed too), whatever size the file says it is.
func TestSVGArtLoads(t *testing.T) {
	pics := goodPictures()
	pics["bg.svg"] = svgFile(`<rect width="63" height="88" fill="#ff0000"/>`)
	pics["emblem.svg"] = []byte(`<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"><circle cx="2" cy="2" r="2" fill="blue"/></svg>`)
	pics["back.svg"] = readTestdata(t, "inkscape.svg")
	g, found, dir := loadGallery(t, pics,
		[3]string{"layout.yaml", "src: bg.png", "src: bg.svg"},
		[3]string{"layout.yaml", "src: emblem.png", "src: emblem.svg"},
		[3]string{"game.yaml", "src: back.png", "src: back.svg"})
	if got := only(found, dir); len(got) > 0 {
		t.Fatalf("findings: %v", got)
	}
	bg := g.Images["bg.svg"]
	// Covering poker 63 × 88 mm and MaxBleed all round, a drawing of the
	// card's shape fills the width, at 300 dpi.
	wantW := (63 + 2*MaxBleed) / 25.4 * SVGDPI
	if bg == nil || bg.Format != "svg" || float64(bg.Width) < wantW-2 || float64(bg.Width) > wantW+2 {
		t.Errorf("bg.svg: %v %d × %d, want svg about %.0f pixels wide", bg != nil, bg.Width, bg.Height, wantW)
	}
	if em := g.Images["emblem.svg"]; em == nil || em.Width != em.Height || em.Width < 140 || em.Width > 143 {
		t.Errorf("emblem.svg (12 mm square): %+v", em)
	}
}

func readTestdata(t *testing.T, name string) []byte {
	data, err := os.ReadFile(filepath.Join("..", "svg", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// Each hostile or undrawable SVG is one finding at the line of
// layout.yaml that names it, saying what is wrong; a file it names is
// never opened.
func TestSVGRefused(t *testing.T) {
	secret := filepath.Join(t.TempDir(), "secret.png")
	if err := os.WriteFile(secret, []byte("not to be read"), 0o644); err != nil {
		t.Fatal(err)
	}
	base := goodPictures()
	deep := strings.Repeat("<g>", 100) + strings.Repeat("</g>", 100)
	for name, tc := range map[string]struct {
		data []byte
		code string
		want string
	}{
		"entities": {[]byte(`<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><desc>&b;</desc></svg>`), "IMAGE_FORMAT", "line 1 declares XML entities"},
		"text":     {svgFile(`<text x="1" y="10">Hi</text>`), "IMAGE_FORMAT", "holds text (<text>), which cardpress does not draw from SVG: convert text to paths"},
		"file":     {svgFile(`<image href="` + secret + `" width="10" height="10"/>`), "IMAGE_FORMAT", "outside the drawing; cardpress never reads or fetches another file"},
		"picture":  {svgFile(`<image href="data:image/png;base64,AAAA" width="10" height="10"/>`), "IMAGE_FORMAT", "embeds another picture"},
		"url":      {svgFile(`<rect width="9" height="9" fill="url(https://example.com/x.svg#g)"/>`), "IMAGE_FORMAT", `refers to "https://example.com/x.svg#g" outside the drawing`},
		"use":      {svgFile(`<use xlink:href="` + secret + `#a"/>`), "IMAGE_FORMAT", "never reads or fetches another file"},
		"mask":     {svgFile(`<rect width="9" height="9" mask="url(#m)"/>`), "IMAGE_FORMAT", "applies a mask"},
		"filter":   {svgFile(`<filter id="f"/><rect width="9" height="9"/>`), "IMAGE_FORMAT", "draws <filter>"},
		"deep":     {svgFile(deep), "IMAGE_FORMAT", "nest more than 64 deep"},
		"uses":     {svgFile(`<path id="a" d="M0 0h1v1z"/><g id="b"><use href="#a"/><use href="#a"/><use href="#a"/><use href="#a"/><use href="#a"/><use href="#a"/><use href="#a"/><use href="#a"/></g><g id="c"><use href="#b"/><use href="#b"/><use href="#b"/><use href="#b"/><use href="#b"/><use href="#b"/><use href="#b"/><use href="#b"/></g><g id="d"><use href="#c"/><use href="#c"/><use href="#c"/><use href="#c"/><use href="#c"/><use href="#c"/><use href="#c"/><use href="#c"/></g><g id="e"><use href="#d"/><use href="#d"/><use href="#d"/><use href="#d"/><use href="#d"/><use href="#d"/><use href="#d"/><use href="#d"/></g><g><use href="#e"/><use href="#e"/><use href="#e"/><use href="#e"/><use href="#e"/><use href="#e"/><use href="#e"/><use href="#e"/></g>`), "IMAGE_FORMAT", "more than 50000 elements once its <use> elements are copied out"},
		"loop":     {svgFile(`<g id="a"><use href="#a"/></g>`), "IMAGE_FORMAT", "use each other more than 64 deep (or in a circle)"},
		"dashes":   {svgFile(`<path d="M0 0L60 80" stroke="#000" stroke-dasharray="0.00001"/>`), "IMAGE_FORMAT", "makes dashes too short"},
		"viewBox":  {[]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e300 1"/>`), "IMAGE_FORMAT", "has no size"},
		"broken":   {[]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><g>`), "IMAGE_FORMAT", "is not well-formed XML"},
		"costly":   {svgFile(strings.Repeat(`<rect width="63" height="88" fill="#123"/>`, 400)), "ASSET_TOO_LARGE", "takes too much work to draw at 980 × 1369 pixels (300 dpi at its largest print)"},
		"lines":    {svgFile(`<path fill="none" stroke="#000" stroke-dasharray="0.011" d="M0 0` + strings.Repeat(" L63 88 L0 0", 2000) + `"/>`), "ASSET_TOO_LARGE", "more than 4 million line segments"},
		"clips":    {svgFile(`<clipPath id="c"><rect width="50" height="50"/></clipPath>` + strings.Repeat(`<g clip-path="url(#c)">`, 5) + `<rect width="9" height="9"/>` + strings.Repeat(`</g>`, 5)), "IMAGE_FORMAT", "clip paths are applied inside each other more than 4 deep"},
		"large":    {svgFile(`<desc>` + strings.Repeat("x", 5<<20) + `</desc>`), "ASSET_TOO_LARGE", "over the limit of 4 MiB"},
	} {
		pics := maps.Clone(base)
		pics["bg.svg"] = tc.data
		_, found, dir := loadGallery(t, pics, [3]string{"layout.yaml", "src: bg.png", "src: bg.svg"})
		want := []string{"layout.yaml:2 " + tc.code}
		if got := only(found, dir); !slices.Equal(got, want) || !strings.Contains(relevant(found)[0].Message, tc.want) {
			t.Errorf("%s: got %v, want %v %q", name, found, want, tc.want)
		}
	}
}
