package source

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

func convert(t *testing.T, data string) (*Value, string) {
	t.Helper()
	f, fs := Parse("f.yaml", []byte(data))
	if f == nil {
		t.Fatalf("parse: %v", fs)
	}
	v, fs := Convert(f)
	return v, briefs(fs)
}

func TestConvertScalarsByTag(t *testing.T) {
	v, fs := convert(t, `
date: 2024-01-02
stamp: 2001-12-14t21:59:43.10-05:00
int: 42
hex: 0x1F
neg: -7
float: 1.5
exp: 1e3
big: 123456789012345678901234567890
bool: true
yes: yes
null1: ~
null2:
quoted: "12"
str: !!str 12
inf: .inf
oct: 012
negzero: -0
plus: +5
caps: TRUE
half: .5
`)
	if fs != "" {
		t.Fatal(fs)
	}
	want := map[string]any{
		"date": "2024-01-02", "stamp": "2001-12-14t21:59:43.10-05:00",
		"int": 42, "hex": 31, "neg": -7, "float": 1.5, "exp": 1000.0,
		"big": 1.2345678901234568e29, "bool": true, "yes": "yes",
		"null1": nil, "null2": nil, "quoted": "12", "str": "12",
		"inf": math.Inf(1), "oct": 10, "negzero": 0, "plus": 5, "caps": true, "half": 0.5,
	}
	if !reflect.DeepEqual(v.Data, want) {
		t.Errorf("got  %#v\nwant %#v", v.Data, want)
	}
}

func TestConvertPositions(t *testing.T) {
	v, fs := convert(t, "cards:\n  - id: a\n    keywords: [x, y]\n  - id: b\n    \"odd/key~\": 1\n")
	if fs != "" {
		t.Fatal(fs)
	}
	cases := []struct {
		path     []string
		key, val string // "line:col", "" for none
	}{
		{nil, "", "1:1"},
		{[]string{"cards"}, "1:1", "2:3"},
		{[]string{"cards", "0"}, "", "2:5"},
		{[]string{"cards", "0", "keywords", "1"}, "", "3:19"},
		{[]string{"cards", "1", "odd/key~"}, "5:5", "5:17"},
		// A missing path falls back to its nearest existing ancestor.
		{[]string{"cards", "1", "name"}, "", "4:5"},
	}
	at := func(n *yaml.Node) string {
		if n == nil {
			return ""
		}
		return fmt.Sprintf("%d:%d", n.Line, n.Column)
	}
	for _, tc := range cases {
		loc := v.Lookup(tc.path)
		if at(loc.Key) != tc.key || at(loc.Value) != tc.val {
			t.Errorf("%v: key %s value %s, want %s %s", tc.path, at(loc.Key), at(loc.Value), tc.key, tc.val)
		}
	}
}

func TestConvertMergeKeys(t *testing.T) {
	v, fs := convert(t, "base: &b {x: 1, y: 2}\nm:\n  <<: *b\n  y: 3\n")
	if fs != "" {
		t.Fatal(fs)
	}
	if got := v.Data.(map[string]any)["m"]; !reflect.DeepEqual(got, map[string]any{"x": 1, "y": 3}) {
		t.Errorf("merged %v", got)
	}
	// Own keys keep their own position; merged ones point at the anchor.
	if n := v.Lookup([]string{"m", "y"}).Value; n.Line != 4 {
		t.Errorf("m/y at line %d, want 4", n.Line)
	}
	if n := v.Lookup([]string{"m", "x"}).Value; n.Line != 1 {
		t.Errorf("m/x at line %d, want 1", n.Line)
	}
}

func TestConvertBadKeys(t *testing.T) {
	_, fs := convert(t, "a: 1\n? [x, y]\n: 2\nm:\n  <<: 5\n")
	if want := "f.yaml:2:3 YAML_KEY; f.yaml:5:7 YAML_KEY"; fs != want {
		t.Errorf("got %q, want %q", fs, want)
	}
}

func TestConvertAliasBomb(t *testing.T) {
	var b strings.Builder
	b.WriteString("a: &a [x, x, x, x, x, x, x, x, x, x]\n")
	prev := "a"
	for _, name := range []string{"b", "c", "d", "e", "f", "g", "h", "i"} {
		fmt.Fprintf(&b, "%s: &%s [*%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s, *%s]\n", name, name, prev, prev, prev, prev, prev, prev, prev, prev, prev, prev)
		prev = name
	}
	v, fs := convert(t, b.String())
	// Lines b to d expand to 12,330 values; each *d on line e adds 11,111,
	// so the budget runs out in e's eighth alias, at column 36.
	if v != nil || fs != "f.yaml:5:36 YAML_ALIAS_LIMIT" {
		t.Errorf("got %v %q, want one YAML_ALIAS_LIMIT at 5:36", v != nil, fs)
	}
}

func FuzzParse(f *testing.F) {
	for _, seed := range []string{
		"",
		"a: 1\n",
		"# yaml-language-server: $schema=../../schema/card.schema.json\ncards:\n  - {id: a, name: A, players: [3, 4]}\n",
		"a: &x [1, *x]\n",
		"a: &a [x, x]\nb: &b [*a, *a]\nc: [*b, *b]\n",
		"m: {<<: {x: 1}, y: 2}\n? [k]\n: v\n",
		"a:\n\tb: 1\n",
		"a: 'open\n",
		"x: \xff\n",
		"d: 2024-01-02\nf: .nan\ni: 0x_1\n",
		"a: 1\n---\nb: 2\n",
		"{a: 1, a: 2}",
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		file, fs := Parse("f.yaml", data)
		if file == nil {
			if len(fs) != 1 {
				t.Fatalf("unusable file with %d findings: %v", len(fs), fs)
			}
		} else {
			CheckGlyphs(file)
			CheckModeline(file, "x")
			if v, cfs := Convert(file); v == nil && len(cfs) != 1 {
				t.Fatalf("failed conversion with %d findings", len(cfs))
			}
		}
		for _, fd := range fs {
			if strings.ContainsAny(fd.String(), "\n\r") {
				t.Fatalf("multi-line finding %q", fd.String())
			}
		}
	})
}

func TestLookupFallsBackOnBadIndexes(t *testing.T) {
	v, fs := convert(t, "list: [a, b, c]\n")
	if fs != "" {
		t.Fatal(fs)
	}
	for _, tok := range []string{"01", "-1", "+1", "3", "x", "", "99999999999999999999999"} {
		if n := v.Lookup([]string{"list", tok}).Value; n.Column != 7 {
			t.Errorf("list/%q: column %d, want the list's 7", tok, n.Column)
		}
	}
	if n := v.Lookup([]string{"list", "2"}).Value; n.Value != "c" {
		t.Errorf("list/2 is %q, want c", n.Value)
	}
}

func TestLookupFollowsTheValueKept(t *testing.T) {
	// Positions follow the values Data keeps: the first of several merged
	// mappings, a repeated key's last value, and nothing below a value that
	// replaced a merged one.
	src := "a: &a {x: 1, y: {z: 1}}\nb: &b {x: 2}\nm:\n  <<: [*a, *b]\n  y: 3\n" +
		"wide: {k1: 1, k2: 2, k3: 3, k4: 4, k5: 5, k6: 6, k7: 7, k8: 8, k9: 9, k1: 10}\n" +
		"small: {k: 1, k: 2}\n"
	f, _ := Parse("f.yaml", []byte(src)) // the duplicate keys are findings
	v, fs := Convert(f)
	if len(fs) != 0 {
		t.Fatal(briefs(fs))
	}
	cases := []struct {
		path []string
		want string // line:col of the value node
	}{
		{[]string{"m", "x"}, "1:11"},
		{[]string{"m", "y"}, "5:6"},
		{[]string{"m", "y", "z"}, "5:6"},
		{[]string{"wide", "k1"}, "6:75"},
		{[]string{"wide", "k9"}, "6:68"},
		{[]string{"small", "k"}, "7:18"},
	}
	for _, tc := range cases {
		n := v.Lookup(tc.path).Value
		if got := fmt.Sprintf("%d:%d", n.Line, n.Column); got != tc.want {
			t.Errorf("%v at %s, want %s", tc.path, got, tc.want)
		}
	}
	data := v.Data.(map[string]any)
	if got := data["m"].(map[string]any)["x"]; got != 1 {
		t.Errorf("m/x = %v, want the first merged mapping's 1", got)
	}
	if got := data["wide"].(map[string]any)["k1"]; got != 10 {
		t.Errorf("wide/k1 = %v, want the last value 10", got)
	}
}
