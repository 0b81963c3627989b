package hmm

import (
	"math/bits"
	"reflect"
	"slices"
	"testing"

	"github.com/cardpress/cardpress/engine"
)

// walkStates plays random games at every player count and calls check on
// every state a player decides in.
func walkStates(t *testing.T, games int, check func(s *state)) {
	t.Helper()
	g := shipped(t)
	for players := 2; players <= 6; players++ {
		for game := 0; game < games; game++ {
			r := engine.NewRand(uint64(game*31 + players))
			bot, _ := engine.NewBot("random", uint64(game))
			s := g.NewState(players, engine.StateOptions{}).(*state)
			for !s.IsTerminal() {
				p := s.CurrentPlayer()
				if p == engine.Chance {
					engine.Apply(s, s.SampleChance(r))
					continue
				}
				check(s)
				engine.Apply(s, bot.Act(s, p, s.LegalActions(p, nil)))
			}
		}
	}
}

// The fast crew search chooses what bestCrew over members() chooses, with
// and without Mercenaries, for every job and every crew met in play; and
// sendResult is Attempt.
func TestCrewChoicesAreBestCrew(t *testing.T) {
	checked := 0
	walkStates(t, 40, func(s *state) {
		p := s.cur
		for j := 0; j < s.njobs; j++ {
			if s.jobs[j].card < 0 {
				continue
			}
			c := *s
			c.heistJob = j
			got, gn := c.crewChoices(p)
			want, wn := crewChoicesByBest(&c, p)
			if gn != wn || got != want {
				t.Fatalf("move %d, job %d: crew choices %v (%d), bestCrew gives %v (%d)", s.Move, j, got[:gn], gn, want[:wn], wn)
			}
			req := c.requirement(j)
			jb := c.card(int(c.jobs[j].card)).job
			var crew [maxCrew]Member
			all := c.members(p, &crew)
			if !reflect.DeepEqual(req, Require(jb, c.faceUp(j), c.rivalIcons())) {
				t.Fatalf("move %d, job %d: requirement differs from Require", s.Move, j)
			}
			for mask := 0; mask < 1<<c.ncrew[p]; mask++ {
				var sent []int
				for m := 0; m < c.ncrew[p]; m++ {
					if mask&(1<<m) != 0 {
						sent = append(sent, m)
					}
				}
				wantRes, wantErr := Attempt(jb, req, all, sent)
				gotRes, gotErr := c.sendResult(p, mask, req, &jb)
				if gotRes != wantRes || (gotErr == nil) != (wantErr == nil) || (gotErr != nil && gotErr.Error() != wantErr.Error()) {
					t.Fatalf("move %d, job %d, crew %b: sendResult %+v %v, Attempt %+v %v", s.Move, j, mask, gotRes, gotErr, wantRes, wantErr)
				}
			}
			checked++
		}
	})
	if checked < 1000 {
		t.Errorf("only %d crews checked", checked)
	}
}

// crewChoicesByBest is crewChoices as bestCrew over members() gives it.
func crewChoicesByBest(s *state, p int) ([2]int, int) {
	j := s.heistJob
	req := s.requirement(j)
	jb := s.card(int(s.jobs[j].card)).job
	var crew, noMerc [maxCrew]Member
	all := s.members(p, &crew)
	mask := func(sent []int) int {
		m := 0
		for _, i := range sent {
			m |= 1 << uint(i)
		}
		return m
	}
	best, _ := bestCrew(jb, req, all, s.g.params.CrewLimit, nil)
	out, n := [2]int{mask(best)}, 1
	without := noMerc[:copy(noMerc[:], all)]
	hasMerc := false
	for i := range without {
		if without[i].Kind == Mercenary {
			without[i].FaceDown = true
			hasMerc = true
		}
	}
	if hasMerc {
		// A crew of nobody (every free member a Mercenary) is not offered.
		if sent, _ := bestCrew(jb, req, without, s.g.params.CrewLimit, nil); len(sent) > 0 && mask(sent) != out[0] {
			out[1], n = mask(sent), 2
		}
	}
	return out, n
}

func (s *state) faceUp(j int) []Complication {
	var out []Complication
	js := &s.jobs[j]
	for k := 0; k < int(js.nc); k++ {
		if js.up[k] != 0 {
			out = append(out, s.card(int(js.comps[k])).comp)
		}
	}
	return out
}

func (s *state) rivalIcons() Icons {
	if r := s.leadingRival(s.cur); r >= 0 && s.ncrew[r] > 0 {
		return s.card(int(s.crew[r][0].card)).icons
	}
	return Icons{}
}

// The legal actions come out sorted without sorting them (LegalActions
// sorts the crew only); hasTurnAction and hasHire say what the lists say.
func TestLegalActionsSortedAndTheShortcutsAgree(t *testing.T) {
	walkStates(t, 40, func(s *state) {
		legal := s.LegalActions(s.CurrentPlayer(), nil)
		if !slices.IsSorted(legal) {
			t.Fatalf("move %d, phase %d: legal actions %v not sorted", s.Move, s.ph, legal)
		}
		if s.ph != phMain && s.ph != phHire {
			return
		}
		h := &s.hand[s.cur]
		hcash := cashOf(h, s.g.hot)
		if got, want := s.hasHire(), len(s.hireActions(nil, h, hcash)) > 0; got != want {
			t.Fatalf("move %d: hasHire %v, hireActions %v", s.Move, got, s.hireActions(nil, h, hcash))
		}
		if s.ph != phMain {
			return
		}
		actions := slices.DeleteFunc(s.turnActions(nil), func(a engine.Action) bool { return a >= actEvent })
		if got := s.hasTurnAction(); got != (len(actions) > 0) {
			t.Fatalf("move %d: hasTurnAction %v, actions %v", s.Move, got, actions)
		}
		// The hand's cash and distinct cards against the hand walked with At.
		cash, distinct := 0, []int{}
		for k := 0; k < s.hand[s.cur].Len(); k++ {
			c := s.hand[s.cur].At(k)
			cash += s.card(c).cost
			if len(distinct) == 0 || distinct[len(distinct)-1] != c {
				distinct = append(distinct, c)
			}
		}
		var got []int
		for _, c := range h.Distinct(nil) {
			got = append(got, int(c))
		}
		if cash != hcash || !slices.Equal(got, distinct) {
			t.Fatalf("move %d: hand $%d %v, walked with At $%d %v", s.Move, hcash, got, cash, distinct)
		}
	})
}

// paySmallInto pays what payTable pays.
func TestPaySmallIsPayTable(t *testing.T) {
	r := engine.NewRand(9)
	for n := 0; n < 20000; n++ {
		values := make([]int, r.Intn(12))
		for i := range values {
			values[i] = 100 * (1 + r.Intn(6))
		}
		cost := 100 * r.Intn(20)
		if cost <= 0 {
			continue
		}
		total, step, most := 0, 0, 0
		for _, v := range values {
			total, step, most = total+v, gcd(step, v), max(most, v)
		}
		if total < cost {
			continue
		}
		step = gcd(step, cost)
		top := min(total, cost+most-1) / step
		if top >= paySmall {
			continue
		}
		got, gok := paySmallInto(values, cost, step, top, nil)
		want, wok := payTable(values, cost, step, top, nil)
		if gok != wok || !slices.Equal(got, want) {
			t.Fatalf("pay %d from %v: %v %v, want %v %v", cost, values, got, gok, want, wok)
		}
	}
}

// payFewInto pays what payTable pays.
func TestPayFewIsPayTable(t *testing.T) {
	r := engine.NewRand(11)
	for n := 0; n < 50000; n++ {
		values := make([]int, r.Intn(payFew+1))
		for i := range values {
			values[i] = 100 * r.Intn(7)
		}
		cost := 100 * r.Intn(20)
		total, step, most := 0, 0, 0
		for _, v := range values {
			total, step, most = total+v, gcd(step, v), max(most, v)
		}
		if total < cost || cost <= 0 {
			continue
		}
		step = max(gcd(step, cost), 1)
		top := min(total, cost+most-1) / step
		got, gok := payFewInto(values, cost, top*step, nil)
		want, wok := payTable(values, cost, step, top, nil)
		if gok != wok || !slices.Equal(got, want) {
			t.Fatalf("pay %d from %v: %v %v, want %v %v", cost, values, got, gok, want, wok)
		}
	}
}

// The Legwork masks list what the rules allow: face down, not looked at;
// in play and in random job slots.
func TestLegworkMask(t *testing.T) {
	check := func(js *jobSlot, players int) {
		for p := 0; p < players; p++ {
			lo, hi := js.legwork(p)
			for k := 0; k < maxComp; k++ {
				want := k < int(js.nc) && js.up[k] == 0 && js.known[k]&(1<<uint(p)) == 0
				word, b := lo, k
				if k >= 8 {
					word, b = hi, k-8
				}
				if got := word>>(8*b)&1 != 0; got != want {
					t.Fatalf("%+v, seat %d, complication %d: legwork %v, want %v", *js, p, k, got, want)
				}
			}
		}
	}
	walkStates(t, 20, func(s *state) {
		for j := range s.jobs[:s.njobs] {
			check(&s.jobs[j], s.N)
		}
	})
	r := engine.NewRand(5)
	for n := 0; n < 20000; n++ {
		js := jobSlot{nc: int8(r.Intn(maxComp + 1))}
		for k := range js.up {
			js.up[k], js.known[k] = uint8(r.Intn(2)), uint8(r.Intn(256))
		}
		check(&js, engine.MaxPlayers)
	}
}

// gearsCarried counts what a loop over the members counts.
func TestGearsCarried(t *testing.T) {
	walkStates(t, 10, func(s *state) {
		for p := 0; p < s.N; p++ {
			for n := 0; n <= maxCrew; n++ {
				want := 0
				for _, mb := range s.crew[p][:n] {
					if mb.gear >= 0 {
						want++
					}
				}
				if got := s.gearsCarried(p, n); got != want {
					t.Fatalf("move %d, seat %d, %d members: %d Gear, want %d", s.Move, p, n, got, want)
				}
			}
		}
	})
}

// Score keys order crews as better orders their Results.
func TestCrewScoreKey(t *testing.T) {
	r := engine.NewRand(13)
	score := func() crewScore {
		return crewScore{complete: r.Intn(2) == 0, short: r.Intn(4), heat: r.Intn(5), fees: 100 * r.Intn(4), count: r.Intn(maxCrew + 1)}
	}
	for n := 0; n < 100000; n++ {
		a, b := score(), score()
		if a.complete {
			a.short = 0
		}
		if b.complete {
			b.short = 0
		}
		if got, want := a.key() < b.key(), better(a.result(), a.count, b.result(), b.count); got != want {
			t.Fatalf("%+v against %+v: key says %v, better %v", a, b, got, want)
		}
	}
}

// CheckInvariants, counting without branches, still sees a card made or
// lost anywhere it counts.
func TestCheckInvariantsCatchesTampering(t *testing.T) {
	g := shipped(t)
	r := engine.NewRand(3)
	bot, _ := engine.NewBot("random", 3)
	s := g.NewState(4, engine.StateOptions{}).(*state)
	for s.Move < 200 && !s.IsTerminal() {
		if p := s.CurrentPlayer(); p == engine.Chance {
			engine.Apply(s, s.SampleChance(r))
		} else {
			engine.Apply(s, bot.Act(s, p, s.LegalActions(p, nil)))
		}
	}
	if err := s.CheckInvariants(); err != nil {
		t.Fatal(err)
	}
	gear := g.cardID("crowbar")
	tamper := map[string]func(c *state){
		"gear from nowhere": func(c *state) { c.crew[1][c.ncrew[1]-1].gear = int16(gear) },
		"member with Gear from nowhere": func(c *state) {
			c.crew[1][c.ncrew[1]] = member{card: int16(gear), gear: int16(gear)}
			c.ncrew[1]++
		},
		"member lost":         func(c *state) { c.ncrew[2]-- },
		"complication lost":   func(c *state) { c.jobs[0].nc-- },
		"job lost":            func(c *state) { c.jobs[0].card = -1 },
		"negative Heat":       func(c *state) { c.heat[3] = -1 },
		"crew over the limit": func(c *state) { c.ncrew[0] = g.params.CrewLimit + 1 },
	}
	for name, f := range tamper {
		c := *s
		if c.jobs[0].card < 0 || c.jobs[0].nc == 0 || c.ncrew[1] == 0 || c.ncrew[1] >= maxCrew || c.ncrew[2] < 2 {
			t.Skip("state unlike the one this test expects")
		}
		f(&c)
		if err := c.CheckInvariants(); err == nil {
			t.Errorf("%s: no invariant broken", name)
		}
	}
}

// result is the score as the Result better compares.
func (a crewScore) result() Result {
	return Result{Complete: a.complete, Short: a.short, Heat: a.heat, Fees: a.fees}
}

// The hands' wallets, kept move by move, are their cash recounted from the
// cards, after every move of many games (chance moves included) and after
// every Determinize.
func TestWalletIsTheHandsCash(t *testing.T) {
	g := shipped(t)
	check := func(s *state, what string) {
		for p := 0; p < engine.MaxPlayers; p++ {
			if want := cashOf(&s.hand[p], g.hot); s.wallet[p] != want {
				t.Fatalf("%d players, move %d (%s): seat %d's wallet $%d, its hand $%d", s.N, s.Move, what, p+1, s.wallet[p], want)
			}
		}
	}
	var d engine.State
	for players := 2; players <= 6; players++ {
		for game := 0; game < 60; game++ {
			r := engine.NewRand(uint64(game*17 + players))
			bot, _ := engine.NewBot("random", uint64(game))
			s := g.NewState(players, engine.StateOptions{}).(*state)
			check(s, "start")
			for !s.IsTerminal() {
				p := s.CurrentPlayer()
				if p == engine.Chance {
					engine.Apply(s, s.SampleChance(r))
				} else {
					d = s.CloneInto(d)
					d.(engine.Determinizer).Determinize(p, r)
					check(d.(*state), "determinized")
					engine.Apply(s, bot.Act(s, p, s.LegalActions(p, nil)))
				}
				check(s, "played")
			}
		}
	}
}

// cashOf recounts the hand's cash value, each card's cost times its
// copies: what the state's running wallet must equal.
func cashOf(h *engine.Hand, hot []cardHot) int {
	cash := 0
	present := h.Present()
	for w, set := range present {
		for ; set != 0; set &= set - 1 {
			c := w*64 + bits.TrailingZeros64(set)
			cash += hot[c].cost * h.Count(c)
		}
	}
	return cash
}
