package web

import (
	"fmt"
	"html/template"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
)

// The cards are drawn by pref as SVG: a face shows the rank and the suit
// of the ruleset's pack (a suit symbol of the usual four drawn as a shape,
// any other as its text), a back a plain pattern. Shapes are defined once
// per page (sprite) and used by each card.

// suitShapes are the four usual suit symbols drawn in a 100x100 box.
var suitShapes = map[string]string{
	"♥": `<path d="M50 92C22 68 2 50 2 29C2 13 14 2 28 2C38 2 46 8 50 17C54 8 62 2 72 2C86 2 98 13 98 29C98 50 78 68 50 92Z"/>`,
	"♦": `<path d="M50 2L88 50L50 98L12 50Z"/>`,
	"♠": `<path d="M50 2C40 22 2 40 2 62C2 77 13 87 27 87C36 87 42 83 46 77C45 88 40 95 31 98L69 98C60 95 55 88 54 77C58 83 64 87 73 87C87 87 98 77 98 62C98 40 60 22 50 2Z"/>`,
	"♣": `<circle cx="50" cy="27" r="22"/><circle cx="25" cy="60" r="22"/><circle cx="75" cy="60" r="22"/><path d="M45 55C45 78 40 92 30 98L70 98C60 92 55 78 55 55Z"/>`,
}

// rankWords name the usual ranks for a screen reader; any other rank is
// read as it is written.
var rankWords = map[string]string{"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight",
	"9": "nine", "10": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}

// cardArt draws the cards of a deck.
type cardArt struct {
	deck *cards.Deck
}

// sprite is the hidden SVG that defines each suit's shape and the back's
// pattern, once per page.
func (a cardArt) sprite() template.HTML {
	var b strings.Builder
	b.WriteString(`<svg class="sprite" aria-hidden="true" focusable="false" width="0" height="0"><defs>`)
	for s, sym := range a.deck.Symbols {
		shape, ok := suitShapes[sym]
		if !ok {
			shape = fmt.Sprintf(`<text x="50" y="80" font-size="80" text-anchor="middle">%s</text>`, template.HTMLEscapeString(sym))
		}
		fmt.Fprintf(&b, `<symbol id="suit-%d" viewBox="0 0 100 100">%s</symbol>`, s, shape)
	}
	b.WriteString(`<pattern id="back" width="8" height="8" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="8" height="8" fill="#1d4f91"/><rect width="4" height="8" fill="#2f6db8"/></pattern>`)
	b.WriteString(`</defs></svg>`)
	return template.HTML(b.String())
}

// red reports whether suit s is printed red.
func (a cardArt) red(s cards.Suit) bool {
	return int(s) < len(a.deck.Red) && a.deck.Red[s]
}

// label is a card's name read aloud: "ten of hearts".
func (a cardArt) label(c cards.Card) string {
	rank := a.deck.Ranks[c.Rank()]
	if w, ok := rankWords[rank]; ok {
		rank = w
	}
	return rank + " of " + a.deck.SuitNames[c.Suit()]
}

// face draws card c, face up.
func (a cardArt) face(c cards.Card) template.HTML {
	ink := "#111"
	if a.red(c.Suit()) {
		ink = "#c00000"
	}
	rank := template.HTMLEscapeString(a.deck.Ranks[c.Rank()])
	s := int(c.Suit())
	return template.HTML(fmt.Sprintf(`<svg class="face" viewBox="0 0 60 84" role="img" aria-label="%s" data-face="%s"><rect x="1" y="1" width="58" height="82" rx="5" fill="#fff" stroke="#555" stroke-width="1.2"/>`+
		`<g fill="%s"><text x="5" y="19" font-size="17" font-weight="700" font-family="sans-serif">%s</text>`+
		`<use href="#suit-%d" x="5" y="23" width="13" height="13"/><use href="#suit-%d" x="20" y="36" width="32" height="32"/></g></svg>`,
		a.label(c), template.HTMLEscapeString(a.deck.Name(c)), ink, rank, s, s))
}
