package gamedata

import (
	"slices"
	"strconv"

	"github.com/cardpress/cardpress/finding"
	"github.com/cardpress/cardpress/schema"

	"go.yaml.in/yaml/v3"
)

// rules loads files.rules and files.tests: their structure is checked here
// against their schemas, their meaning (expressions, names) by the engine
// that plays them, from the nodes kept in Data.Rules and Data.Tests.
func (l *loader) rules() {
	m := &l.g.Manifest
	if name := m.Files.Rules; name != "" {
		l.g.Rules = l.rulesFile(name, schema.Rules, "files", "rules")
	} else if m.Engine == RulesEngine {
		l.add(schema.CodeRequired.At(l.man.pos("engine"), "engine %s plays the rules in files.rules; name the file (files: {rules: rules.yaml})", RulesEngine))
	}
	for i, name := range m.Files.Tests {
		if t := l.rulesFile(name, schema.Tests, "files", "tests", strconv.Itoa(i)); t != nil {
			l.g.Tests = append(l.g.Tests, t)
		}
	}
}

// rulesFile opens one rules or tests file; nil when it is missing, broken
// or not valid against its schema (the findings say why), since an engine
// compiling it would only repeat those problems, worse worded.
func (l *loader) rulesFile(name, repoPath string, listedAt ...string) *RulesFile {
	d, found := l.openListed(name, l.compile(repoPath), l.modeline(name, repoPath), listedAt...)
	if d == nil || slices.ContainsFunc(found, func(f finding.Finding) bool { return f.Severity == finding.Error }) {
		return nil
	}
	root := d.file.Root
	if root == nil || root.Kind != yaml.MappingNode {
		return nil // the schema wants an object; a non-mapping got reported
	}
	return &RulesFile{Path: d.file.Name, Root: root}
}
