package hmm

import (
	"github.com/cardpress/cardpress/engine"

	"reflect"
	"testing"
)

// The rulebook's worked example (p. 8): Donovan O'Toole's crew and the
// Mona Lisa.
var (
	monaLisa      = Job{Name: "The Mona Lisa", Difficulty: Icons{Stealth: 2, Tech: 1}, FaceUp: 1, FaceDown: 2, Reward: 2, Prestige: 4}
	laserGrid     = Complication{Name: "Laser Grid", Icons: Icons{Stealth: 1}}
	timelockVault = Complication{Name: "Timelock Vault", Icons: Icons{Tech: 2}, Prestige: 1}
	tightQuarters = Complication{Name: "Tight Quarters", DrawMore: 1, CrewMax: 3}
	cameras       = Complication{Name: "Security Cameras", Icons: Icons{Stealth: 1}}
)

// bookCrewLimit is the book's crew limit, for the rules core's Best.
const bookCrewLimit = 4

func donovansCrew() []Member {
	return []Member{
		{Name: "Donovan O'Toole", Kind: Mastermind, Icons: Icons{Force: 2, Stealth: 1}},
		{Name: "Hacker", Kind: Crew, Icons: Icons{Tech: 2}},
		{Name: "Pickpocket", Kind: Crew, Icons: Icons{Stealth: 1}},
		{Name: "Getaway Driver", Kind: Crew, Icons: Icons{Force: 1}, Ability: Ability{HeatReduction: 1, HeatMin: 1}},
	}
}

func TestMonaLisaWithTightQuarters(t *testing.T) {
	req := Require(monaLisa, []Complication{laserGrid, timelockVault, tightQuarters, cameras}, Icons{})
	if req.Icons != (Icons{Stealth: 4, Tech: 3}) || req.CrewMax != 3 {
		t.Fatalf("requirement %v, crew max %d; want 4 Stealth, 3 Tech, max 3", req.Icons, req.CrewMax)
	}
	crew := donovansCrew()
	if _, err := Attempt(monaLisa, req, crew, []int{0, 1, 2, 3}); err == nil {
		t.Error("a crew of four was allowed into Tight Quarters")
	}
	sent, res := Best(monaLisa, req, crew, bookCrewLimit)
	if len(sent) != 3 || res.Complete || res.Short != 1 || res.Heat != 1 || res.Prestige != 0 || res.Resources != 0 {
		t.Fatalf("sent %v: %+v; want three members, 1 icon short, 1 Heat, nothing gained", sent, res)
	}
	// No trio of the four has the 7 icons.
	for _, trio := range [][]int{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}} {
		r, err := Attempt(monaLisa, req, crew, trio)
		if err != nil || r.Complete {
			t.Errorf("trio %v: %+v %v", trio, r, err)
		}
	}
	// The job stays: the state machine adds a face-down complication
	// (tested there); the original ones stay face up.
}

func TestMonaLisaWithoutTightQuarters(t *testing.T) {
	req := Require(monaLisa, []Complication{laserGrid, timelockVault, cameras}, Icons{})
	if req.Icons != (Icons{Stealth: 4, Tech: 3}) || req.CrewMax != 0 || req.Prestige != 1 {
		t.Fatalf("requirement %+v", req)
	}
	crew := donovansCrew()
	res, err := Attempt(monaLisa, req, crew, []int{0, 1, 2, 3})
	if err != nil {
		t.Fatal(err)
	}
	want := Result{Required: req.Icons, Provided: Icons{Force: 3, Stealth: 2, Tech: 2}, Substitutions: 3, Complete: true, Heat: 2, Prestige: 5, Resources: 2}
	if res != want {
		t.Fatalf("got %+v\nwant %+v", res, want)
	}
	sent, best := Best(monaLisa, req, crew, 4)
	if !reflect.DeepEqual(sent, []int{0, 1, 2, 3}) || best != want {
		t.Errorf("best crew %v %+v", sent, best)
	}
	// Without the driver the same heist costs the full 3 Heat... and fails:
	// three members have only 6 icons.
	if r, _ := Attempt(monaLisa, req, crew, []int{0, 1, 2}); r.Complete || r.Heat != 1 {
		t.Errorf("without the driver: %+v", r)
	}
}

func TestSubstitutionAndJobHeat(t *testing.T) {
	j := Job{Difficulty: Icons{Tech: 2}, Heat: 1, Prestige: 2, Reward: 1}
	crew := []Member{{Name: "M", Kind: Mastermind, Icons: Icons{Force: 3}}}
	r, _ := Attempt(j, Require(j, nil, Icons{}), crew, []int{0})
	if !r.Complete || r.Substitutions != 2 || r.Heat != 3 {
		t.Errorf("%+v: want complete, 2 substitutions, 2+1 Heat", r)
	}
	crew[0].Icons = Icons{Tech: 2}
	r, _ = Attempt(j, Require(j, nil, Icons{}), crew, []int{0})
	if !r.Complete || r.Substitutions != 0 || r.Heat != 1 {
		t.Errorf("%+v: exact skills, only the job's Heat", r)
	}
}

func TestRivalStashCountsTheMastermindOnly(t *testing.T) {
	j := Job{Name: "Rival's Stash", RivalStash: true, Prestige: 3}
	rival := Icons{Force: 1, Stealth: 1, Tech: 1}
	req := Require(j, nil, rival)
	if req.Icons != rival {
		t.Errorf("requirement %v, want the rival's three base skills", req.Icons)
	}
}

func TestGearAddsSkillsAndJailedOrFaceDownCannotHelp(t *testing.T) {
	crew := donovansCrew()
	crew[2].Gear = &Gear{Name: "Lockpicks", Icons: Icons{Tech: 1}}
	if crew[2].Skills() != (Icons{Stealth: 1, Tech: 1}) {
		t.Error(crew[2].Skills())
	}
	crew[1].Time = 2
	crew[3].FaceDown = true
	j := Job{Difficulty: Icons{Tech: 1}}
	if _, err := Attempt(j, Require(j, nil, Icons{}), crew, []int{1}); err == nil {
		t.Error("a jailed member joined a heist")
	}
	if _, err := Attempt(j, Require(j, nil, Icons{}), crew, []int{3}); err == nil {
		t.Error("a face-down Mercenary joined a heist")
	}
}

func TestPayNoChange(t *testing.T) {
	for _, tc := range []struct {
		hand []int
		cost int
		want []int
		ok   bool
	}{
		{[]int{500, 300, 200}, 500, []int{0}, true},
		{[]int{400, 300}, 500, []int{0, 1}, true}, // 700 paid, 200 lost
		{[]int{100, 100}, 500, nil, false},
		{[]int{300, 200, 500}, 0, nil, true},
	} {
		got, ok := Pay(tc.hand, tc.cost)
		if ok != tc.ok || !reflect.DeepEqual(got, tc.want) {
			t.Errorf("Pay(%v, %d) = %v %v", tc.hand, tc.cost, got, ok)
		}
	}
}

func TestWinners(t *testing.T) {
	for _, tie := range []string{tieHeatThenTime, tieHeatPlusTime} {
		if w := Winners([]Standing{{Collection: 10, InHand: 3, Heat: 2}, {Collection: 13, Heat: 1}, {Collection: 12}}, tie); !reflect.DeepEqual(w, []int{1}) {
			t.Errorf("%s: winner %v", tie, w)
		}
		if w := Winners([]Standing{{Collection: 12, Heat: 1}, {Collection: 12, JailTime: 1}, {Collection: 12, Heat: 1}}, tie); tie == tieHeatPlusTime && !reflect.DeepEqual(w, []int{0, 1, 2}) {
			t.Errorf("%s: shared %v", tie, w)
		}
	}
	// ENDING THE GAME: "the player with the least amount of Heat or jail
	// Time remaining on their crew wins": Heat first, then jail Time
	// (tie_break heat_then_time); added together with heat_plus_time.
	st := []Standing{{Collection: 12, Heat: 2}, {Collection: 12, Heat: 1, JailTime: 3}, {Collection: 12, Heat: 1, JailTime: 2}}
	if w := Winners(st, tieHeatThenTime); !reflect.DeepEqual(w, []int{2}) {
		t.Errorf("heat_then_time: winners %v, want seat 3 (least Heat, then least jail Time)", w)
	}
	if w := Winners(st, tieHeatPlusTime); !reflect.DeepEqual(w, []int{0}) {
		t.Errorf("heat_plus_time: winners %v, want seat 1 (2 against 4 and 3)", w)
	}
	if w := Winners([]Standing{{Collection: 12, Heat: 1, JailTime: 3}, {Collection: 11, InHand: 1, Heat: 1, JailTime: 3}}, tieHeatThenTime); !reflect.DeepEqual(w, []int{0, 1}) {
		t.Errorf("a full tie is shared: %v", w)
	}
}

// Pay against every subset: the least waste, then the fewest cards, on
// random hands (a payment never wastes a whole card, which Pay relies on
// to bound its search).
func TestPayIsTheLeastWastefulPayment(t *testing.T) {
	r := engine.NewRand(7)
	for round := 0; round < 2000; round++ {
		hand := make([]int, r.Intn(9))
		for i := range hand {
			hand[i] = 100 * (1 + r.Intn(5))
		}
		cost := 100 * r.Intn(15)
		bestSum, bestN, ok := -1, 0, false
		for mask := 0; mask < 1<<len(hand); mask++ {
			sum, n := 0, 0
			for i, v := range hand {
				if mask&(1<<i) != 0 {
					sum, n = sum+v, n+1
				}
			}
			if sum >= cost && (!ok || sum < bestSum || (sum == bestSum && n < bestN)) {
				bestSum, bestN, ok = sum, n, true
			}
		}
		paid, got := Pay(hand, cost)
		sum := 0
		for _, i := range paid {
			sum += hand[i]
		}
		if got != ok || (ok && cost > 0 && (sum != bestSum || len(paid) != bestN)) {
			t.Fatalf("Pay(%v, %d) = %v (sum %d, ok %v), want sum %d with %d cards (ok %v)", hand, cost, paid, sum, got, bestSum, bestN, ok)
		}
	}
}
