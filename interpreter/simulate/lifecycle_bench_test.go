package simulate_test

import (
	"testing"

	"github.com/preference-rules/pref/interpreter/simulate"
	"github.com/preference-rules/pref/rulesets"
)

// The benchmarks time the deal after deal of a simulation and of a match
// (the table's lifecycle around each deal with it), and the strong
// player's rollouts, each valued by settling the deal apart: money, a
// pot with antes, a score sheet.
//
//	go test -run x -bench Lifecycle -count 8 ./interpreter/simulate/

func BenchmarkLifecycleSimulate(b *testing.B) {
	for _, name := range []string{"austrian-1829", "illustrated", "sochi", "west-balkans"} {
		r, _ := rulesets.Open(name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := simulate.Run(r, simulate.Config{Deals: 2000, Workers: 1, Seed: 1}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkLifecycleMatch(b *testing.B) {
	for _, name := range []string{"austrian-1829", "sochi"} {
		r, _ := rulesets.Open(name)
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := simulate.Match(r, []string{"simple", "simple"}, 200, 1, 1, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkLifecycleStrong(b *testing.B) {
	for _, c := range []struct {
		ruleset, bots string
		deals         int
	}{{"austrian-1829", "strong-cards", 6}, {"serbian", "strong", 1}} {
		r, _ := rulesets.Open(c.ruleset)
		b.Run(c.ruleset+"/"+c.bots, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if _, err := simulate.Run(r, simulate.Config{Deals: c.deals, Workers: 1, Seed: 3, Bots: c.bots}, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
