package finding

import (
	"net/url"
	"path/filepath"
	"slices"
)

// SARIFSchema is the $schema a SARIF log names.
const SARIFSchema = "https://json.schemastore.org/sarif-2.1.0.json"

// Sarif is a SARIF 2.1.0 log with the parts cardpress fills in.
type Sarif struct {
	Schema  string     `json:"$schema"`
	Version string     `json:"version"`
	Runs    []SarifRun `json:"runs"`
}

// SarifRun is one run of one tool.
type SarifRun struct {
	Tool    SarifTool     `json:"tool"`
	Results []SarifResult `json:"results"`
}

// SarifTool names the tool and its rules.
type SarifTool struct {
	Driver SarifDriver `json:"driver"`
}

// SarifDriver is cardpress and the rules its results refer to.
type SarifDriver struct {
	Name           string      `json:"name"`
	InformationURI string      `json:"informationUri,omitempty"`
	Rules          []SarifRule `json:"rules"`
}

// SarifRule is one reportingDescriptor.
type SarifRule struct {
	ID                   string       `json:"id"`
	Name                 string       `json:"name,omitempty"`
	ShortDescription     SarifMessage `json:"shortDescription"`
	FullDescription      SarifMessage `json:"fullDescription"`
	Help                 SarifMessage `json:"help"`
	DefaultConfiguration struct {
		Level string `json:"level"`
	} `json:"defaultConfiguration"`
}

// SarifMessage is a plain-text message.
type SarifMessage struct {
	Text string `json:"text"`
}

// SarifResult is one finding.
type SarifResult struct {
	RuleID     string          `json:"ruleId"`
	RuleIndex  int             `json:"ruleIndex"`
	Level      string          `json:"level"`
	Message    SarifMessage    `json:"message"`
	Locations  []SarifLocation `json:"locations"`
	Properties map[string]any  `json:"properties,omitempty"`
}

// SarifLocation is a place in a file.
type SarifLocation struct {
	PhysicalLocation struct {
		ArtifactLocation struct {
			URI string `json:"uri"`
		} `json:"artifactLocation"`
		Region *SarifRegion `json:"region,omitempty"`
	} `json:"physicalLocation"`
}

// SarifRegion is a 1-based start line and column.
type SarifRegion struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
}

// SARIF builds the SARIF 2.1.0 log of findings. Rules lists every code the
// results use, in code order, described by rules when it knows them.
func SARIF(fs []Finding, rules func(code string) (Rule, bool)) Sarif {
	var codes []string
	sev := map[string]Severity{}
	for _, f := range fs {
		if _, ok := sev[f.Code]; !ok {
			codes = append(codes, f.Code)
			sev[f.Code] = f.Severity
		}
	}
	slices.Sort(codes)
	driver := SarifDriver{Name: "cardpress", Rules: []SarifRule{}}
	index := map[string]int{}
	for i, c := range codes {
		r := Rule{ID: c, Severity: sev[c], Description: c}
		if rules != nil {
			if known, ok := rules(c); ok {
				r = known
			}
		}
		help := r.Help
		if help == "" {
			help = r.Description
		}
		sr := SarifRule{ID: c, ShortDescription: SarifMessage{r.Description},
			FullDescription: SarifMessage{help}, Help: SarifMessage{help}}
		sr.DefaultConfiguration.Level = level(r.Severity)
		driver.Rules = append(driver.Rules, sr)
		index[c] = i
	}
	results := []SarifResult{}
	for _, f := range fs {
		var loc SarifLocation
		loc.PhysicalLocation.ArtifactLocation.URI = fileURI(f.File)
		if f.Line > 0 {
			loc.PhysicalLocation.Region = &SarifRegion{StartLine: f.Line, StartColumn: max(f.Col, 0)}
		}
		r := SarifResult{RuleID: f.Code, RuleIndex: index[f.Code], Level: level(f.Severity),
			Message: SarifMessage{messageWithReplay(f)}, Locations: []SarifLocation{loc}}
		if f.Seed != nil {
			// A string, as in the JSON report: see Seed.
			r.Properties = map[string]any{"seed": f.Seed.String(), "players": f.Players}
		}
		results = append(results, r)
	}
	return Sarif{Schema: SARIFSchema, Version: "2.1.0", Runs: []SarifRun{{Tool: SarifTool{driver}, Results: results}}}
}

func level(s Severity) string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

// fileURI is a path as a relative URI reference: slashes, and spaces or
// other reserved characters percent-encoded.
func fileURI(path string) string {
	u := &url.URL{Path: filepath.ToSlash(path)}
	return u.EscapedPath()
}
