package solve

func SetNoTT(v bool) { noTT = v }

// WinnerOf is the seat the solver gives a complete trick (p.Trick, from
// p.Leader, p.TrickSeats saying who played each card).
func WinnerOf(p *Position) (int, error) {
	s, st, err := New(p)
	if err != nil {
		return 0, err
	}
	return s.winner(st), nil
}
