package gamedata

import "testing"

func TestPrintedListsAndIcons(t *testing.T) {
	if got := JoinList([]string{"Heist", "Vault"}); got != "Heist • Vault" {
		t.Errorf("JoinList = %q", got)
	}
	if got := IconAmount(2, "heat"); got != "2\u00a0:heat:" {
		t.Errorf("IconAmount = %q", got)
	}
	g := &Data{}
	g.Manifest.Icons = []IconDecl{{ID: "heat", Builtin: "flame"}}
	if !g.HasIcon("heat") || g.HasIcon("money") {
		t.Error("HasIcon answers for the declared icons only")
	}
	// A built-in is not a game's term: only declared ids count.
	if g.HasIcon("coin") {
		t.Error("a built-in counts as declared")
	}
	if g.IconOr("heat", "Heat") != ":heat:" || g.IconOr("money", "$") != "$" {
		t.Errorf("IconOr: %q %q", g.IconOr("heat", "Heat"), g.IconOr("money", "$"))
	}
}
