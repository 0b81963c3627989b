// Package words holds the wording the command line's messages share.
package words

import "strconv"

// Count is n and the noun for messages: "1 sheet", "3 sheets".
func Count(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return strconv.Itoa(n) + " " + noun + "s"
}
