package tutorial

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/ruleset"
	"github.com/preference-rules/pref/rulesets"
)

// TestRulebookMentionsEveryConcept: the rulebook generated from each
// embedded ruleset names each of its contracts and bids, each play rule in
// force, each settlement rule with its condition, each option and event.
func TestRulebookMentionsEveryConcept(t *testing.T) {
	for _, name := range rulesets.Names() {
		r, err := rulesets.Open(name)
		if err != nil {
			t.Fatal(err)
		}
		md, err := Rulebook(r, false)
		if err != nil {
			t.Fatal(err)
		}
		want := append(wantDeal(r), wantPlay(r)...)
		want = append(want, wantDefence(r)...)
		want = append(want, wantSettlement(r)...)
		for _, o := range r.Options {
			want = append(want, o.Name, o.Description)
		}
		for _, e := range r.Events {
			want = append(want, e.Name)
		}
		for _, w := range want {
			if !strings.Contains(md, w) {
				t.Errorf("%s: the rulebook does not mention %q", name, w)
			}
		}
	}
}

// wantDeal is what the rulebook must say of r's pack, contracts and talon.
func wantDeal(r *ruleset.Ruleset) []string {
	want := []string{r.Title, "Follow suit"}
	for _, c := range r.Contracts {
		want = append(want, c.Display())
		if c.Trumps != cards.NoSuit {
			want = append(want, r.Deck.SuitNames[c.Trumps])
		}
	}
	want = append(want, r.Deck.SuitNames...)
	for _, p := range r.Packets {
		if p.ToTalon {
			want = append(want, "to the talon")
		}
	}
	if r.Auction.HoldEarlier {
		want = append(want, "**hold**")
	}
	if r.Auction.AllPassPlay >= 0 {
		want = append(want, "If everyone passes, the **"+r.Contracts[r.Auction.AllPassPlay].Display()+"** is played")
		if r.Contracts[r.Auction.AllPassPlay].TalonLeads != 0 {
			want = append(want, "the talon's cards are turned one per trick")
		}
	}
	return want
}

// wantPlay is what the rulebook must say of r's rules of play.
func wantPlay(r *ruleset.Ruleset) []string {
	var want []string
	if r.Play.MustTrump {
		want = append(want, "you must play a trump")
	} else {
		want = append(want, "trumping is allowed but not required")
	}
	if r.Play.MustHead {
		want = append(want, "Head the trick")
	} else {
		want = append(want, "no need to head the trick")
	}
	if r.Play.DeclarerLeads {
		want = append(want, "The declarer leads")
	}
	return want
}

// wantDefence is what the rulebook must say of r's defence.
func wantDefence(r *ruleset.Ruleset) []string {
	var want []string
	if r.Defence.MayDrop {
		want = append(want, "**drop** out")
	}
	if r.Defence.MayInvite {
		want = append(want, "**invite**")
	}
	if r.Defence.Contra.On {
		want = append(want, "**"+r.ContraWord(1)+"**")
	}
	if r.Defence.DroppedPlayed {
		want = append(want, "the dropped hand is still played")
	}
	if r.Defence.MayHalf {
		want = append(want, "- **half**: when the first defender")
	}
	if r.Defence.OpenChoice {
		want = append(want, "**open** play")
	}
	for _, c := range r.Contracts {
		if c.DefenceNeeds > 0 {
			want = append(want, "The defenders who play must take, between them")
		}
	}
	return want
}

// wantSettlement is what the rulebook must say of r's score sheet, rules
// of settlement and defined amounts.
func wantSettlement(r *ruleset.Ruleset) []string {
	var want []string
	for _, a := range append(append([]string{}, r.Sheet.Accounts...), r.Sheet.PairAccounts...) {
		want = append(want, "**score sheet**", a)
	}
	if f := r.Sheet.Final; f != nil {
		want = append(want, "`"+f.ClosedSrc+"`", "`"+f.PairSrc+"`")
	}
	for _, rule := range r.Rules {
		want = append(want, rule.Name, "`"+rule.WhenSrc+"`")
		for _, p := range rule.Pay {
			if Amount(r, p.AmountSrc) != p.AmountSrc { // a bare number is its own words
				want = append(want, "`"+p.AmountSrc+"`")
			}
		}
	}
	for _, d := range r.Defines {
		want = append(want, "the **"+strings.ReplaceAll(d.Name, "_", " ")+"** is ")
		if Amount(r, d.Src) != d.Src {
			want = append(want, "`"+d.Src+"`")
		}
	}
	return want
}

func TestPlainRenderHasNoEscapes(t *testing.T) {
	r, _ := rulesets.Open("austrian-1829")
	md, _ := Rulebook(r, true)
	out, err := Render(md, true, 80)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out, "\x1b") {
		t.Fatal("plain rendering contains escape codes")
	}
	if !strings.Contains(out, "Follow suit") || strings.Contains(out, "♣") {
		t.Fatalf("plain ascii rendering lost text or kept symbols:\n%s", out)
	}
	styled, err := Render(md, false, 80)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(styled, "\x1b[") {
		t.Fatal("styled rendering has no styling")
	}
}

func TestRulebookWithOptions(t *testing.T) {
	base, _ := rulesets.Open("austrian-modern")
	r, err := base.With(map[string]any{"cooperation-binding": true, "must-head": true})
	if err != nil {
		t.Fatal(err)
	}
	md, err := Rulebook(r, false)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"three rules of cooperation", "breaking it is a revoke", "already headed by the other defender", "**Head the trick**"} {
		if !strings.Contains(md, want) {
			t.Errorf("the rulebook with options does not say %q", want)
		}
	}
}
