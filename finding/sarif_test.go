package finding

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// testdata/sarif-schema-2.1.0.json is the OASIS SARIF 2.1.0 (rtm.5) schema as
// shipped in the npm package @microsoft/jest-sarif (MIT), lib/schemas.
func TestSARIFValidatesAgainstSchema(t *testing.T) {
	c := jsonschema.NewCompiler()
	sch, err := c.Compile("testdata/sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	rules := func(code string) (Rule, bool) {
		if code == "SCHEMA_TYPE" {
			return Rule{ID: code, Severity: Error, Description: "a value has the wrong type", Help: "Fix the type."}, true
		}
		return Rule{}, false
	}
	for name, fs := range map[string][]Finding{"sample": Sort(sample()), "none": nil} {
		var b bytes.Buffer
		if err := PrintWith(&b, "sarif", fs, Options{Rules: rules}); err != nil {
			t.Fatal(err)
		}
		v, err := jsonschema.UnmarshalJSON(&b)
		if err != nil {
			t.Fatal(err)
		}
		if err := sch.Validate(v); err != nil {
			t.Errorf("%s: SARIF output does not validate: %v", name, err)
		}
	}
	// The schema must really check: a result without a message fails.
	var bad map[string]any
	var b bytes.Buffer
	if err := PrintWith(&b, "sarif", Sort(sample()), Options{}); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b.Bytes(), &bad); err != nil {
		t.Fatal(err)
	}
	bad["runs"].([]any)[0].(map[string]any)["results"].([]any)[0].(map[string]any)["level"] = "fatal"
	if err := sch.Validate(bad); err == nil {
		t.Error("schema accepted a result with level fatal")
	}
}

func TestGitHubEscapes(t *testing.T) {
	f := Finding{Pos: Pos{File: "a,b:c.yaml", Line: 3, Col: 2}, Code: "X", Message: "100% sure\nnext: line"}
	got := GitHub(f)
	want := "::error file=a%2Cb%3Ac.yaml,line=3,col=2,title=X::100%25 sure%0Anext: line"
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if w := GitHub(Finding{Pos: Pos{File: "g.yaml"}, Severity: Warning, Code: "Y", Message: "m"}); !strings.HasPrefix(w, "::warning file=g.yaml,title=Y::") {
		t.Errorf("whole-file warning: %s", w)
	}
}

func TestSARIFURIs(t *testing.T) {
	for in, want := range map[string]string{"cards/heat/cards.yaml": "cards/heat/cards.yaml", "my games/a#1.yaml": "my%20games/a%231.yaml"} {
		if got := fileURI(in); got != want {
			t.Errorf("fileURI(%q) = %q, want %q", in, got, want)
		}
	}
}
