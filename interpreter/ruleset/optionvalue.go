package ruleset

import (
	"fmt"
	"strconv"
	"strings"
)

// Option values written as text (a command line's --option name=value, a
// PPN record's PrefOptions tag) are read here and nowhere else, so that
// every door into pref takes the same words, the same numbers and the same
// bound: CheckValue's, which With applies to every value however it came.

// ParseValue reads text as a value of option o: true or false (nothing at
// all is true: --option hand-doubles), a whole number within ±MaxInt, or
// one of a choice's words.
func (o *Option) ParseValue(text string) (any, error) {
	var v any
	switch o.Default.(type) {
	case bool:
		if text == "" {
			text = "true"
		}
		b, err := strconv.ParseBool(text)
		if err != nil {
			return nil, fmt.Errorf("want true or false")
		}
		v = b
	case int:
		n, err := strconv.Atoi(text)
		if err != nil {
			if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
				return nil, fmt.Errorf("beyond ±%d, the largest number an option may take", int64(MaxInt))
			}
			return nil, fmt.Errorf("want an integer")
		}
		if n > MaxInt || n < -MaxInt {
			return nil, fmt.Errorf("beyond ±%d, the largest number an option may take", int64(MaxInt))
		}
		v = n
	default:
		v = text
	}
	if err := o.CheckValue(v); err != nil {
		return nil, err
	}
	return v, nil
}

// OptionError is a name=value pair ParseOptions refused, and why.
type OptionError struct {
	Pair string // as written
	Msg  string
}

func (e *OptionError) Error() string { return e.Pair + ": " + e.Msg }

// ParseOptions reads name=value pairs into option values for With. An
// option r does not have, a value it cannot take, or an option named twice
// (the later value would silently replace the earlier) is an *OptionError.
func (r *Ruleset) ParseOptions(pairs []string) (map[string]any, error) {
	out := map[string]any{}
	for _, kv := range pairs {
		name, text, _ := strings.Cut(kv, "=")
		o, ok := r.Option(name)
		if !ok {
			var names []string
			for _, o := range r.Options {
				names = append(names, o.Name)
			}
			return nil, &OptionError{kv, fmt.Sprintf("%s has no option %q (options: %s)", r.Name, name, strings.Join(names, ", "))}
		}
		if _, twice := out[name]; twice {
			return nil, &OptionError{kv, fmt.Sprintf("option %q is given twice: give it once", name)}
		}
		v, err := o.ParseValue(text)
		if err != nil {
			return nil, &OptionError{kv, err.Error()}
		}
		out[name] = v
	}
	return out, nil
}
