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

// addTo adds res to pdf: its forms as objects after fpdf's, numbered on
// from the trailer's /Size, and its entries ("/Name dictionary") to the
// shared resources' /Shading, /ExtGState and /XObject dictionaries (each
// made if fpdf wrote none). The cross-reference table's offsets are moved
// by what is added before them, and the file says PDF 1.4 at least, the
// first with transparency.
func (res *pdfResources) addTo(pdf []byte) ([]byte, error) {
	fail := func(what string) ([]byte, error) {
		return nil, fmt.Errorf("render: the PDF writer's %s is not as expected; cannot add the drawings' gradients and groups", what)
	}
	size := trailerSize.FindSubmatchIndex(pdf)
	if size == nil {
		return fail("trailer")
	}
	first, _ := strconv.Atoi(string(pdf[size[2]:size[3]]))
	number := func(s string) string {
		return formRef.ReplaceAllStringFunc(s, func(ref string) string {
			i, _ := strconv.Atoi(formRef.FindStringSubmatch(ref)[1])
			return strconv.Itoa(first+i) + " 0 R"
		})
	}
	start := bytes.Index(pdf, resources)
	end := -1
	if start >= 0 {
		end = bytes.Index(pdf[start:], []byte("\nendobj\n"))
	}
	if end < 0 {
		return fail("resource dictionary")
	}
	var edits []edit
	for _, kind := range []struct {
		key     string
		entries []string
	}{{"Shading", res.shadings.entries}, {"ExtGState", res.states.entries}, {"XObject", res.xobjects.entries}} {
		if len(kind.entries) == 0 {
			continue
		}
		text := number(strings.Join(kind.entries, "\n")) + "\n"
		open := []byte("/" + kind.key + " <<\n")
		if own := bytes.Index(pdf[start:start+end], open); own >= 0 {
			edits = append(edits, edit{at: start + own + len(open), text: text})
		} else {
			edits = append(edits, edit{at: start + len(resources), text: string(open) + text + ">>\n"})
		}
	}
	out, ok := insert(pdf, edits)
	if !ok {
		return fail("cross-reference table")
	}
	objs := make([]string, len(res.forms))
	for i, f := range res.forms {
		objs[i] = number(f)
	}
	if out, ok = appendObjects(out, first, objs); !ok {
		return fail("cross-reference table")
	}
	if bytes.HasPrefix(out, []byte("%PDF-1.3")) {
		out[7] = '4' // the same length: no offset moves
	}
	return out, nil
}

// trailerSize is the trailer's /Size as fpdf writes it: one more than
// its last object's number.
var trailerSize = regexp.MustCompile(`\ntrailer\n<<\n/Size (\d+)\n`)

// edit is text inserted into a file at an offset.
type edit struct {
	at   int
	text string
}

// insert makes edits (at distinct offsets) and moves the cross-reference
// table's offsets by what they add before them.
func insert(pdf []byte, edits []edit) ([]byte, bool) {
	slices.SortStableFunc(edits, func(a, b edit) int { return a.at - b.at }) // the same bytes every time
	var out bytes.Buffer
	last := 0
	for _, e := range edits {
		out.Write(pdf[last:e.at])
		out.WriteString(e.text)
		last = e.at
	}
	out.Write(pdf[last:])
	return moveXref(out.Bytes(), func(off int) int {
		d := 0
		for _, e := range edits {
			if e.at <= off {
				d += len(e.text)
			}
		}
		return off + d
	})
}

// appendObjects writes objs as objects first, first+1, … before the
// cross-reference table, adds them to it and to the trailer's /Size.
func appendObjects(pdf []byte, first int, objs []string) ([]byte, bool) {
	if len(objs) == 0 {
		return pdf, true
	}
	sx := bytes.LastIndex(pdf, []byte("\nstartxref\n"))
	if sx < 0 {
		return nil, false
	}
	at := bytes.LastIndex(pdf[:sx], []byte("\nxref\n0 ")) + 1
	head := fmt.Sprintf("xref\n0 %d\n", first)
	trailer := bytes.Index(pdf[at:], []byte("trailer\n<<\n/Size "))
	if at <= 0 || !bytes.HasPrefix(pdf[at:], []byte(head)) || trailer < 0 {
		return nil, false
	}
	trailer += at
	var out bytes.Buffer
	out.Write(pdf[:at])
	offsets := make([]int, len(objs))
	for i, o := range objs {
		offsets[i] = out.Len()
		fmt.Fprintf(&out, "%d 0 obj\n%s\nendobj\n", first+i, o)
	}
	table := out.Len()
	fmt.Fprintf(&out, "xref\n0 %d\n", first+len(objs))
	out.Write(pdf[at+len(head) : trailer])
	for _, off := range offsets {
		fmt.Fprintf(&out, "%010d 00000 n \n", off)
	}
	rest := pdf[trailer:sx]
	rest = bytes.Replace(rest, []byte(fmt.Sprintf("/Size %d\n", first)), []byte(fmt.Sprintf("/Size %d\n", first+len(objs))), 1)
	out.Write(rest)
	fmt.Fprintf(&out, "\nstartxref\n%d\n%%%%EOF\n", table)
	return out.Bytes(), true
}
