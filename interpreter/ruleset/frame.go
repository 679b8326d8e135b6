package ruleset

import (
	"fmt"
	"reflect"
	"sort"

	"github.com/preference-rules/pref/interpreter/money"
)

// The frames settlement expressions read (code.go says why): a Layout
// gives each name of a ruleset's environment a typed slot, and a Frame
// holds one value per slot, filled in place per deal.

// Kind is the type of a settlement value.
type Kind uint8

const (
	KindNone Kind = iota
	KindInt
	KindBool
	KindAmount
	KindString
	KindParty
	nKinds
)

// kindOf is the kind of a value of the environment (its zero or default).
func kindOf(v any) Kind {
	switch v.(type) {
	case int:
		return KindInt
	case bool:
		return KindBool
	case money.Amount:
		return KindAmount
	case string:
		return KindString
	case Party:
		return KindParty
	}
	return KindNone
}

// kindOfType is the kind of values of type t (KindNone: none of pref's).
func kindOfType(t reflect.Type) Kind {
	switch {
	case t == nil:
		return KindNone
	case t == amountType:
		return KindAmount
	case t == partyType:
		return KindParty
	case t.Kind() == reflect.Int:
		return KindInt
	case t.Kind() == reflect.Bool:
		return KindBool
	case t.Kind() == reflect.String:
		return KindString
	}
	return KindNone
}

var partyType = reflect.TypeOf(Party{})

// Slot is a name's place in a Frame: its kind and index among the
// values of that kind.
type Slot struct {
	Kind Kind
	I    int
}

// Layout places each name of a settlement environment in a slot. The
// interpreter's Variables come first, in the table's order, so their
// slots are the same in every ruleset (IntVariable and the like name
// them); the ruleset's own names follow, sorted.
type Layout struct {
	slots map[string]Slot
	names [nKinds][]string // by kind, in slot order
	// markKinds are the ruleset's named kinds of marker, in order, which
	// a marks_of is compiled against (nil: resolved when it runs)
	markKinds []string
}

// builtin is the layout of Variables alone.
var builtin = func() *Layout {
	l := &Layout{slots: map[string]Slot{}}
	for _, v := range Variables {
		l.add(v.Name, kindOf(v.Zero))
	}
	return l
}()

func (l *Layout) add(name string, k Kind) {
	l.slots[name] = Slot{k, len(l.names[k])}
	l.names[k] = append(l.names[k], name)
}

// newLayout lays out env: with builtins Variables first, then the other
// names sorted.
func newLayout(env map[string]any, builtins bool) *Layout {
	l := &Layout{slots: make(map[string]Slot, len(env))}
	for _, v := range Variables {
		if builtins {
			l.add(v.Name, kindOf(v.Zero))
		}
	}
	rest := make([]string, 0, len(env))
	for name := range env {
		if _, ok := l.slots[name]; !ok {
			rest = append(rest, name)
		}
	}
	sort.Strings(rest)
	for _, name := range rest {
		l.add(name, kindOf(env[name]))
	}
	return l
}

// Slot finds a name's slot.
func (l *Layout) Slot(name string) (Slot, bool) {
	s, ok := l.slots[name]
	return s, ok
}

func variable(name string, k Kind) int {
	s, ok := builtin.slots[name]
	if !ok || s.Kind != k {
		panic(fmt.Sprintf("ruleset: %q is no variable of that kind in Variables", name))
	}
	return s.I
}

// Handles of the interpreter's variables (Variables), by kind: the slot
// a name has in every ruleset's frames. Asking for a name Variables lacks,
// or of another kind, panics (at the caller's initialisation).
type (
	IntVar    int
	BoolVar   int
	AmountVar int
	StringVar int
	PartyVar  int
)

func IntVariable(name string) IntVar { return IntVar(variable(name, KindInt)) }

func BoolVariable(name string) BoolVar { return BoolVar(variable(name, KindBool)) }

func AmountVariable(name string) AmountVar { return AmountVar(variable(name, KindAmount)) }

func StringVariable(name string) StringVar { return StringVar(variable(name, KindString)) }

func PartyVariable(name string) PartyVar { return PartyVar(variable(name, KindParty)) }

// Frame is the values of one settlement, by slot: what the closures
// read. Parties are held by pointer (binding `to` to a party copies
// nothing); a party slot never set points at a zero Party.
type Frame struct {
	ints    []int
	bools   []bool
	amounts []money.Amount
	strs    []string
	parties []*Party
	layout  *Layout
}

var noParty Party // the party of a slot never set: read, never written

func (f *Frame) SetInt(v IntVar, x int) { f.ints[v] = x }

func (f *Frame) SetBool(v BoolVar, x bool) { f.bools[v] = x }

func (f *Frame) SetAmount(v AmountVar, x money.Amount) { f.amounts[v] = x }

func (f *Frame) SetString(v StringVar, x string) { f.strs[v] = x }

func (f *Frame) SetParty(v PartyVar, p *Party) { f.parties[v] = p }

func (f *Frame) Party(v PartyVar) *Party { return f.parties[v] }

// Set writes a value of any of the frame's kinds into slot s: an option's
// value, a define's. A value of another kind is refused.
func (f *Frame) Set(s Slot, v any) error {
	ok := false
	switch s.Kind {
	case KindInt:
		var x int
		if x, ok = v.(int); ok {
			f.ints[s.I] = x
		}
	case KindBool:
		var x bool
		if x, ok = v.(bool); ok {
			f.bools[s.I] = x
		}
	case KindAmount:
		var x money.Amount
		if x, ok = v.(money.Amount); ok {
			f.amounts[s.I] = x
		}
	case KindString:
		var x string
		if x, ok = v.(string); ok {
			f.strs[s.I] = x
		}
	}
	if !ok {
		return fmt.Errorf("a %T for a value of kind %d", v, s.Kind)
	}
	return nil
}

// SetIntAt and SetBoolAt write a ruleset's own name (a contract value,
// an event) by its slot.
func (f *Frame) SetIntAt(s Slot, x int) { f.ints[s.I] = x }

func (f *Frame) SetBoolAt(s Slot, x bool) { f.bools[s.I] = x }

// SetAmountAt writes a ruleset's own amount (lowest_<account>).
func (f *Frame) SetAmountAt(s Slot, x money.Amount) { f.amounts[s.I] = x }

// value is slot s boxed (for expr's machine and explanations).
func (f *Frame) value(s Slot) any {
	switch s.Kind {
	case KindInt:
		return f.ints[s.I]
	case KindBool:
		return f.bools[s.I]
	case KindAmount:
		return f.amounts[s.I]
	case KindString:
		return f.strs[s.I]
	case KindParty:
		return *f.parties[s.I]
	}
	return nil
}

// Map is the frame as expr's environment: every name boxed.
func (f *Frame) Map() map[string]any {
	env := make(map[string]any, len(f.layout.slots))
	for name, s := range f.layout.slots {
		env[name] = f.value(s)
	}
	return env
}

// newFrame makes a frame of layout l holding env's values.
func newFrame(l *Layout, env map[string]any) *Frame {
	f := &Frame{
		ints:    make([]int, len(l.names[KindInt])),
		bools:   make([]bool, len(l.names[KindBool])),
		amounts: make([]money.Amount, len(l.names[KindAmount])),
		strs:    make([]string, len(l.names[KindString])),
		parties: make([]*Party, len(l.names[KindParty])),
		layout:  l,
	}
	for i := range f.parties {
		f.parties[i] = &noParty
	}
	for name, v := range env {
		if s, ok := l.slots[name]; ok && s.Kind != KindParty {
			_ = f.Set(s, v)
		}
	}
	return f
}

// NewFrame makes a frame for r's settlement expressions, every name at
// its zero value and the options at their values in r.
func (r *Ruleset) NewFrame() *Frame { return r.zero.clone() }

// ResetFrame sets every slot of f back to its value in a new frame, in
// place.
func (r *Ruleset) ResetFrame(f *Frame) {
	z := r.zero
	copy(f.ints, z.ints)
	copy(f.bools, z.bools)
	copy(f.amounts, z.amounts)
	copy(f.strs, z.strs)
	copy(f.parties, z.parties)
}

// Layout is the layout of r's settlement frames.
func (r *Ruleset) Layout() *Layout { return r.layout }

func (f *Frame) clone() *Frame {
	c := *f
	c.ints = append([]int(nil), f.ints...)
	c.bools = append([]bool(nil), f.bools...)
	c.amounts = append([]money.Amount(nil), f.amounts...)
	c.strs = append([]string(nil), f.strs...)
	c.parties = append([]*Party(nil), f.parties...)
	return &c
}
