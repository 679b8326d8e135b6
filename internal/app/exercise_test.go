package app

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/preference-rules/pref/rulesets"
)

// exercisesOf are the exercises of ruleset name from seed 1, cards in
// letters.
func exercisesOf(t *testing.T, name string) []Exercise {
	t.Helper()
	r, err := rulesets.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	p := &Printer{Ruleset: r, ASCII: true, Names: coachNames[:r.Hands]}
	start := time.Now()
	ex, err := PickExercises(r, coachNames[:r.Hands], 1, p)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("%s: %d exercises in %v", name, len(ex), time.Since(start))
	return ex
}

// Every embedded ruleset has the three exercises from real deals
// (a defence only where a defender may drop out), each with a setting,
// a question, an answer the check takes and a reason from the solver
// (issue 27).
func TestExercisesEveryRuleset(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, _ := rulesets.Open(name)
		ex := exercisesOf(t, name)
		kinds := map[ExerciseKind]bool{}
		for _, e := range ex {
			kinds[e.Kind] = true
			if len(e.Setting) < 2 || e.Question == "" || e.Answer == "" || e.Why == "" {
				t.Errorf("%s %v: incomplete %+v", name, e.Kind, e)
			}
			if len(e.Choices) == 0 { // a card: by its letters, in lower case, or with the suit's sign
				c, _ := r.Deck.Parse(e.right[0])
				if !e.Check(strings.ToUpper(e.right[0])) || !e.Check(r.Deck.Pretty(c)) || !e.Check(" "+e.right[0]+" ") {
					t.Errorf("%s %v: the card %s is not taken as written", name, e.Kind, r.Deck.Pretty(c))
				}
			}
			if !e.Check(e.right[0]) || e.Check("nonsense") {
				t.Errorf("%s %v: the check does not take its own answer %q", name, e.Kind, e.right[0])
			}
		}
		if !kinds[ExerciseLead] || !kinds[ExerciseCost] {
			t.Errorf("%s: exercises %v", name, kinds)
		}
		if !kinds[ExerciseDefend] && r.Defence.MayDrop {
			t.Logf("%s: no defence exercise found", name)
		}
	}
}

// The exercises asked: a wrong answer gets a second try, a second miss
// the answer and why; a right one is confirmed.
func TestRunExercises(t *testing.T) {
	ex := exercisesOf(t, "austrian-1829")
	var answers []string
	for i, e := range ex {
		if i == 0 {
			answers = append(answers, "zz", e.right[0]) // wrong, then right
		} else {
			answers = append(answers, "zz", "zz")
		}
	}
	var out bytes.Buffer
	right := RunExercises(strings.NewReader(strings.Join(answers, "\n")+"\n"), &out, ex, true, 80)
	text := out.String()
	if right != 1 || !strings.Contains(text, "Not quite. Think again") || !strings.Contains(text, "Right: "+ex[0].Answer) ||
		!strings.Contains(text, "The answer: "+ex[1].Answer) || !strings.Contains(text, "1 of 3 right.") {
		t.Fatalf("right %d:\n%s", right, text)
	}
	t.Log(text)
}
