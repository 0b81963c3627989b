package rules

// nthCall compiles nth(x, v, k): the position, from 0, of the k-th item
// (from 1) of x that is v, or -1 when fewer than k are (k below 1
// too). x is a value with a size, the table's (chip_at) or a seat's
// (covered[player]); v has its type. Mice Heist's draw is its use: the
// pick-th chip in the bag, nth(chip_at, 0, pick), one call where a loop
// of statements walked the chips. The walk is at most the value's size
// (256), so, like len, it counts as no steps; the cost model counts it
// (nthWalk).
func (x *exprCtx) nthCall(n *node, sc *scope) expr {
	row := n.Args[0]
	v := x.sized(row, sc)
	if v == nil {
		return x.wrong(row.Off, "nth takes a value with a size first: chip_at, or covered[seat] for a seat's")
	}
	want := x.want(x.compile(n.Args[1], sc), v.t, "nth's item")
	which := x.want(x.compile(n.Args[2], sc), typ{k: kInt}, "nth's count")
	var seat eval
	if v.perPlayer {
		p := x.want(x.compile(row.Args[1], sc), typ{k: kSeat}, "a value's seat")
		if x.noSeat(p, row.Args[1]) {
			return expr{t: typ{k: kBad}}
		}
		seat = p.ev
	}
	if want.t.k == kBad || which.t.k == kBad || want.ev == nil || which.ev == nil {
		return expr{t: typ{k: kBad}}
	}
	wf, kf, base, size, at := want.ev, which.ev, v.base, v.size, &x.site(row.Off, "").pos
	return expr{t: typ{k: kInt}, ev: func(s *state) int64 {
		w, k, first := wf(s), kf(s), base
		if seat != nil {
			p := seat(s)
			if p < 0 || p >= int64(s.N) {
				s.failAt(at, "value %s of %s, which is not a seat at the table", v.name, seatWord(p))
				return 0
			}
			first += int(p) * size
		}
		for i, item := range s.vars[first : first+size] {
			if item == w {
				if k--; k == 0 {
					return int64(i)
				}
			}
		}
		return -1
	}, off: n.Off}
}

// nthWalk is the most items nth call n reads: its value's size (the
// largest a value may have when n names none: an error reported there).
func (c *compiler) nthWalk(n *node) int64 {
	if len(n.Args) > 0 {
		row := n.Args[0]
		if row.Kind == nIndex {
			row = row.Args[0]
		}
		if v := c.valueByName[row.Name]; row.Kind == nIdent && v != nil && v.size > 0 {
			return int64(v.size)
		}
	}
	return maxValueSize
}
