package finding

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// many is n findings of code in file, one a line.
func many(file, code string, sev Severity, n int) []Finding {
	fs := make([]Finding, n)
	for i := range fs {
		fs[i] = Finding{Pos: Pos{File: file, Line: i + 1, Col: 3}, Severity: sev, Code: code, Message: fmt.Sprintf("problem %d", i+1)}
	}
	return fs
}

func printed(t *testing.T, format string, fs []Finding, maxSame int) []string {
	t.Helper()
	var b bytes.Buffer
	if err := PrintWith(&b, format, Sort(fs), Options{MaxSame: maxSame}); err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
}

// TestTextCollapsesRepeats: past the limit, one code in one file is one
// line saying how many more; other codes and files are not held back.
func TestTextCollapsesRepeats(t *testing.T) {
	fs := append(many("a.yaml", "SCHEMA_TYPE", Error, 40000), many("a.yaml", "SCHEMA_ENUM", Error, 3)...)
	fs = append(fs, many("b.yaml", "SCHEMA_TYPE", Error, 21)...)
	fs = append(fs, many("b.yaml", "MODELINE", Warning, 1)...)
	lines := printed(t, "text", fs, 20)
	if len(lines) != 20+3+1+20+1+1 {
		t.Fatalf("%d lines:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	for _, want := range []string{
		"a.yaml: 39980 more SCHEMA_TYPE errors in this file (--max-same-issues 0 prints every one)",
		"b.yaml: 1 more SCHEMA_TYPE error in this file (--max-same-issues 0 prints every one)",
		"b.yaml:1:3: warning MODELINE: problem 1",
		"a.yaml:20:3: error SCHEMA_TYPE: problem 20",
		"a.yaml:3:3: error SCHEMA_ENUM: problem 3",
	} {
		if !contains(lines, want) {
			t.Errorf("no line %q in\n%s", want, strings.Join(lines, "\n"))
		}
	}
	if contains(lines, "a.yaml:21:3: error SCHEMA_TYPE: problem 21") {
		t.Error("the 21st finding was printed")
	}
	// The summary of a file comes right after the file's findings.
	if i := index(lines, "a.yaml: 39980 more SCHEMA_TYPE errors in this file (--max-same-issues 0 prints every one)"); i < 0 || !strings.HasPrefix(lines[i+1], "b.yaml:") {
		t.Errorf("the summary is not at the end of a.yaml's findings:\n%s", strings.Join(lines, "\n"))
	}
	if all := printed(t, "text", fs, 0); len(all) != len(fs) {
		t.Errorf("with no limit: %d lines, want %d", len(all), len(fs))
	}
}

// TestTextCollapsesFiles: one code in more files than the limit prints
// the first files' findings and one line for the rest.
func TestTextCollapsesFiles(t *testing.T) {
	var fs []Finding
	for i := range 5000 {
		fs = append(fs, many(fmt.Sprintf("cards/c%04d.yaml", i), "FILE_UNLISTED", Warning, 2)...)
	}
	fs = append(fs, many("z.yaml", "SCHEMA_TYPE", Error, 1)...)
	lines := printed(t, "text", fs, 20)
	if len(lines) != 20*2+1+1 {
		t.Fatalf("%d lines:\n%s", len(lines), strings.Join(lines, "\n"))
	}
	if last := lines[len(lines)-1]; last != "9960 more FILE_UNLISTED warnings in 4980 more files (--max-same-issues 0 prints every one)" {
		t.Errorf("last line %q", last)
	}
	if !contains(lines, "z.yaml:1:3: error SCHEMA_TYPE: problem 1") {
		t.Error("another code's finding was held back")
	}
	if !contains(lines, "cards/c0019.yaml:2:3: warning FILE_UNLISTED: problem 2") || contains(lines, "cards/c0020.yaml:1:3: warning FILE_UNLISTED: problem 1") {
		t.Errorf("not the first 20 files:\n%s", strings.Join(lines, "\n"))
	}
}

// TestGitHubCollapses: the annotations are limited too, the rest is a
// notice; JSON and SARIF keep every finding.
func TestGitHubCollapses(t *testing.T) {
	fs := many("a.yaml", "SCHEMA_TYPE", Error, 30)
	lines := printed(t, "github", fs, 20)
	if len(lines) != 21 || lines[20] != "::notice file=a.yaml::a.yaml: 10 more SCHEMA_TYPE errors in this file (--max-same-issues 0 prints every one)" {
		t.Errorf("%d lines, last %q", len(lines), lines[len(lines)-1])
	}
	var r Report
	if err := json.Unmarshal([]byte(strings.Join(printed(t, "json", fs, 20), "\n")), &r); err != nil || len(r.Findings) != 30 {
		t.Errorf("json: %d findings (%v)", len(r.Findings), err)
	}
	var sarif struct {
		Runs []struct{ Results []any } `json:"runs"`
	}
	if err := json.Unmarshal([]byte(strings.Join(printed(t, "sarif", fs, 20), "\n")), &sarif); err != nil || len(sarif.Runs[0].Results) != 30 {
		t.Errorf("sarif: %v", err)
	}
}

func contains(lines []string, s string) bool { return index(lines, s) >= 0 }

func index(lines []string, s string) int {
	for i, l := range lines {
		if l == s {
			return i
		}
	}
	return -1
}
