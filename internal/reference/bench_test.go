package reference

import (
	"math/rand/v2"
	"testing"
)

// The benchmarks run the same deals (one random stream from the same seed)
// with the same players, the reference's, through the reference and through
// the interpreter: the ratio of their times is the interpreter's cost alone.
// They stand beside interpreter/game's BenchmarkDeal and BenchmarkPlay,
// which time the interpreter with its own bots:
//
//	go test -run x -bench 'Deal|Play' -count 6 ./internal/reference/ > bench.txt
//	go run golang.org/x/perf/cmd/benchstat@latest -col .name bench.txt

// BenchmarkReferenceDeal is whole deals of the reference: deal, auction,
// exchange, defence, play and settlement.
func BenchmarkReferenceDeal(b *testing.B) {
	b.Run("austrian-1829", func(b *testing.B) {
		var a Austrian
		rng := rand.New(rand.NewPCG(1, 2))
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			a.Run(rng)
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "deals/s")
	})
}

// BenchmarkReferencePlay is the same without settlement.
func BenchmarkReferencePlay(b *testing.B) {
	b.Run("austrian-1829", func(b *testing.B) {
		var a Austrian
		rng := rand.New(rand.NewPCG(1, 2))
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			a.Deal(rng)
			a.Play()
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "deals/s")
	})
}

// BenchmarkInterpreterDeal is interpreter/game's BenchmarkDeal with the
// reference's players: game.Deal, Run, then settle's Settle of the Outcome.
func BenchmarkInterpreterDeal(b *testing.B) {
	b.Run("austrian-1829", func(b *testing.B) {
		in := newInterp(b, "austrian-1829")
		rng := rand.New(rand.NewPCG(1, 2))
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			if _, err := in.run(rng); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "deals/s")
	})
}

// BenchmarkInterpreterPlay is the same without settlement.
func BenchmarkInterpreterPlay(b *testing.B) {
	b.Run("austrian-1829", func(b *testing.B) {
		in := newInterp(b, "austrian-1829")
		rng := rand.New(rand.NewPCG(1, 2))
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			in.g.Deal(rng)
			if err := in.g.Run(); err != nil {
				b.Fatal(err)
			}
		}
		b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "deals/s")
	})
}
