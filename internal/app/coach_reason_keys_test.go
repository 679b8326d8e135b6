package app

import (
	"strings"
	"testing"

	"github.com/preference-rules/pref/interpreter/bot"
)

// TestCoachMatchesReasonKeys: the coach says a reason by its key, so a
// table's word in the reason (kontra) reaches the advice and no reason
// falls back to the player's own words because its text changed.
func TestCoachMatchesReasonKeys(t *testing.T) {
	for _, c := range []struct {
		reason bot.Reasoned
		want   string
	}{
		{bot.Reasoned{Key: bot.WhyNoContra, Word: "kontra", Words: "no kontra"}, "no kontra: you are not sure to beat the game"},
		{bot.Reasoned{Key: bot.WhyNotSureOfDoubling, Word: "rekontra", Words: "no rekontra"}, "you are not sure enough: no rekontra"},
		{bot.Reasoned{Key: bot.WhySureOfDoubling, Word: "rekontra", Words: "sure of it: rekontra"}, "you are sure of it: call rekontra"},
		{bot.Reasoned{Key: bot.WhyBeatsAlone, Word: "kontra", Words: "expects to beat the contract alone: kontra"}, "your hand should beat the game alone: call kontra"},
		{bot.Reasoned{Key: bot.WhyEnoughTricks, Word: "karo", Count: ": A of spades: 1 sure trick", Words: "expects enough tricks for karo: ..."},
			"your aces, kings and long suit should take enough tricks for karo: A of spades: 1 sure trick"},
	} {
		if got := beginnerWords(c.reason); got != c.want {
			t.Errorf("%v: %q, want %q", c.reason.Key, got, c.want)
		}
	}
	// every key has its advice
	for k := bot.WhyOwnWords + 1; ; k++ {
		if bot.WhyWords(k) == "" {
			break
		}
		if _, ok := reasonWords[k]; !ok {
			t.Errorf("reason %q (key %d): no advice for its key", bot.WhyWords(k), k)
		}
	}
	if got := beginnerWords(bot.Reasoned{Words: "best on average"}); !strings.HasPrefix(got, "the computer player") {
		t.Errorf("a reason of no key: %q", got)
	}
}
