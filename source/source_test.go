package source

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/internal/fileio"

	"go.yaml.in/yaml/v3"
)

// brief is "file:line:col CODE", the part of a finding tests pin exactly.
func brief(f finding.Finding) string {
	return f.Pos.String() + " " + f.Code
}

func briefs(fs []finding.Finding) string {
	var s []string
	for _, f := range fs {
		s = append(s, brief(f))
	}
	return strings.Join(s, "; ")
}

func TestParse(t *testing.T) {
	cases := []struct {
		name   string
		data   string
		want   string // the findings, briefly
		usable bool   // a File comes back
		msg    string // a fragment of the first finding's message
	}{
		{name: "clean", data: "a: 1\nb: [x, y]\n", usable: true},
		{name: "empty", data: "", want: "f.yaml:1:1 FILE_EMPTY"},
		{name: "blank", data: "  \n\n", want: "f.yaml:1:1 FILE_EMPTY"},
		{name: "only comments", data: "# yaml-language-server: $schema=x\n# nothing\n", want: "f.yaml:1:1 FILE_EMPTY", msg: "only comments"},
		{name: "binary", data: "a: 1\nb: x\x00y\n", want: "f.yaml:2:5 FILE_BINARY"},
		{name: "utf-16", data: "\xff\xfea\x00:\x00", want: "f.yaml:1:1 FILE_NOT_UTF8", msg: "UTF-16"},
		{name: "latin-1", data: "a: 1\nname: Caf\xe9 Noir\n", want: "f.yaml:2:10 FILE_NOT_UTF8", msg: "0xE9"},
		{name: "bad byte after multibyte", data: "n: ééé\xff\n", want: "f.yaml:1:7 FILE_NOT_UTF8"},
		{name: "control character", data: "a: 1\nb: ring\x07\n", want: "f.yaml:2:8 YAML_SYNTAX", msg: "U+0007"},
		{name: "tab indent", data: "a:\n  b: 1\n\tc: 2\n", want: "f.yaml:3:1 YAML_TAB_INDENT"},
		{name: "tab after spaces", data: "a:\n  \tb: 1\n", want: "f.yaml:2:3 YAML_TAB_INDENT"},
		{name: "tab inside a value is fine", data: "a: \"x\ty\"\nb:\tc\n", usable: true},
		{name: "unclosed list", data: "a: 1\nb: [1, 2\nc: 3\n", want: "f.yaml:2:1 YAML_SYNTAX", msg: "not closed"},
		{name: "colon in plain text", data: "a: 1\nb: time: now\n", want: "f.yaml:2:1 YAML_SYNTAX", msg: "quotes"},
		{name: "bad indentation", data: "a:\n  - b\n  c: d\n", want: "f.yaml:3:3 YAML_SYNTAX"},
		{name: "over-indented key", data: "a: 1\n  b: 2\n", want: "f.yaml:2:3 YAML_SYNTAX"},
		{name: "unclosed quote", data: "a: 1\nb: 'open\nc: 2\n", want: "f.yaml:2:1 YAML_SYNTAX", msg: "never closed"},
		{name: "unknown anchor", data: "a: 1\nb: *nope\n", want: "f.yaml:2:4 YAML_SYNTAX", msg: "*nope"},
		{name: "alias cycle", data: "a: &x [1, *x]\n", want: "f.yaml:1:11 YAML_ALIAS_CYCLE"},
		{name: "duplicate key", data: "a: 1\nb: 2\na: 3\n", want: "f.yaml:3:1 YAML_DUPLICATE_KEY", usable: true, msg: "first at line 1"},
		{name: "duplicate key in flow", data: "- {id: a, id: b}\n", want: "f.yaml:1:11 YAML_DUPLICATE_KEY", usable: true},
		{name: "duplicate nested keys", data: "a:\n  x: 1\n  x: 2\nb:\n  - y: 1\n    y: 2\n",
			want: "f.yaml:3:3 YAML_DUPLICATE_KEY; f.yaml:6:5 YAML_DUPLICATE_KEY", usable: true},
		{name: "merge keys are not duplicates", data: "b: &b {x: 1}\nc: &c {y: 1}\nm:\n  <<: *b\n  <<: *c\n", usable: true},
		{name: "second document", data: "a: 1\n---\nb: 2\n", want: "f.yaml:3:1 YAML_SYNTAX", usable: true, msg: "second YAML document"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f, fs := Parse("f.yaml", []byte(tc.data))
			if got := briefs(fs); got != tc.want {
				t.Errorf("findings %q, want %q (%v)", got, tc.want, fs)
			}
			if (f != nil) != tc.usable {
				t.Errorf("usable = %v, want %v", f != nil, tc.usable)
			}
			if !tc.usable && len(fs) != 1 {
				t.Errorf("an unusable file must give exactly one finding, got %d", len(fs))
			}
			if tc.msg != "" && (len(fs) == 0 || !strings.Contains(fs[0].Message, tc.msg)) {
				t.Errorf("message %v does not mention %q", fs, tc.msg)
			}
			for _, f := range fs {
				if strings.ContainsAny(f.String(), "\n\r") {
					t.Errorf("finding is not one line: %q", f.String())
				}
			}
		})
	}
}

func TestReadTooLargeWithoutReading(t *testing.T) {
	name := filepath.Join(t.TempDir(), "huge.yaml")
	fh, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	// Sparse: 50 MB on paper, nothing on disk.
	if err := fh.Truncate(50 << 20); err != nil {
		t.Fatal(err)
	}
	fh.Close()
	f, fs := Read(name) // internal/fileio proves it is not even opened
	if f != nil || len(fs) != 1 || !CodeFileTooLarge.Is(fs[0]) || fs[0].File != name {
		t.Fatalf("got %v, want one FILE_TOO_LARGE", fs)
	}
	if !strings.Contains(fs[0].Message, "50.0 MiB") {
		t.Errorf("message %q does not give the size", fs[0].Message)
	}
}

func TestReadProblems(t *testing.T) {
	dir := t.TempDir()
	ok := filepath.Join(dir, "ok.yaml")
	if err := os.WriteFile(ok, []byte("a: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct{ name, want, msg string }{
		{ok, "", ""},
		{filepath.Join(dir, "missing.yaml"), missingBrief(dir, "missing.yaml"), "file not found"},
		{dir, dir + ":1:1 FILE_READ", "cannot read: not a regular file but a folder"},
		{fifo, fifo + ":1:1 FILE_READ", "cannot read: not a regular file but a named pipe (FIFO)"},
		{"/dev/zero", "/dev/zero:1:1 FILE_READ", "cannot read: not a regular file but a character device"},
	}
	for _, tc := range cases {
		_, fs := Read(tc.name)
		if got := briefs(fs); got != tc.want {
			t.Errorf("Read(%s) = %q, want %q", tc.name, got, tc.want)
		}
		if tc.msg != "" && (len(fs) != 1 || fs[0].Message != tc.msg) {
			t.Errorf("Read(%s): %v, want the message %q", tc.name, fs, tc.msg)
		}
	}
}

// A card file replaced by a link to a secret must not show the secret in
// any finding: the link is refused before the target is read.
func TestReadInRefusesLinksOut(t *testing.T) {
	base := t.TempDir()
	game := filepath.Join(base, "game")
	if err := os.Mkdir(game, 0o755); err != nil {
		t.Fatal(err)
	}
	secret := filepath.Join(base, "secret.env")
	if err := os.WriteFile(secret, []byte("AWS_SECRET_ACCESS_KEY=abcdSECRET123\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(game, "real.yaml"), []byte("a: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"cards.yaml": secret, "rel.yaml": "../secret.env", "kmsg.yaml": "/proc/kmsg", "same.yaml": "real.yaml"} {
		if err := os.Symlink(target, filepath.Join(game, link)); err != nil {
			t.Fatal(err)
		}
	}
	dir, err := fileio.OpenDir(game)
	if err != nil {
		t.Fatal(err)
	}
	defer dir.Close()
	for _, name := range []string{"cards.yaml", "rel.yaml", "kmsg.yaml"} {
		f, fs := ReadIn(dir, name)
		want := filepath.Join(game, name) + ":1:1 FILE_OUTSIDE"
		if f != nil || briefs(fs) != want {
			t.Errorf("%s: %q, want %q", name, briefs(fs), want)
		}
		if strings.Contains(fs[0].String(), "SECRET") || strings.Contains(fs[0].String(), base) && !strings.HasPrefix(fs[0].String(), base) {
			t.Errorf("%s: the finding shows the target: %s", name, fs[0])
		}
	}
	if f, fs := ReadIn(dir, "same.yaml"); f == nil || len(fs) > 0 {
		t.Errorf("a link inside the folder: %v", fs)
	}
}

func missingBrief(dir, name string) string {
	return filepath.Join(dir, name) + ":1:1 FILE_MISSING"
}

func TestModeline(t *testing.T) {
	const want = "../../schema/layout.schema.json"
	cases := []struct{ data, want string }{
		{"# yaml-language-server: $schema=../../schema/layout.schema.json\na: 1\n", ""},
		{"# yaml-language-server: $schema=../../schema/layout.schema.json  \r\na: 1\n", ""},
		{"a: 1\n", "f.yaml:1:1 MODELINE"},
		{"# yaml-language-server: $schema=../schema/layout.schema.json\na: 1\n", "f.yaml:1:33 MODELINE"},
	}
	for _, tc := range cases {
		f, _ := Parse("f.yaml", []byte(tc.data))
		fs := CheckModeline(f, want)
		if got := briefs(fs); got != tc.want {
			t.Errorf("%q: got %q, want %q", tc.data, got, tc.want)
		}
		for _, f := range fs {
			if f.Severity != finding.Warning {
				t.Errorf("modeline findings are warnings: %v", f)
			}
		}
	}
}

func TestGlyphs(t *testing.T) {
	data := "name: Café → ok\nflavor: Smile 😀 now\nlist:\n  - fine\n  - \"क and 中\"\nkey😀: fine\nalias: *x\n"
	data = "anchor: &x plain\n" + data
	f, fs := Parse("f.yaml", []byte(data))
	if f == nil {
		t.Fatal(fs)
	}
	fs = CheckGlyphs(f)
	if got, want := briefs(fs), "f.yaml:3:9 GLYPH_MISSING; f.yaml:6:5 GLYPH_MISSING"; got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	if !strings.Contains(fs[0].Message, "U+1F600") || !strings.Contains(fs[0].Message, "above U+FFFF") {
		t.Errorf("emoji message: %q", fs[0].Message)
	}
	if !strings.Contains(fs[1].Message, "U+0915") || !strings.Contains(fs[1].Message, "1 more") {
		t.Errorf("missing glyph message: %q", fs[1].Message)
	}
}

// A mapping wider than MaxKeys is refused before anything decodes it:
// yaml.v3's Node.Decode compares each key with every other.
func TestMappingLimit(t *testing.T) {
	var b strings.Builder
	b.WriteString("cards:\n  - id: a\n")
	for i := range MaxKeys {
		fmt.Fprintf(&b, "    k%d: 1\n", i)
	}
	f, fs := Parse("f.yaml", []byte(b.String()))
	if got, want := briefs(fs), "f.yaml:2:5 YAML_MAPPING_LIMIT"; f != nil || got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
	if want := "a mapping with 1001 keys; at most 1000 are allowed (write a list instead)"; fs[0].Message != want {
		t.Errorf("message %q, want %q", fs[0].Message, want)
	}
	// Every node is a value: the mapping, its key a, the inner mapping, b, the list and its items.
	f, fs = Parse("f.yaml", []byte("a: {b: [1, 2]}\n"))
	if f == nil || len(fs) > 0 || f.Values != 7 {
		t.Errorf("values %v, findings %v", f, fs)
	}
}

// MapValue finds a key's value through aliases, and nothing in what is
// not a mapping.
func TestMapValue(t *testing.T) {
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("base: &b {x: 1}\nalias: *b\nlist: [1]\n"), &doc); err != nil {
		t.Fatal(err)
	}
	root := doc.Content[0]
	if v := MapValue(MapValue(root, "alias"), "x"); v == nil || v.Value != "1" || v.Line != 1 {
		t.Errorf("alias.x = %+v, want 1 at line 1", v)
	}
	if MapValue(root, "missing") != nil || MapValue(MapValue(root, "list"), "x") != nil || MapValue(nil, "x") != nil {
		t.Error("a missing key, a list or nil gave a value")
	}
}
