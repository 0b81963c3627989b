package render

import (
	"bytes"
	"crypto/sha256"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/fonts"
)

// What the PDF writer (fpdf) leaves to fix in the finished file, in one
// place (output calls finish): the order of a page's boxes, which it
// writes from a map, and the names of the Go fonts it embeds.

// pageBoxes is a run of page box entries on their own lines, as fpdf
// writes them into a page's dictionary.
var pageBoxes = regexp.MustCompile(`(?:/(?:ArtBox|BleedBox|CropBox|TrimBox) \[[^\]\n]*\]\n){2,}`)

// sortPageBoxes puts each page's boxes in name order. fpdf writes them in
// Go's random map order, so the same document gave different bytes run
// after run; sorting lines moves no byte offset, so the cross-reference
// table stays right.
func sortPageBoxes(pdf []byte) []byte {
	return pageBoxes.ReplaceAllFunc(pdf, func(run []byte) []byte {
		lines := strings.SplitAfter(string(run), "\n")
		slices.Sort(lines) // the empty string after the last newline sorts first
		return []byte(strings.Join(lines, ""))
	})
}

// untagged is a font name fpdf gives an embedded TrueType subset: "utf8"
// and the key it was registered under, with no subset tag.
var untagged = regexp.MustCompile(`/(BaseFont|FontName) /utf8([A-Za-z0-9_-]+)\n`)

// goStyles names the Go fonts' styles as fpdf keys them after the family.
var goStyles = map[string]string{"": "Regular", "B": "Bold", "I": "Italic", "BI": "BoldItalic"}

// subsetName is the name a font registered as key gets in the PDF: a tag
// of six capitals (from the name, so the same font always gets the same
// tag), "+" and its PostScript-style name ("ABCDEF+GoRegular"). The tag
// tells readers and print shops that the file holds only the glyphs it
// uses, as PDF 1.7 § 9.6.4 asks of every subset font.
func subsetName(key string) string {
	name := key
	if style, ok := strings.CutPrefix(key, strings.ToLower(fonts.Family)); ok {
		if s, ok := goStyles[style]; ok {
			name = fonts.Family + s
		}
	}
	sum := sha256.Sum256([]byte(name))
	var tag [6]byte
	for i := range tag {
		tag[i] = 'A' + sum[i]%26
	}
	return string(tag[:]) + "+" + name
}

// tagSubsets renames the fonts fpdf embedded without a subset tag (the Go
// fonts; fonts.Tag has renamed the rest in place) and moves the
// cross-reference table's offsets by what the longer names add. A file
// whose table is not where fpdf writes it is returned unchanged.
func tagSubsets(pdf []byte) []byte {
	matches := untagged.FindAllSubmatchIndex(pdf, -1)
	if len(matches) == 0 {
		return pdf
	}
	type edit struct{ at, delta int }
	var edits []edit
	var out bytes.Buffer
	out.Grow(len(pdf) + 16*len(matches))
	last := 0
	for _, m := range matches {
		key := string(pdf[m[4]:m[5]])
		repl := "/" + string(pdf[m[2]:m[3]]) + " /" + subsetName(key) + "\n"
		out.Write(pdf[last:m[0]])
		out.WriteString(repl)
		edits = append(edits, edit{m[0], len(repl) - (m[1] - m[0])})
		last = m[1]
	}
	out.Write(pdf[last:])
	shift := func(off int) int {
		d := 0
		for _, e := range edits {
			if e.at < off {
				d += e.delta
			}
		}
		return off + d
	}
	fixed, ok := moveXref(out.Bytes(), shift)
	if !ok {
		return pdf
	}
	return fixed
}

// moveXref rewrites the offsets of the cross-reference table fpdf wrote
// (entries of fixed width, so the table keeps its length) and startxref,
// each through shift, which maps an offset in the old file to the new.
func moveXref(pdf []byte, shift func(int) int) ([]byte, bool) {
	sx := bytes.LastIndex(pdf, []byte("\nstartxref\n"))
	if sx < 0 {
		return nil, false
	}
	rest := pdf[sx+len("\nstartxref\n"):]
	end := bytes.IndexByte(rest, '\n')
	if end < 0 {
		return nil, false
	}
	old, err := strconv.Atoi(string(rest[:end]))
	if err != nil {
		return nil, false
	}
	at := shift(old) // where the table now begins
	if at < 0 || at >= len(pdf) || !bytes.HasPrefix(pdf[at:], []byte("xref\n0 ")) {
		return nil, false
	}
	p := at + len("xref\n0 ")
	nl := bytes.IndexByte(pdf[p:], '\n')
	n, err := strconv.Atoi(string(pdf[p : p+nl]))
	if err != nil || nl < 0 {
		return nil, false
	}
	const entry = 20            // "0000001234 00000 n \n"
	first := p + nl + 1 + entry // object 0 is the free list's head
	if first+(n-1)*entry > len(pdf) {
		return nil, false
	}
	for i := range n - 1 {
		e := pdf[first+i*entry:]
		off, err := strconv.Atoi(string(e[:10]))
		if err != nil || string(e[10:entry]) != " 00000 n \n" {
			return nil, false
		}
		copy(e[:10], fmt.Sprintf("%010d", shift(off)))
	}
	tail := fmt.Appendf(nil, "%d\n%s", at, rest[end+1:])
	return append(pdf[:sx+len("\nstartxref\n"):sx+len("\nstartxref\n")], tail...), true
}

// resources is the start of the resource dictionary fpdf writes once
// for every page (object 2: each page's /Resources is 2 0 R).
var resources = []byte("\n2 0 obj\n<<\n")

// addShadings adds entries ("/Name << shading >>") to the shared
// resources' /Shading dictionary, making one if fpdf wrote none, and
// moves the cross-reference table's offsets by what they add. The
// shadings are direct objects (a type 2 or 3 function is a dictionary,
// no stream), so no object is added.
func addShadings(pdf []byte, entries []string) ([]byte, error) {
	start := bytes.Index(pdf, resources)
	end := -1
	if start >= 0 {
		end = bytes.Index(pdf[start:], []byte("\nendobj\n"))
	}
	if end < 0 {
		return nil, fmt.Errorf("render: the PDF writer's resources are not where expected; cannot add %d gradients", len(entries))
	}
	at := start + len(resources)
	text := "/Shading <<\n" + strings.Join(entries, "\n") + "\n>>\n"
	if own := bytes.Index(pdf[start:start+end], []byte("/Shading <<\n")); own >= 0 {
		at = start + own + len("/Shading <<\n")
		text = strings.Join(entries, "\n") + "\n"
	}
	out := make([]byte, 0, len(pdf)+len(text))
	out = append(append(append(out, pdf[:at]...), text...), pdf[at:]...)
	fixed, ok := moveXref(out, func(off int) int {
		if off >= at {
			return off + len(text)
		}
		return off
	})
	if !ok {
		return nil, fmt.Errorf("render: the PDF writer's cross-reference table is not as expected; cannot add %d gradients", len(entries))
	}
	return fixed, nil
}
