package tutorial

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/game"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/interpreter/solve"
	"github.com/preference-rules/pref/rulesets"
)

// TestWalkEveryRuleset: a guided deal exists for every embedded ruleset and
// for a house variant given as a file, its questions answered by their own
// answers and refused for a wrong one.
func TestWalkEveryRuleset(t *testing.T) {
	var all []*ruleset.Ruleset
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, r)
	}
	house := filepath.Join(t.TempDir(), "house.yaml")
	data, _ := rulesets.Source("austrian-1829")
	src := strings.Replace(string(data), "name: austrian-1829", "name: house", 1)
	src = strings.Replace(src, "  head: never ", "  head: must ", 1)
	if err := os.WriteFile(house, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	r, err := rulesets.Open(house)
	if err != nil {
		t.Fatal(err)
	}
	all = append(all, r)
	for _, r := range all {
		quizzes, settlement := 0, 0
		for seed := uint64(1); seed <= 20; seed++ {
			w, err := Walk(r, seed, []string{"Anton", "Brigitte", "Charlotte"}, seed%2 == 0)
			if err != nil {
				t.Fatalf("%s seed %d: %v", r.Name, seed, err)
			}
			for _, s := range w.Steps {
				q := s.Quiz
				if q == nil {
					continue
				}
				quizzes++
				if strings.HasPrefix(q.Question, "Settlement:") {
					settlement++
				}
				if !q.Check(r, strings.Join(q.Answer, " ")) || !q.Check(r, q.Shown) {
					t.Fatalf("%s: %q does not accept its own answer %v / %q", r.Name, q.Question, q.Answer, q.Shown)
				}
				if q.Check(r, "nonsense") || q.Why == "" {
					t.Fatalf("%s: %q accepts nonsense or has no rule", r.Name, q.Question)
				}
			}
		}
		if quizzes == 0 {
			t.Errorf("%s: twenty deals and not one question", r.Name)
		}
		if settlement == 0 { // money or a score sheet: the settlement is asked about
			t.Errorf("%s: twenty deals and not one question on the settlement", r.Name)
		}
	}
}

// The guided deal of every embedded ruleset teaches the whole game: a bid,
// a declarer's contract played by cards, a settlement.
func TestGuidedDealHasABidAndAPlayedContract(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		w, err := Walk(r, 1, []string{"Anton", "Brigitte", "Charlotte"}, true)
		if err != nil {
			t.Fatal(err)
		}
		var text strings.Builder
		for _, s := range w.Steps {
			text.WriteString(s.Text + "\n")
		}
		for _, want := range []string{" bids ", "wins the auction", " leads ", "Settlement, rule by rule"} {
			if !strings.Contains(text.String(), want) {
				t.Errorf("%s (seed %d): the guided deal never says %q", name, w.Seed, want)
			}
		}
	}
}

// A question about a hand takes the answer in words as well as in cards.
func TestAnswersInWords(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	q := &Quiz{Kind: "cards", Answer: []string{"AH", "7H"}, Held: []string{"AH", "7H", "KS", "8C"}}
	for answer, want := range map[string]bool{
		"AH 7H": true, "7h ah": true, "7♥, A♥": true, "hearts": true, "all hearts": true, "the hearts": true, "heart": true,
		"all": false, "AH": false, "spades": false, "nonsense": false, "": false,
	} {
		if got := q.Check(r, answer); got != want {
			t.Errorf("%q: %v, want %v", answer, got, want)
		}
	}
	all := &Quiz{Kind: "cards", Answer: []string{"AH", "KS"}, Held: []string{"AH", "KS"}}
	for _, answer := range []string{"all", "any", "any card", "everything", "hearts and spades", "KS hearts"} {
		if !all.Check(r, answer) {
			t.Errorf("%q refused where every card held is legal", answer)
		}
	}
}

// The guided deal ends its card play with what perfect play would have
// given: the declarer's tricks with best play from the first card, as the
// solver counts them on the same deal, and what he took.
func TestGuidedDealShowsPerfectPlay(t *testing.T) {
	for _, name := range []string{"sochi", "austrian-1829", "west-balkans"} {
		r, _ := rulesets.Open(name)
		w, err := Walk(r, 1, []string{"Anton", "Brigitte", "Charlotte"}, true)
		if err != nil {
			t.Fatal(err)
		}
		g := game.New(r, []game.Player{&bot.Simple{}, &bot.Simple{}, &bot.Simple{}})
		g.Deal(rand.New(rand.NewPCG(w.Seed, 0x9e3779b97f4a7c15)))
		if err := g.Run(); err != nil {
			t.Fatal(err)
		}
		holds, err := solve.Holds(&g.State, 0)
		if err != nil {
			t.Fatal(err)
		}
		names := []string{"Anton", "Brigitte", "Charlotte"}
		want := fmt.Sprintf("best play by both sides from the first card gives %s %d tricks; %s took %d.",
			names[g.Declarer], holds[g.Declarer], names[g.Declarer], g.Taken[g.Declarer])
		found := false
		for _, s := range w.Steps {
			if strings.HasPrefix(s.Text, "Perfect play:") {
				found = true
				if !strings.Contains(s.Text, want) {
					t.Errorf("%s: %q\nwant it to say %q", name, s.Text, want)
				}
			}
		}
		if !found {
			t.Errorf("%s: no perfect play in the guided deal", name)
		}
	}
}
