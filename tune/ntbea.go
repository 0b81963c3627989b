package tune

import (
	"math"
	"strconv"
	"strings"

	"github.com/cardpress/cardpress/engine"
)

// NTBEA, the N-Tuple Bandit Evolutionary Algorithm (Lucas, Liu and
// Perez-Liebana, "The N-Tuple Bandit Evolutionary Algorithm for Game
// Agent Optimisation", IEEE CEC 2018), the method the Tabletop Games
// framework tunes its agents and games with. Why it fits here: every
// evaluation is a batch of seeded games, slow and noisy, and the space is
// a few parameters of a few values each. NTBEA spends one evaluation per
// step and shares what it learns between the points it has not played:
// its model averages the fitness seen for each value of each parameter
// (1-tuples), each pair of values (2-tuples) and each whole point
// (the N-tuple), and picks the next point among neighbours of the current
// one by an upper confidence bound over those averages, so noise is
// averaged out by the model rather than by replaying one point many times.
// A grid or random search spends its budget evenly and learns nothing
// between points; a plain evolutionary algorithm needs many evaluations
// per generation and is fooled by a lucky batch.

// Search constants, from the paper's settings and TAG's defaults, scaled
// to fitness in units of a target's tolerance (one unit: a target just
// met). neighbours is how many mutants of the current point the model
// ranks per step; explore weighs the confidence bound; epsilon keeps the
// bound of a pattern never seen finite (and large).
const (
	neighbours = 50
	explore    = 1.0
	epsilon    = 0.5
)

// model is NTBEA's table of fitness statistics per tuple pattern.
type model struct {
	sizes  []int
	tuples [][]int               // the dimensions of each tuple
	stats  []map[string]*patStat // per tuple, by pattern key
	total  int
}

type patStat struct {
	n   int
	sum float64
}

func newModel(sizes []int) *model {
	m := &model{sizes: sizes}
	d := len(sizes)
	for i := range d {
		m.tuples = append(m.tuples, []int{i})
	}
	for i := range d {
		for j := i + 1; j < d; j++ {
			if d > 2 {
				m.tuples = append(m.tuples, []int{i, j})
			}
		}
	}
	if d > 1 {
		all := make([]int, d)
		for i := range all {
			all[i] = i
		}
		m.tuples = append(m.tuples, all)
	}
	for range m.tuples {
		m.stats = append(m.stats, map[string]*patStat{})
	}
	return m
}

func patternKey(x []int, dims []int) string {
	var b strings.Builder
	for _, d := range dims {
		b.WriteString(strconv.Itoa(x[d]))
		b.WriteByte(',')
	}
	return b.String()
}

// add records one evaluation of x.
func (m *model) add(x []int, fitness float64) {
	m.total++
	for t, dims := range m.tuples {
		k := patternKey(x, dims)
		s := m.stats[t][k]
		if s == nil {
			s = &patStat{}
			m.stats[t][k] = s
		}
		s.n++
		s.sum += fitness
	}
}

// ucb is the model's optimistic value of x: the mean over tuples of each
// pattern's mean fitness plus its exploration bonus. A pattern never seen
// has mean 0, the best fitness there is.
func (m *model) ucb(x []int) float64 {
	var v float64
	logN := math.Log(1 + float64(m.total))
	for t, dims := range m.tuples {
		n, mean := 0, 0.0
		if s := m.stats[t][patternKey(x, dims)]; s != nil {
			n, mean = s.n, s.sum/float64(s.n)
		}
		v += mean + explore*math.Sqrt(logN/(float64(n)+epsilon))
	}
	return v / float64(len(m.tuples))
}

// estimate is the model's plain estimate of x: the mean over the tuples
// whose pattern was seen of its mean fitness.
func (m *model) estimate(x []int) float64 {
	var v float64
	seen := 0
	for t, dims := range m.tuples {
		if s := m.stats[t][patternKey(x, dims)]; s != nil {
			v += s.sum / float64(s.n)
			seen++
		}
	}
	if seen == 0 {
		return math.Inf(-1)
	}
	return v / float64(seen)
}

// neighbours are up to count distinct mutants of x: one dimension always
// changes to another of its values, each other one with probability 1/d.
func (m *model) neighbours(x []int, rng *engine.Rand, count int) [][]int {
	d := len(m.sizes)
	var movable []int
	for i, s := range m.sizes {
		if s > 1 {
			movable = append(movable, i)
		}
	}
	if len(movable) == 0 {
		return nil
	}
	seen := map[string]bool{patternKey(x, allDims(d)): true}
	var out [][]int
	for try := 0; try < 4*count && len(out) < count; try++ {
		y := append([]int(nil), x...)
		j := movable[rng.Intn(len(movable))]
		y[j] = mutate(y[j], m.sizes[j], rng)
		for i := range d {
			if i != j && m.sizes[i] > 1 && rng.Intn(d) == 0 {
				y[i] = mutate(y[i], m.sizes[i], rng)
			}
		}
		if k := patternKey(y, allDims(d)); !seen[k] {
			seen[k] = true
			out = append(out, y)
		}
	}
	return out
}

// mutate picks another of size values than v.
func mutate(v, size int, rng *engine.Rand) int {
	w := rng.Intn(size - 1)
	if w >= v {
		w++
	}
	return w
}

func allDims(d int) []int {
	out := make([]int, d)
	for i := range out {
		out[i] = i
	}
	return out
}

// ntbea runs one search of evals evaluations from start. evaluate plays
// evaluation i at point x and returns its fitness (higher is better,
// 0 at best). It returns the point the model recommends: the evaluated
// point of highest estimate (the first such on a tie).
func ntbea(sizes, start []int, seed uint64, evals int, evaluate func(i int, x []int) float64) (best []int) {
	var tried [][]int
	m := newModel(sizes)
	rng := engine.NewRand(seed)
	x := append([]int(nil), start...)
	for i := range evals {
		m.add(x, evaluate(i, x))
		tried = append(tried, x)
		if i == evals-1 {
			break
		}
		next, top := x, math.Inf(-1)
		for _, y := range m.neighbours(x, rng, neighbours) {
			if v := m.ucb(y); v > top {
				next, top = y, v
			}
		}
		x = next
	}
	top := math.Inf(-1)
	for _, y := range tried {
		if v := m.estimate(y); v > top {
			best, top = y, v
		}
	}
	return best
}
