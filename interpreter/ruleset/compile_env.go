package ruleset

import (
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/preference-rules/pref/interpreter/money"
	"gopkg.in/yaml.v3"
)

var identRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

func ident(name string) string { return strings.ReplaceAll(name, "-", "_") }

// env builds the typed environment: the interpreter's variables, then the
// ruleset's contract values, options and events. Defines are added as they
// compile.
func (c *compiler) env(s *Spec) {
	r := c.r
	env := map[string]any{}
	for _, v := range Variables {
		env[v.Name] = v.Zero
	}
	add := func(n *yaml.Node, name string, zero any, what string) bool {
		id := ident(name)
		if !identRe.MatchString(id) {
			c.errorf(n, "%s %q: expressions could not name it; use letters, digits, - and _", what, name)
			return false
		}
		if _, taken := env[id]; taken {
			c.errorf(n, "%s %q: the name %s is already taken by a variable of the interpreter or of this ruleset", what, name, id)
			return false
		}
		env[id] = zero
		return true
	}
	valuesNode := c.node("contracts", "0", "values")
	for _, k := range r.ValueNames {
		add(valuesNode, k, 0, "contract value")
	}
	forEachPair(&s.Options, func(k, v *yaml.Node) {
		o, ok := c.option(k, v)
		if !ok {
			c.failed[ident(k.Value)] = true // said: its uses are not mistakes of their own
		}
		if ok && add(k, k.Value, o.Default, "option") {
			r.Options = append(r.Options, o)
		}
	})
	forEachPair(&s.Events, func(k, v *yaml.Node) {
		var e EventSpec
		_ = v.Decode(&e)
		if add(k, k.Value, false, "event") {
			r.Events = append(r.Events, Event{Name: k.Value, Ident: ident(k.Value), Description: e.Description, Source: e.Source})
		}
	})
	for _, a := range s.Table.Sheet.Accounts { // the sheet before the deal
		add(c.node("table", "sheet", "accounts"), "lowest_"+a, money.Amount{}, "sheet account")
		add(c.node("table", "sheet", "accounts"), "total_"+a, money.Amount{}, "sheet account")
	}
	r.envTemplate = env
}

// option compiles the option named by k, declared by v: its default and
// the fields it sets; false when it is refused (the error is said).
func (c *compiler) option(k, v *yaml.Node) (Option, bool) {
	var o OptionSpec
	if err := v.Decode(&o); err != nil {
		c.errorf(v, "option %q: %v", k.Value, err)
		return Option{}, false
	}
	def, ok := c.optionDefault(k, &o)
	if !ok {
		return Option{}, false
	}
	var sets *yaml.Node
	if o.Sets.Kind == yaml.MappingNode {
		if !c.optionSets(k, &o, def) {
			return Option{}, false
		}
		for i := 0; i+1 < len(v.Content); i += 2 {
			if v.Content[i].Value == "sets" {
				sets = v.Content[i+1] // the file's own node, for positions
			}
		}
	}
	opt := Option{Name: k.Value, Ident: ident(k.Value), Description: o.Description, Source: o.Source, Default: def, Values: o.Values, Sets: sets,
		Min: o.Minimum, Max: o.Maximum, MultipleOf: o.MultipleOf}
	if !c.optionBounds(k, &o, &opt) {
		return Option{}, false
	}
	return opt, true
}

// optionBounds checks an option's minimum, maximum and multiple_of: for a
// number only, consistent, and met by its default; false when refused
// (the error is said).
func (c *compiler) optionBounds(k *yaml.Node, o *OptionSpec, opt *Option) bool {
	if opt.Min == nil && opt.Max == nil && opt.MultipleOf == 0 {
		return true
	}
	def, isNumber := opt.Default.(int)
	switch {
	case !isNumber:
		c.errorf(&o.Default, "option %q: minimum, maximum and multiple_of are for a number; its default is not one", k.Value)
	case opt.MultipleOf < 0:
		c.errorf(&o.Default, "option %q: multiple_of %d: want a positive number", k.Value, opt.MultipleOf)
	case opt.Min != nil && opt.Max != nil && *opt.Min > *opt.Max:
		c.errorf(&o.Default, "option %q: minimum %d is above maximum %d", k.Value, *opt.Min, *opt.Max)
	default:
		if err := opt.checkBounds(def); err != nil {
			c.errorf(&o.Default, "default: %v", err)
			return false
		}
		return true
	}
	return false
}

// optionDefault is the default of option k: true or false, a whole number
// or one of its words; false when it is none (the error is said).
func (c *compiler) optionDefault(k *yaml.Node, o *OptionSpec) (any, bool) {
	var def any
	switch o.Default.ShortTag() {
	case "!!bool":
		def = o.Default.Value == "true"
	case "!!str":
		if !slices.Contains(o.Values, o.Default.Value) {
			c.errorf(&o.Default, "option %q: default %q must be one of its values (%s)%s", k.Value, o.Default.Value, strings.Join(o.Values, ", "), nearestHint(o.Default.Value, o.Values))
			return nil, false
		}
		def = o.Default.Value
	default:
		n, err := strconv.Atoi(o.Default.Value)
		if err != nil {
			c.errorf(&o.Default, "option %q: default must be true, false, an integer or one of its values", k.Value)
			return nil, false
		}
		def = n
	}
	if _, isWord := def.(string); !isWord && len(o.Values) > 0 {
		c.errorf(&o.Default, "option %q: values are for a choice among words: its default must be one of them", k.Value)
		return nil, false
	}
	return def, true
}

// optionSets checks the fields option k sets: a true/false option's, or
// those of each word of a choice but its default; false when they are
// refused (the error is said).
func (c *compiler) optionSets(k *yaml.Node, o *OptionSpec, def any) bool {
	_, isBool := def.(bool)
	word, isWord := def.(string)
	switch {
	case isWord: // sets per word: {6-7-7: {auction.all_pass_exit: [6, 7, 7]}}
		for i := 0; i+1 < len(o.Sets.Content); i += 2 {
			key, val := o.Sets.Content[i], o.Sets.Content[i+1]
			switch {
			case !slices.Contains(o.Values, key.Value):
				c.errorf(key, "option %q sets fields for %q, which is not one of its values (%s)", k.Value, key.Value, strings.Join(o.Values, ", "))
				return false
			case key.Value == word:
				c.errorf(key, "option %q: its default %q sets nothing (the ruleset itself says what holds by default)", k.Value, word)
				return false
			case val.Kind != yaml.MappingNode:
				c.errorf(val, "option %q, %s: want the fields it sets, as {path: value}", k.Value, key.Value)
				return false
			}
		}
	case !isBool:
		c.errorf(&o.Sets, "option %q: only a true/false option or a choice among words can set fields", k.Value)
		return false
	}
	return true
}

func (c *compiler) defines(s *Spec) {
	forEachPair(&s.Define, func(k, v *yaml.Node) {
		p := c.program(Expr{Text: v.Value, Node: v}, "define "+k.Value, nil)
		if p == nil {
			c.failed[ident(k.Value)] = true
			return
		}
		if name := c.readsMoving(p.Node()); name != "" {
			c.errorf(v, "define %s reads %s, which changes as the rules of a deal pay: a define is worked out once, before any rule; write the expression in the rule that needs it", k.Value, name)
			c.failed[ident(k.Value)] = true
			return
		}
		t := p.Node().Type()
		var zero any
		switch {
		case t == nil:
			c.errorf(v, "define %s: the type of %q is unknown; write an expression of numbers or booleans", k.Value, v.Value)
			return
		case t.Kind() == reflect.Bool:
			zero = false
		case t.Kind() == reflect.Int:
			zero = 0
		case t == amountType:
			zero = money.Amount{}
		case t.Kind() == reflect.String:
			zero = ""
		default:
			c.errorf(v, "define %s: %q has type %v; want a number or a boolean", k.Value, v.Value, t)
			return
		}
		id := ident(k.Value)
		if !identRe.MatchString(id) {
			c.errorf(k, "define %q: not a name expressions can use", k.Value)
			return
		}
		if _, taken := c.r.envTemplate[id]; taken {
			c.errorf(k, "define %q: the name is already taken", k.Value)
			return
		}
		c.r.envTemplate[id] = zero
		c.r.Defines = append(c.r.Defines, Define{Name: id, Src: v.Value, Program: c.code(p)})
	})
}
