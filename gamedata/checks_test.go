package gamedata

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/cardpress/cardpress/finding"
)

// Every game this package's tests load, good or broken, is watched: a
// check of the table that reports a code it does not name, or a reader
// that reports one no reading check names, fails the run.
func TestMain(m *testing.M) {
	var mu sync.Mutex
	wrong := map[string]bool{}
	ranCheck = func(c *Check, found []finding.Finding) {
		mu.Lock()
		defer mu.Unlock()
		for _, f := range found {
			if msg := unnamed(c, f); msg != "" {
				wrong[msg] = true
			}
		}
	}
	code := m.Run()
	if len(wrong) > 0 {
		msgs := make([]string, 0, len(wrong))
		for msg := range wrong {
			msgs = append(msgs, msg)
		}
		sort.Strings(msgs)
		fmt.Fprintln(os.Stderr, "FAIL: loading reported codes its checks do not name:\n\t"+strings.Join(msgs, "\n\t"))
		code = 1
	}
	os.Exit(code)
}

// unnamed says why f, reported by c (nil: by reading the files), is not
// among the codes the table gives it, or "".
func unnamed(c *Check, f finding.Finding) string {
	if c != nil {
		if !slices.ContainsFunc(c.Codes, func(code *finding.Code) bool { return code.Is(f) }) {
			return fmt.Sprintf("check %s reported %s, not among its codes (%s)", c.ID, f.Code, f)
		}
		return ""
	}
	for _, r := range Checks() {
		if r.Reading && slices.ContainsFunc(r.Codes, func(code *finding.Code) bool { return code.Is(f) }) {
			return ""
		}
	}
	return fmt.Sprintf("reading reported %s, which no reading check names (%s)", f.Code, f)
}

// The watch of TestMain sees what each check reports: a broken game's
// findings come to it attributed to the check that made them, and one
// outside that check's codes is caught.
func TestLoadChecksAreWatched(t *testing.T) {
	saved := ranCheck
	defer func() { ranCheck = saved }()
	by := map[string][]string{}
	ranCheck = func(c *Check, found []finding.Finding) {
		saved(c, found)
		id := "reading"
		if c != nil {
			id = c.ID
		}
		for _, f := range found {
			by[id] = append(by[id], f.Code)
		}
	}
	schemas := workspace(t, miniWith(t,
		"cards.yaml", "keywords: [fast]", "keywords: [fats]",
		"cards.yaml", "name: Beta", "name: \"**Beta\"",
		"game.yaml", "players: {min: 2, max: 4}", "players: {min: 2, max: 4}\nplayers: {min: 1, max: 1}"))
	Load("cards/mini", schemas)
	if !slices.Contains(by["card-references"], "UNDEFINED_KEYWORD") || !slices.Contains(by["printed-text"], "TEXT_EMPHASIS") ||
		!slices.Contains(by["reading"], "YAML_DUPLICATE_KEY") {
		t.Errorf("the findings by check: %v", by)
	}
	cards := Checks()[slices.IndexFunc(Checks(), func(c Check) bool { return c.ID == "card-references" })]
	if msg := unnamed(&cards, CodeLayoutBox.At(finding.Pos{File: "x"}, "a box")); msg == "" {
		t.Error("a code outside card-references's is not caught")
	}
}

// The table runs each check after those it names in After, and by id
// otherwise; a check that waits for one the loader does not run, or
// checks that wait for each other, stop the program.
func TestLoadCheckOrder(t *testing.T) {
	run := func(*loader) {}
	c := func(id string, after ...string) *Check { return &Check{ID: id, After: after, run: run} }
	reading := &Check{ID: "read", Reading: true}
	var got []string
	for _, x := range runOrder([]*Check{c("d"), c("a", "c"), c("c"), c("b", "d"), reading}) {
		got = append(got, x.ID)
	}
	if want := []string{"c", "a", "d", "b"}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	for name, cs := range map[string][]*Check{
		"unknown": {c("a", "nothing")},
		"reading": {c("a", "read"), reading},
		"circle":  {c("a", "b"), c("b", "a")},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: runOrder did not panic", name)
				}
			}()
			runOrder(cs)
		}()
	}
	// The registered table: each check runs after what it names.
	pos := map[string]int{}
	for i, x := range Checks() {
		pos[x.ID] = i
	}
	for _, x := range Checks() {
		for _, id := range x.After {
			if pos[id] > pos[x.ID] {
				t.Errorf("%s runs before %s, which it names in After", x.ID, id)
			}
		}
	}
}
