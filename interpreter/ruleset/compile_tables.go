package ruleset

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/interpreter/cards"
)

func (c *compiler) cards(s *Spec) {
	d := &c.r.Deck
	seen := map[string]bool{}
	for i, su := range s.Cards.Suits {
		if seen[su.ID] {
			c.errorf(c.node("cards", "suits", strconv.Itoa(i), "id"), "suit id %q is used twice", su.ID)
		}
		seen[su.ID] = true
		sym := su.Symbol
		if sym == "" {
			sym = su.ID
		}
		d.SuitIDs = append(d.SuitIDs, su.ID)
		d.SuitNames = append(d.SuitNames, su.Name)
		d.Symbols = append(d.Symbols, sym)
		d.Red = append(d.Red, su.Colour == "red")
	}
	d.Ranks = s.Cards.Ranks
}

func (c *compiler) deal(s *Spec) {
	r := c.r
	r.Hands = s.Players.Hands
	r.TableMax = s.Players.TableMax
	r.CounterClockwise = s.Players.Direction == "counter-clockwise"
	if r.TableMax == 0 {
		r.TableMax = r.Hands
	}
	if r.TableMax < r.Hands {
		c.errorf(c.node("players", "table_max"), "table_max %d is smaller than hands %d", r.TableMax, r.Hands)
	}
	for _, p := range s.Deal.Packets {
		pk := Packet{ToTalon: p.To == "talon", Cards: p.Cards}
		r.Packets = append(r.Packets, pk)
		if pk.ToTalon {
			r.TalonSize += p.Cards
		} else {
			r.HandSize += p.Cards
		}
	}
	if r.HandSize == 0 && len(s.Deal.Packets) > 0 {
		// every trick needs a card from each hand: a deal that gives the
		// hands nothing could only be refused at the first trick of play
		c.errorf(c.node("deal", "packets"), "packets deal no card to the hands (all %d go to the talon): each hand needs at least one card to play a trick", r.TalonSize)
	}
	if total, size := r.HandSize*r.Hands+r.TalonSize, r.Deck.Size(); total != size {
		c.errorf(c.node("deal", "packets"), "packets deal %d cards (%d hands x %d + talon %d) but the pack has %d (%d suits x %d ranks)",
			total, r.Hands, r.HandSize, r.TalonSize, size, len(r.Deck.SuitIDs), len(r.Deck.Ranks))
	}
}

func (c *compiler) contracts(s *Spec) {
	r := c.r
	var keys []string
	for i, cs := range s.Contracts {
		ct := Contract{
			Name: cs.Name, Label: cs.Label, Tricks: cs.Tricks, Exact: cs.Exact, InARow: cs.InARow, Number: cs.Number,
			StopWhenLost: cs.StopWhenLost, NoDrop: cs.NoDrop, MustBid: cs.MustBid, FirstBidOnly: cs.FirstBidOnly, Open: cs.Open, Trumps: cards.NoSuit,
			EachNeeds: s.Defence.EachNeeds,
		}
		if cs.InARow && (cs.StopWhenLost || cs.Exact) {
			c.errorf(c.node("contracts", strconv.Itoa(i), "in_a_row"), "contract %q: in_a_row goes with neither stop_when_lost nor exact", cs.Name)
		}
		if cs.EachNeeds != nil {
			ct.EachNeeds = *cs.EachNeeds
		}
		ct.DefenceNeeds, ct.DefendersOpen, ct.Half = cs.DefenceNeeds, cs.DefendersOpen, cs.Half
		ct.Leader = Leaders[cs.Leader]
		ct.MustContra = cs.MustContra == "true" || cs.MustContra == "talon"
		ct.MustContraTalonOnly = cs.MustContra == "talon"
		ct.NoInvite = cs.NoInvite
		if ct.MustContra && s.Defence.Contra == nil {
			c.errorf(cs.Node, "contract %s: must_contra needs defence.contra", cs.Name)
		}
		ct.TalonLeads = map[string]TalonLeads{"suit": TalonSuit, "card": TalonCard, "card-when-dealer-sits-out": TalonCardDealerOut}[cs.TalonLeads]
		if _, dup := r.ContractByName(cs.Name); dup {
			c.errorf(c.node("contracts", strconv.Itoa(i), "name"), "contract %q is defined twice", cs.Name)
		}
		if cs.Trumps != "" && cs.Trumps != "none" {
			su, ok := r.Deck.SuitByID(cs.Trumps)
			if !ok {
				c.errorf(c.node("contracts", strconv.Itoa(i), "trumps"), "trumps %q is not a suit id (the deck has %s) nor none", cs.Trumps, strings.Join(r.Deck.SuitIDs, ", "))
			}
			ct.Trumps = su
		}
		if r.HandSize > 0 && cs.Tricks > r.HandSize {
			c.errorf(c.node("contracts", strconv.Itoa(i), "tricks"), "contract %q needs %d tricks but a deal has only %d", cs.Name, cs.Tricks, r.HandSize)
		}
		names := make([]string, 0, len(cs.Values))
		for k := range cs.Values {
			names = append(names, k)
		}
		sort.Strings(names)
		if i == 0 {
			keys = names
		} else if strings.Join(names, ",") != strings.Join(keys, ",") {
			c.errorf(c.node("contracts", strconv.Itoa(i), "values"), "contract %q has values {%s} but %q has {%s}: every contract must name the same values",
				cs.Name, strings.Join(names, ", "), s.Contracts[0].Name, strings.Join(keys, ", "))
		}
		for _, k := range keys {
			ct.Values = append(ct.Values, cs.Values[k])
		}
		r.Contracts = append(r.Contracts, ct)
	}
	r.ValueNames = keys
}

// exchange compiles the rules of the talon and of playing from the hand.
func (c *compiler) exchange(s *Spec) {
	r := c.r
	e := s.Exchange
	r.Exchange.TakeTalon = e.Talon == "take" || e.Talon == "show-and-take"
	r.Exchange.ShowTalon = e.Talon == "show-and-take"
	r.Exchange.Discard = r.TalonSize
	if c.has("exchange", "discard") {
		r.Exchange.Discard = e.Discard
	}
	if r.Exchange.TakeTalon && r.Exchange.Discard != r.TalonSize {
		c.errorf(c.node("exchange", "discard"), "discard %d: a declarer who takes a talon of %d must lay aside %d to keep %d cards", e.Discard, r.TalonSize, r.TalonSize, r.HandSize)
	}
	c.handPlay(e.HandPlay)
	r.Exchange.AtLeastBid = e.Announce != "bid"
	r.Exchange.HandExtra = e.HandExtraTricks
	c.handExtra(s)
}

// handPlay compiles when a contract is played from the hand (hand_play):
// as the word says, or by bids when the ladder has hand bids.
func (c *compiler) handPlay(word string) {
	r := c.r
	hasHandBids := false
	for _, call := range r.Ladder {
		hasHandBids = hasHandBids || call.Hand
	}
	switch word {
	case "bid":
		r.Exchange.HandPlay = HandBid
	case "after-auction":
		r.Exchange.HandPlay = HandAfterAuction
	case "never":
		r.Exchange.HandPlay = HandNever
	default:
		if hasHandBids {
			r.Exchange.HandPlay = HandBid
		}
	}
	if hasHandBids && r.Exchange.HandPlay != HandBid {
		c.errorf(c.node("exchange", "hand_play"), "the ladder has hand bids, so hand_play must be bid")
	}
}

// handExtra compiles the extra tricks each contract needs from the hand.
// A contract from the hand needs its own extra tricks, or the exchange's;
// never more than a hand holds (that contract could not be made, and play
// would stop short of a result).
func (c *compiler) handExtra(s *Spec) {
	r := c.r
	for i := range r.Contracts {
		ct, cs := &r.Contracts[i], &s.Contracts[i]
		switch {
		case cs.HandExtra != nil && ct.Exact:
			c.errorf(c.node("contracts", strconv.Itoa(i), "hand_extra_tricks"), "contract %q: exact contracts need their tricks exactly, from the hand too; remove hand_extra_tricks", ct.Name)
		case cs.HandExtra != nil:
			ct.HandExtra = *cs.HandExtra
		case !ct.Exact:
			ct.HandExtra = s.Exchange.HandExtraTricks
		}
		if !c.fromHand(i) || ct.Tricks+ct.HandExtra <= r.HandSize || r.HandSize == 0 {
			continue
		}
		at := c.node("contracts", strconv.Itoa(i), "tricks")
		if cs.HandExtra != nil {
			at = c.node("contracts", strconv.Itoa(i), "hand_extra_tricks")
		}
		c.errorf(at, "contract %q from the hand would need %d + %d tricks, but a hand holds %d: nobody could make it (set hand_extra_tricks: 0 on the contract, or take its hand bid off the ladder)",
			ct.Name, ct.Tricks, ct.HandExtra, r.HandSize)
	}
}

// fromHand reports whether contract ci can be played from the hand: its
// hand bid is on the ladder, or the declarer decides after the auction.
func (c *compiler) fromHand(ci int) bool {
	if c.r.Exchange.HandPlay == HandAfterAuction {
		return true
	}
	return slices.Contains(c.r.Ladder, Call{Contract: ci, Hand: true})
}

// defence compiles the defenders' choices, contra and the rules of a
// dropped hand, then checks that they go together.
func (c *compiler) defence(s *Spec) {
	d := &c.r.Defence
	for _, ch := range s.Defence.Choices {
		d.MayPlay = d.MayPlay || ch == "play"
		d.MayDrop = d.MayDrop || ch == "drop"
		d.MayInvite = d.MayInvite || ch == "invite"
		d.MayHalf = d.MayHalf || ch == "half"
	}
	d.InviteNeeds = 2 * s.Defence.EachNeeds
	if s.Defence.InviteNeeds != nil {
		d.InviteNeeds = *s.Defence.InviteNeeds
	}
	if cs := s.Defence.Contra; cs != nil {
		d.Contra = contra(cs)
	}
	d.EachNeeds = s.Defence.EachNeeds
	d.DroppedPlayed = s.Defence.DroppedHand == "played"
	d.OpenChoice = s.Defence.Open == "choose"
	d.OddEarlier = s.Defence.OddShare == "earlier"
	d.Concede = map[string]Concede{"before-defence": ConcedeBeforeDefence, "after-defence": ConcedeAfterDefence}[s.Defence.DeclarerConcedes]
	c.defenceAgrees(d)
}

// contra compiles the rules of contra.
func contra(cs *ContraSpec) Contra {
	out := Contra{On: true, Team: cs.Mode == "team", TeamNeeds: cs.TeamNeeds, Levels: 2}
	if cs.Recontra != nil && !*cs.Recontra {
		out.Levels = 1
	}
	if cs.Levels != nil {
		out.Levels = *cs.Levels // decides over recontra, which the normalized model always writes
	}
	out.Recontra = out.Levels >= 2
	out.NotAfterInvitation = cs.AfterInvitation != nil && !*cs.AfterInvitation
	return out
}

// defenceAgrees checks that the defence's rules go together.
func (c *compiler) defenceAgrees(d *Defence) {
	if d.MayInvite && !d.MayDrop {
		c.errorf(c.node("defence", "choices"), "invite needs drop: only a defender who dropped out can be invited")
	}
	if !d.MayPlay {
		c.errorf(c.node("defence", "choices"), "defence choices must include play")
	}
	if d.DroppedPlayed && (!d.MayDrop || d.MayInvite) {
		c.errorf(c.node("defence", "dropped_hand"), "dropped_hand played needs the choice drop, and makes invite needless: the dropped hand is always played along")
	}
	if d.MayHalf && !d.MayDrop {
		c.errorf(c.node("defence", "choices"), "half needs drop: a defender takes half only after the other dropped out")
	}
	if d.OpenChoice && !d.DroppedPlayed {
		c.errorf(c.node("defence", "open"), "open choose needs dropped_hand: played (only a defender playing a dropped hand along chooses open play)")
	}
}

func (c *compiler) play(s *Spec) {
	p := &c.r.Play
	p.Leader = LeaderDeclarer
	if l, ok := Leaders[s.Play.Leader]; ok {
		p.Leader = l
	}
	p.DeclarerLeads = p.Leader == LeaderDeclarer
	p.LeftLeads = p.Leader == LeaderDeclarerLeft
	p.MustTrump = s.Play.Trump != "may"
	p.MustHead = s.Play.Head == "must" || s.Play.Head == "defenders" || s.Play.Head == "declarer"
	p.HeadBy = map[string]Part{"defenders": PartDefenders, "declarer": PartDeclarer}[s.Play.Head]
	p.Cooperation = map[string]Cooperation{"advice": CooperationAdvice, "first-rule-binding": CooperationFirstRuleBinding}[s.Play.Cooperation]
	c.lead(s)
}

func (c *compiler) table(s *Spec) {
	a := s.Table.Ante
	c.r.Sheet = Sheet{Accounts: s.Table.Sheet.Accounts, PairAccounts: s.Table.Sheet.PairAccounts}
	c.r.RunEndsOnPlay = s.Table.AllPassRunEnds == "played"
	if d := s.Table.FirstDealer; d != "last-seat" {
		c.r.FirstDealer = d
	}
	c.r.Ante = Ante{Each: a.Each, Dealer: a.Dealer, When: map[string]AnteWhen{"every-deal": AnteEveryDeal, "pot-empty": AntePotEmpty}[a.When]}
}
