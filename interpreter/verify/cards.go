package verify

import (
	"fmt"
	"sort"

	"github.com/preference-rules/pref/interpreter/cards"
	"github.com/preference-rules/pref/interpreter/deal"
)

// cards reads what the case states of the cards: who held and who won
// which, and who took the last trick (settlement's held_card, won_card,
// captured and party.last_trick). A case that states none of them leaves
// the cards unknown, as for any deal not played here.
func (s *statement) cards() error {
	c, o := s.c, s.o
	if len(c.Held) == 0 && len(c.Won) == 0 && c.LastTrick == "" {
		return nil
	}
	o.CardsKnown = true
	for what, stated := range map[string]map[string][]string{"held": c.Held, "won": c.Won} {
		masks := &o.Held
		if what == "won" {
			masks = &o.Won
		}
		if err := s.cardMasks(what, stated, masks); err != nil {
			return atKey(what, err)
		}
	}
	if c.LastTrick != "" {
		i, err := s.find("last_trick", c.LastTrick)
		if err != nil {
			return atKey("last_trick", err)
		}
		o.LastTrick = i + 1
	}
	return nil
}

// cardMasks reads a seat -> cards map into masks by seat, in the seats'
// order (the errors the same on every run).
func (s *statement) cardMasks(what string, stated map[string][]string, masks *[deal.MaxHands]cards.Mask) error {
	names := make([]string, 0, len(stated))
	for name := range stated {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		i, err := s.find(what, name)
		if err != nil {
			return err
		}
		if i >= deal.MaxHands || !s.o.HoldsHand(s.r, i) {
			return fmt.Errorf("%s: %s holds no hand this deal", what, name)
		}
		for _, text := range stated[name] {
			card, err := s.r.Deck.Parse(text)
			if err != nil {
				return fmt.Errorf("%s: %s: %v", what, name, err)
			}
			masks[i] |= card.Bit()
		}
	}
	return nil
}
