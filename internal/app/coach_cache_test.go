package app

import (
	"slices"
	"testing"
	"time"

	"github.com/preference-rules/pref/rulesets"
	"github.com/preference-rules/pref/tutorial"
)

// The coached deals are picked once per ruleset (its digest) and names:
// a second page or lesson asking for them plays no deal, and gets the
// same deals; another ruleset, or other options, are picked afresh.
// Seen failing on the original code, which played ~300 deals each time.
func TestCoachedDealsKeptByDigest(t *testing.T) {
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	names := coachNames[:r.Hands]
	first, err := PickCoachedDeals(r, names)
	if err != nil {
		t.Fatal(err)
	}
	before := dealsPlayed.Load()
	again, err := PickCoachedDeals(r, names)
	if err != nil {
		t.Fatal(err)
	}
	if played := dealsPlayed.Load() - before; played != 0 {
		t.Errorf("asked again, the coached deals were picked again: %d deals played", played)
	}
	if !slices.Equal(first, again) {
		t.Errorf("asked again: %+v, then %+v", first, again)
	}
	again[0].Seed++ // a caller's copy: the kept picks stay
	if kept, _ := PickCoachedDeals(r, names); kept[0] != first[0] {
		t.Errorf("a caller changed the kept picks: %+v", kept[0])
	}
	// other options: another ruleset, picked afresh
	o := r.Options[0]
	opts, err := r.ParseOptions([]string{o.Name + "=" + otherValue(o.Default)})
	if err != nil {
		t.Fatal(err)
	}
	other, err := r.With(opts)
	if err != nil {
		t.Fatal(err)
	}
	before = dealsPlayed.Load()
	if _, err := PickCoachedDeals(other, names); err != nil {
		t.Fatal(err)
	}
	if dealsPlayed.Load() == before {
		t.Errorf("option %s: the picks of the ruleset without it were given", o.Name)
	}
}

// otherValue is a value of an option other than v, as written.
func otherValue(v any) string {
	switch v := v.(type) {
	case bool:
		if v {
			return "false"
		}
		return "true"
	case int:
		return "1"
	}
	return ""
}

// The exercises play each deal of their search once, not once per kind
// (seen failing on the original code: three times).
func TestPickExercisesPlaysEachDealOnce(t *testing.T) {
	r, err := rulesets.Open("austrian-1829")
	if err != nil {
		t.Fatal(err)
	}
	p := &Printer{Ruleset: r, ASCII: true}
	before := dealsPlayed.Load()
	exs, err := PickExercises(r, coachNames[:r.Hands], 1, p)
	if err != nil {
		t.Fatal(err)
	}
	played := dealsPlayed.Load() - before
	last := uint64(0)
	for _, e := range exs {
		last = max(last, e.Seed)
	}
	if len(exs) < len(ExerciseKinds) {
		last = exerciseSeeds // a kind not found searched them all
	}
	if played > int64(last) {
		t.Errorf("%d exercises up to seed %d played %d deals", len(exs), last, played)
	}
}

// The first coached deal is played on the first game's rules, the others
// on the full rules.
func TestFirstCoachedDealOnTheFirstGame(t *testing.T) {
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	deals, err := PickCoachedDeals(r, coachNames[:r.Hands])
	if err != nil {
		t.Fatal(err)
	}
	for i, d := range deals {
		if d.FirstGame != (i == 0) {
			t.Errorf("deal %d (%v): first game %v", i, d.Lesson, d.FirstGame)
		}
		if rules := d.Rules(r); (rules != r) != d.FirstGame || len(rules.Ladder) > len(r.Ladder) {
			t.Errorf("deal %d: played on rules with %d calls of %d", i, len(rules.Ladder), len(r.Ladder))
		}
	}
	if first := deals[0].Rules(r); len(first.Ladder) >= len(r.Ladder) {
		t.Errorf("the first game bids all %d calls", len(r.Ladder))
	}
}

// Pages asking at once get the same picks, made once.
func TestCoachedDealsKeptAskedAtOnce(t *testing.T) {
	r, err := rulesets.Open("austrian-1829")
	if err != nil {
		t.Fatal(err)
	}
	names := coachNames[:r.Hands]
	want, err := pickCoachedDeals(r, names)
	if err != nil {
		t.Fatal(err)
	}
	got := make(chan []CoachedDeal, 8)
	for range cap(got) {
		go func() {
			d, _ := PickCoachedDeals(r, names)
			got <- d
		}()
	}
	for range cap(got) {
		if d := <-got; !slices.Equal(d, want) {
			t.Errorf("asked at once: %+v, want %+v", d, want)
		}
	}
	start := time.Now()
	if _, err := PickCoachedDeals(r, names); err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 50*time.Millisecond {
		t.Errorf("the kept picks took %v to give", took)
	}
}

// The first game's rules, derived from a ruleset and sharing its
// document, are not given the full rules' picks.
func TestFirstGameHasItsOwnDigest(t *testing.T) {
	r, err := rulesets.Open("sochi")
	if err != nil {
		t.Fatal(err)
	}
	full, _ := digest(r, coachNames[:3])
	first, _ := digest(tutorial.FirstGame(r), coachNames[:3])
	if full == first {
		t.Error("the first game's rules have the full rules' digest")
	}
}
