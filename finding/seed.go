package finding

import (
	"fmt"
	"strconv"
	"strings"
)

// Seed is a game or run seed as JSON carries it: a decimal string. Seeds
// use all 64 bits, and JSON readers that hold numbers as doubles (jq,
// JavaScript) round those above 2^53, so a script reading a number would
// replay another game. A number is still read, as files written by
// earlier versions hold one.
type Seed uint64

// String is the seed in decimal, the form every output prints.
func (s Seed) String() string { return strconv.FormatUint(uint64(s), 10) }

// MarshalJSON writes the seed as a decimal string.
func (s Seed) MarshalJSON() ([]byte, error) { return strconv.AppendQuote(nil, s.String()), nil }

// UnmarshalJSON reads a decimal string or, from earlier versions, a number.
func (s *Seed) UnmarshalJSON(b []byte) error {
	text := string(b)
	if text == "null" { // as encoding/json does for other numbers: unchanged
		return nil
	}
	if strings.HasPrefix(text, `"`) {
		var err error
		if text, err = strconv.Unquote(text); err != nil {
			return fmt.Errorf("seed %s: not a JSON string", b)
		}
	}
	v, err := ParseSeed(text)
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// ParseSeed reads a seed as any output prints it: decimal digits, maybe
// inside the double quotes of JSON output pasted whole ("123"). The 0x,
// 0o and 0b forms that --seed took before are read too; a leading 0 is
// not octal, since no output prints one.
func ParseSeed(s string) (Seed, error) {
	t := strings.TrimSpace(s)
	if len(t) >= 2 && t[0] == '"' && t[len(t)-1] == '"' {
		t = t[1 : len(t)-1]
	}
	base := 10
	if len(t) > 2 && t[0] == '0' && strings.ContainsRune("xXoObB", rune(t[1])) {
		base = 0
	}
	// Only digits (and a base prefix): ParseUint with base 0 would also
	// take underscores, which no output prints.
	if t == "" || strings.ContainsAny(t, "_+-") {
		return 0, fmt.Errorf("seed %q: want a whole number from 0 to 18446744073709551615", s)
	}
	v, err := strconv.ParseUint(t, base, 64)
	if err != nil {
		return 0, fmt.Errorf("seed %q: want a whole number from 0 to 18446744073709551615", s)
	}
	return Seed(v), nil
}
