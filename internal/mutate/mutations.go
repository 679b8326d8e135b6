package main

// A mutation is a deliberate fault: each edit replaces one snippet of a
// file of the module, which must occur exactly once in that file (a table
// whose code has moved fails loudly, in TestEverySnippetOccursOnce, rather
// than mutating nothing).
type mutation struct {
	Name, What string
	Edits      []edit
}

type edit struct {
	File     string // relative to the module's root
	Original string
	Mutant   string
}

// insertAfter is an edit that keeps the snippet and adds code after it.
func insertAfter(file, snippet, added string) edit {
	return edit{File: file, Original: snippet, Mutant: snippet + added}
}

const (
	settleGo = "interpreter/settle/settle.go"
	sheetGo  = "interpreter/settle/sheet.go"
	tableGo  = "interpreter/table/table.go"
)

// mutations are the faults docs/reliability.md ("Tests that can fail")
// describes, with the tests that kill each.
var mutations = []mutation{
	{Name: "double", What: "every payment and every sheet entry is doubled", Edits: []edit{
		insertAfter(settleGo, "\t\t\tif amt.IsZero() {\n\t\t\t\tcontinue\n\t\t\t}\n", "\t\t\tamt = amt.Add(amt)\n"),
	}},
	{Name: "swap", What: "payer and receiver of each payment (or pair-account sheet entry) are swapped", Edits: []edit{
		insertAfter(settleGo, "\t\t\tif amt.IsZero() {\n\t\t\t\tcontinue\n\t\t\t}\n",
			"\t\t\tfrom, to := from, to\n\t\t\tif p.Account == \"\" || p.Pair {\n\t\t\t\tfrom, to = to, from\n\t\t\t}\n"),
	}},
	{Name: "account", What: "every sheet entry is booked to the next seat's sheet", Edits: []edit{
		insertAfter(settleGo, "\t\t\t\tif p.Pair {\n\t\t\t\t\te.Against = from\n\t\t\t\t}\n", "\t\t\t\te.Seat = (e.Seat + 1) % len(o.Seats)\n"),
	}},
	{Name: "tricks", What: "the declarer is credited with one trick more than he took", Edits: []edit{
		insertAfter(settleGo, "\t\tif i < len(o.Marks) {\n\t\t\tp.Marks = o.Marks[i]\n\t\t}\n",
			"\t\tif i == o.Declarer {\n\t\t\tp.Tricks++\n\t\t\tp.Credited++\n\t\t}\n"),
	}},
	{Name: "need", What: "every contract needs one trick more than the ruleset says", Edits: []edit{
		{settleGo, "\treturn s.r.Need(o.Contract, o.Hand)\n}", "\treturn s.r.Need(o.Contract, o.Hand) + 1\n}"},
	}},
	{Name: "against", What: "whists (pair accounts) are written against the wrong player", Edits: []edit{
		insertAfter(settleGo, "\t\t\t\tif p.Pair {\n\t\t\t\t\te.Against = from\n\t\t\t\t}\n",
			"\t\t\t\tif p.Pair {\n\t\t\t\t\tif e.Against = (e.Against + 1) % len(o.Seats); e.Against == e.Seat {\n\t\t\t\t\t\te.Against = (e.Against + 1) % len(o.Seats)\n\t\t\t\t\t}\n\t\t\t\t}\n"),
	}},
	{Name: "when", What: "the last settlement rule's condition is negated", Edits: []edit{
		insertAfter(settleGo, "\t\t\treturn fmt.Errorf(\"rule %q: when %q: %v\", rule.Name, rule.WhenSrc, err)\n\t\t}\n",
			"\t\tif i == len(s.r.Rules)-1 {\n\t\t\tok = !ok\n\t\t}\n"),
	}},
	{Name: "sitout", What: "the dealer sitting out at a table of four is paid as a defender", Edits: []edit{
		{settleGo, "if o.HoldsHand(s.r, i) && (sel == ruleset.SelPlayers", "if true && (sel == ruleset.SelPlayers"},
	}},
	{Name: "run", What: "the all-pass run is one deal too long", Edits: []edit{
		{settleGo, "AllPassRun: o.AllPassRun,", "AllPassRun: o.AllPassRun + 1,"},
	}},
	{Name: "invited", What: "the invited player's tricks are not credited to the inviter", Edits: []edit{
		{settleGo, "if j != inviter && j != o.Declarer && o.HoldsHand(s.r, j) {", "if j != inviter && j != o.Declarer && o.HoldsHand(s.r, j) && false {"},
	}},
	{Name: "writeoff", What: "twice the gain is written off (mountain-first)", Edits: []edit{
		insertAfter(sheetGo, "\t\tx := minAmount(gain, off)\n", "\t\tx = x.Add(x)\n"),
	}},
	{Name: "help", What: "an overflowing pool fills itself instead of another player's (pool-help)", Edits: []edit{
		insertAfter(sheetGo, "\t\t\twhists := give.Mul(per)\n", "\t\t\tbest = donor\n"),
	}},
	{Name: "negpot", What: "a negative pot counts as not empty: no ante while the pot is below zero", Edits: []edit{
		{tableGo, "if t.Pot.Sign() > 0 {", "if !t.Pot.IsZero() {"},
	}},
	{Name: "netsign", What: "Ledger.Net adds a payment to its payer instead of taking it away", Edits: []edit{
		{settleGo, "net[idx(t.From)] = net[idx(t.From)].Sub(t.Amount)", "net[idx(t.From)] = net[idx(t.From)].Add(t.Amount)"},
	}},
	{Name: "seatmap", What: "Table.Apply books a deal's seats one place to the right (the dealer as forehand)", Edits: []edit{
		{tableGo, "return (t.Dealer + 1 + i) % n", "return (t.Dealer + i) % n"},
	}},
	{Name: "anteeach", What: "each player's ante is one more than the ruleset says", Edits: []edit{
		{tableGo, "Amount: money.Int(int64(a.Each)), Rule: \"ante\"}", "Amount: money.Int(int64(a.Each) + 1), Rule: \"ante\"}"},
	}},
	{Name: "sheetmoney", What: "a sheet entry is paid as money instead of written on the sheet", Edits: []edit{
		{settleGo, "\t\t\tif p.Account != \"\" {\n\t\t\t\te := SheetEntry{", "\t\t\tif false {\n\t\t\t\te := SheetEntry{"},
	}},
	{Name: "recontra", What: "the recontra variable is true after a plain contra", Edits: []edit{
		{settleGo, "x.Recontra, x.Doubling = level >= 1, level >= 2, 1<<level", "x.Recontra, x.Doubling = level >= 1, level >= 1, 1<<level"},
	}},
	{Name: "open", What: "the open variable ignores a contract with defenders_open", Edits: []edit{
		{settleGo, "Open:           played && (o.Open || (d.ct != nil && d.ct.DefendersOpen)),", "Open:           played && o.Open,"},
	}},
	{Name: "credited", What: "the invited player keeps his own tricks as credited (counted twice, for him and the inviter)", Edits: []edit{
		{settleGo, "\tif p.Invited {\n\t\tp.Credited = 0\n\t}\n", ""},
	}},
}
