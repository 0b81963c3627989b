package yamltext

import (
	"testing"

	"go.yaml.in/yaml/v3"
)

// Whatever the text, the quoted scalar reads back as that string: never
// a bool, a number, a mapping, a comment or an alias.
func TestQuoteReadsBackAsTheString(t *testing.T) {
	for _, s := range []string{
		"", "No", "yes", "~", "null", "0x1F", "1e3", "2026-12-07", "a: b", "- item", "#not a comment",
		"*alias", "&anchor", "!tag", `say "hi"`, `back\slash`, "two\nlines", "tab\there", "é ♣ 🂡",
		"<b>&amp;</b>", " padded ", "line\u2028separator",
	} {
		var got any
		if err := yaml.Unmarshal([]byte("v: "+Quote(s)), &struct{ V *any }{&got}); err != nil {
			t.Errorf("%q quoted as %s does not parse: %v", s, Quote(s), err)
			continue
		}
		if str, ok := got.(string); !ok || str != s {
			t.Errorf("%q quoted as %s reads back as %#v", s, Quote(s), got)
		}
	}
}
