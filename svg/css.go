package svg

import (
	"fmt"
	"regexp"
	"strings"
)

// CSS in <style> elements, as editors write it (Illustrator's .st0{...}):
// rules whose selectors are a tag, a class, an id or a tag with a class,
// applied to each element as its own properties (over its presentation
// attributes, under its style attribute), so that what cardpress checks
// and draws sees one set of properties per element.

type cssRule struct {
	tag, class, id string
	decls          [][2]string
}

var (
	cssBlock    = regexp.MustCompile(`([^{}]*)\{([^{}]*)\}`)
	cssComment  = regexp.MustCompile(`(?s)/\*.*?\*/`)
	cssSelector = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9_-]*)?(?:\.([A-Za-z0-9_-]+)|#([A-Za-z0-9_-]+))?$`)
)

// parseCSS reads the rules of a <style> element at line.
func parseCSS(css string, line int) ([]cssRule, error) {
	css = cssComment.ReplaceAllString(css, "")
	css = strings.NewReplacer("<![CDATA[", "", "]]>", "").Replace(css)
	if strings.Contains(css, "@") {
		return nil, fmt.Errorf("line %d: the <style> holds an @-rule (@import, @media, @font-face), which cardpress does not read from SVG", line)
	}
	var rules []cssRule
	rest := css
	for _, m := range cssBlock.FindAllStringSubmatch(css, -1) {
		rest = strings.Replace(rest, m[0], "", 1)
		var decls [][2]string
		for decl := range strings.SplitSeq(m[2], ";") {
			if k, v, ok := strings.Cut(decl, ":"); ok && strings.TrimSpace(k) != "" {
				decls = append(decls, [2]string{strings.TrimSpace(k), strings.TrimSpace(v)})
			}
		}
		for sel := range strings.SplitSeq(m[1], ",") {
			s := cssSelector.FindStringSubmatch(strings.TrimSpace(sel))
			if s == nil || s[0] == "" {
				return nil, fmt.Errorf("line %d: the CSS selector %q is not one cardpress reads in SVG (a tag, .class, #id or tag.class)", line, strings.TrimSpace(sel))
			}
			rules = append(rules, cssRule{tag: s[1], class: s[2], id: s[3], decls: decls})
		}
	}
	if strings.TrimSpace(rest) != "" {
		return nil, fmt.Errorf("line %d: the <style> is not CSS cardpress can read", line)
	}
	return rules, nil
}

// matches reports whether r applies to n.
func (r cssRule) matches(n *node) bool {
	if r.tag != "" && r.tag != n.name || r.id != "" && r.id != n.attrs["id"] {
		return false
	}
	return r.class == "" || strings.Contains(" "+n.attrs["class"]+" ", " "+r.class+" ")
}

// foldStyle gives an element the properties its CSS rules and its style
// attribute set, which win over its attributes as in CSS.
func (d *Drawing) foldStyle(n *node) {
	for _, r := range d.css {
		if r.matches(n) {
			for _, kv := range r.decls {
				n.set(kv[0], kv[1])
			}
		}
	}
	delete(n.attrs, "class")
	if style, ok := n.attrs["style"]; ok {
		delete(n.attrs, "style")
		for decl := range strings.SplitSeq(style, ";") {
			if k, v, ok := strings.Cut(decl, ":"); ok && strings.TrimSpace(k) != "" {
				n.set(strings.TrimSpace(k), strings.TrimSpace(v))
			}
		}
	}
}
