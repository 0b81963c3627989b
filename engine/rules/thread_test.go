package rules

import (
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// unthread undoes thread: each joined instruction back to the first one
// it stands for (the program keeps the others where they were).
func unthread(code []instr) []instr {
	code = slices.Clone(code)
	for k := range code {
		switch in := &code[k]; in.op {
		case opIncJump, opIncTest:
			in.op = opIncSlot
		case opJumpIncJump, opJumpIncTest:
			in.op, in.a = opJump, in.c
		}
	}
	return code
}

// The joined loop steps count as the steps they stand for: a loop with no
// decision fails at the same instruction, with the same message, whatever
// the step it reaches the limit at.
func TestThreadedLoopsStopAtTheSameStep(t *testing.T) {
	for _, extra := range []string{"", "      - set: \"dealt = 0\"\n", "      - set: \"dealt = 0\"\n      - set: \"dealt = 1\"\n", "      - set: \"dealt = 0\"\n      - if: \"hand_no < 0\"\n        then: [{roll: \"hand_no\"}]\n"} {
		spin := "play:\n  - repeat: 1000000\n    do:\n" + extra + "      - if: \"hand_no < 0\"\n        then: [{roll: \"hand_no\"}]\n"
		g, _ := loadEdited(t, "hearts", [][2]string{{"play:\n", spin}})
		plain := *g
		plain.code = unthread(g.code)
		if slices.EqualFunc(plain.code, g.code, func(a, b instr) bool { return a.op == b.op }) {
			t.Fatal("nothing threaded")
		}
		a := stateOf(g.NewState(4, engine.StateOptions{}))
		b := stateOf(plain.NewState(4, engine.StateOptions{}))
		if a.fault == "" || a.fault != b.fault || a.pc != b.pc || a.steps != b.steps || !slices.Equal(a.slots, b.slots) {
			t.Fatalf("threaded: %q at pc %d, step %d; plain: %q at pc %d, step %d", a.fault, a.pc, a.steps, b.fault, b.pc, b.steps)
		}
	}
}
