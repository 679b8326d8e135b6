package web

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// At a card's fault the referee's page marks the card refused in the hand
// it was written for: the card drawn with a dashed outline, a ✕ and the
// words "refused" (not colour alone), the only card so marked, in the
// hand of the seat the fault names.
func TestBrowserRefereeMarksTheRefusedCard(t *testing.T) {
	ctx := browser(t)
	watch(t, ctx)
	base := served(t)
	openInBrowser(t, ctx, base, string(readFile(t, "../../conformance/rostov/record-illegal-follow-suit.yaml")))
	refereeKey(t, ctx, kb.End)
	type mark struct {
		Face, Words, Seat string
		N                 int
	}
	got, err := chromedp.Run(ctx, chromedp.Evaluate[mark](`(() => {
		const all = document.querySelectorAll("[data-refused]");
		if (all.length === 0) return {N: 0};
		const el = all[0];
		return {N: all.length, Face: el.querySelector("[data-face]").dataset.face, Words: el.textContent.trim(),
			Seat: el.closest("section.seat").getAttribute("aria-label")};
	})()`))
	if err != nil {
		t.Fatal(err)
	}
	if got.N != 1 || got.Face != "10C" || !strings.Contains(got.Words, "✕") || !strings.Contains(got.Words, "refused") || got.Seat != "Brigitte" {
		t.Errorf("the card refused is marked as %+v, want one mark: 10C in Brigitte's hand with ✕ and the word refused", got)
	}
	text, err := chromedp.Run(ctx, chromedp.Text(chromedp.CSS(`[data-fault-card]`)))
	if err != nil || !strings.Contains(text, "marked ✕ refused") {
		t.Errorf("the fault's words %q %v, want them to say where the card is marked", text, err)
	}
	refereeShots(t, ctx, "referee-refused")
	// a step before the fault marks nothing
	refereeKey(t, ctx, kb.ArrowLeft)
	if n, _ := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelectorAll("[data-refused]").length`)); n != 0 {
		t.Errorf("%d cards marked refused before the fault", n)
	}
}
