package finding

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// hostile is a finding on a committed file whose name forges a workflow
// command, with a message quoting a card name that colours the terminal.
func hostile() []Finding {
	return []Finding{{Pos: Pos{File: "cards/x\n::error::forged.yaml", Line: 3, Col: 5}, Code: "DUPLICATE_NAME",
		Message: "card Red\x1b[31m Alert\u202e is named twice"}}
}

func TestTextPrinterShowsControlCharactersVisibly(t *testing.T) {
	var b bytes.Buffer
	if err := Print(&b, "text", hostile()); err != nil {
		t.Fatal(err)
	}
	want := `cards/x\n::error::forged.yaml:3:5: error DUPLICATE_NAME: card Red\x1b[31m Alert\u202e is named twice` + "\n"
	if b.String() != want {
		t.Errorf("text printer wrote\n%q\nwant\n%q", b.String(), want)
	}
}

func TestGitHubPrinterEscapesEveryControlCharacter(t *testing.T) {
	var b bytes.Buffer
	if err := Print(&b, "github", hostile()); err != nil {
		t.Fatal(err)
	}
	// CR and LF as the workflow-command rules say; the rest made visible.
	want := `::error file=cards/x%0A%3A%3Aerror%3A%3Aforged.yaml,line=3,col=5,title=DUPLICATE_NAME::card Red\x1b[31m Alert\u202e is named twice` + "\n"
	if b.String() != want {
		t.Errorf("github printer wrote\n%q\nwant\n%q", b.String(), want)
	}
	f := hostile()[0]
	f.Message = "50% done\r\nnext\x07"
	if got, want := GitHub(f), `::error file=cards/x%0A%3A%3Aerror%3A%3Aforged.yaml,line=3,col=5,title=DUPLICATE_NAME::50%25 done%0D%0Anext\a`; got != want {
		t.Errorf("GitHub = %q, want %q", got, want)
	}
}

// JSON and SARIF are structured: the encoder escapes what JSON needs and
// the names read back exactly as they were.
func TestStructuredPrintersKeepNamesExact(t *testing.T) {
	want := hostile()[0]
	var b bytes.Buffer
	if err := Print(&b, "json", hostile()); err != nil {
		t.Fatal(err)
	}
	var rep Report
	if err := json.Unmarshal(b.Bytes(), &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Findings) != 1 || rep.Findings[0].File != want.File || rep.Findings[0].Message != want.Message {
		t.Errorf("json read back %+v, want %+v", rep.Findings, want)
	}
	b.Reset()
	if err := Print(&b, "sarif", hostile()); err != nil {
		t.Fatal(err)
	}
	var log Sarif
	if err := json.Unmarshal(b.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if got := log.Runs[0].Results[0].Message.Text; got != want.Message {
		t.Errorf("sarif message %q, want %q", got, want.Message)
	}
	if strings.Contains(b.String(), "\x1b") || strings.Contains(b.String(), "\\u202e") {
		t.Errorf("sarif output holds text-escaped names:\n%s", b.String())
	}
}
