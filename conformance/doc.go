// Package conformance holds the one test every game must pass, whatever
// its rules: each folder under cards/ and the template of `cardpress new`
// validates clean, lints clean, plays random games at every player count
// and variant when it has an engine, and prints every card. A game folder
// added to cards/ is covered without new test code.
package conformance
