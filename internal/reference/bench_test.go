package reference

import (
	"math/rand/v2"
	"testing"

	"github.com/preference-rules/pref/interpreter/deal"
	"github.com/preference-rules/pref/interpreter/settle"
)

// The benchmarks run the same deals (one random stream from the same seed)
// with the same players, the reference's, through the reference and through
// the interpreter: the ratio of their times is the interpreter's cost alone.
// They stand beside interpreter/game's BenchmarkDeal and BenchmarkPlay,
// which time the interpreter with its own bots:
//
//	go test -run x -bench 'Deal|Play' -count 6 ./internal/reference/ > bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col .name bench.txt

// dealLoop is one engine's deal loop: play (and settle) one deal from rng.
type dealLoop interface {
	run(rng *rand.Rand, settle bool)
}

func (a *Austrian) run(rng *rand.Rand, settle bool) {
	a.Deal(rng)
	a.Play()
	if settle {
		a.Settle()
	}
}

func (a *Sochi) run(rng *rand.Rand, settle bool) {
	a.Deal(rng)
	a.Play()
	if settle {
		a.Settle()
	}
}

// interpreted is the interpreter with the reference's players. Its
// outcome and ledger are kept from deal to deal (game.OutcomeInto,
// settle.SettleInto), as a simulation keeps them.
type interpreted struct {
	*interp
	tb     testing.TB
	o      *deal.Outcome
	ledger *settle.Ledger
}

func (in interpreted) run(rng *rand.Rand, settle bool) {
	in.g.Deal(rng)
	if err := in.g.Run(); err != nil {
		in.tb.Fatal(err)
	}
	if settle {
		in.g.OutcomeInto(in.o, seatNames)
		if err := in.s.SettleInto(in.ledger, in.o, false); err != nil {
			in.tb.Fatal(err)
		}
	}
}

func newInterpreted(tb testing.TB, in *interp) interpreted {
	return interpreted{in, tb, new(deal.Outcome), new(settle.Ledger)}
}

// engines makes each ruleset's engine of one kind.
var engines = []struct {
	name        string
	reference   func() dealLoop
	interpreter func(tb testing.TB) dealLoop
}{
	{"austrian-1829", func() dealLoop { return new(Austrian) },
		func(tb testing.TB) dealLoop { return newInterpreted(tb, newInterp(tb, "austrian-1829")) }},
	{"sochi", func() dealLoop { return new(Sochi) },
		func(tb testing.TB) dealLoop { return newInterpreted(tb, newSochiInterp(tb)) }},
}

func bench(b *testing.B, interpreter, settle bool) {
	for _, e := range engines {
		b.Run(e.name, func(b *testing.B) {
			var d dealLoop
			if interpreter {
				d = e.interpreter(b)
			} else {
				d = e.reference()
			}
			rng := rand.New(rand.NewPCG(1, 2))
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				d.run(rng, settle)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "deals/s")
		})
	}
}

// BenchmarkReferenceDeal is whole deals of the reference: deal, auction,
// exchange, defence, play and settlement.
func BenchmarkReferenceDeal(b *testing.B) { bench(b, false, true) }

// BenchmarkReferencePlay is the same without settlement.
func BenchmarkReferencePlay(b *testing.B) { bench(b, false, false) }

// BenchmarkInterpreterDeal is interpreter/game's BenchmarkDeal with the
// reference's players: game.Deal, Run, then settle's SettleInto of the
// OutcomeInto.
func BenchmarkInterpreterDeal(b *testing.B) { bench(b, true, true) }

// BenchmarkInterpreterPlay is the same without settlement.
func BenchmarkInterpreterPlay(b *testing.B) { bench(b, true, false) }
