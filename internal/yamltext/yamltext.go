// Package yamltext writes values into YAML that cardpress generates
// (a new game's files, a spreadsheet's cards).
package yamltext

import (
	"bytes"
	"encoding/json"
	"strings"
)

// Quote writes s as a YAML double-quoted scalar. JSON's string syntax is a
// subset of it, and quoting always spares the reader YAML's plain-scalar
// surprises (a title "No" read as false, one with ": " as a mapping).
func Quote(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return strings.TrimSuffix(b.String(), "\n")
}
