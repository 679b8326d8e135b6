package app

import (
	"slices"
	"strings"

	"github.com/preference-rules/pref/interpreter/bot"
	"github.com/preference-rules/pref/interpreter/bot/extern"
	"github.com/preference-rules/pref/interpreter/game"
)

// CheckBots refuses a --bots that names no computer players
// (extern.ParseBots): each kind simple, strong or exec:COMMAND.
func CheckBots(spec string) error {
	_, err := extern.ParseBots(spec)
	return err
}

// programs are the outside programs playing at a session's table, by the
// name of the player each plays for: started at his first deal, kept from
// deal to deal (a program may play another seat in each), closed with the
// session.
type programs struct {
	byName map[string]*extern.Program
	inDeal map[int]*extern.Program // this deal's, by seat
}

// botFor is the computer player of seat i, the player named name, of this
// deal: the kind p.Bots gives him (the computer players taking the kinds
// in turn in the table's order), an outside program started where it is
// not running yet.
func (s *Session) botFor(i int, name string, seatNames []string) (game.Player, error) {
	kinds, err := extern.ParseBots(s.p.Bots)
	if err != nil || len(kinds) == 0 {
		kinds = []string{s.p.Bots} // refused before a session starts (CheckBots)
	}
	k := 0
	for _, n := range s.t.Names {
		if n == name {
			break
		}
		if n != s.youName {
			k++
		}
	}
	kind := kinds[k%len(kinds)]
	line, isExec := strings.CutPrefix(kind, extern.ExecPrefix)
	if !isExec {
		return newReasoned(kind, uint64(s.d)<<4|uint64(i), s.p, seatNames), nil
	}
	if s.progs.byName == nil {
		s.progs = programs{byName: map[string]*extern.Program{}, inDeal: map[int]*extern.Program{}}
	}
	prog := s.progs.byName[name]
	if prog == nil || prog.Dead() {
		if prog != nil {
			prog.Close()
		}
		argv, _ := extern.SplitCommand(line)
		cfg := extern.Config{Command: argv, Label: kind, Log: func(format string, args ...any) {
			s.p.Printf("  (pref: "+format+")\n", args...)
		}}
		if prog, err = extern.Start(cfg, extern.HelloFor(s.t.R, slices.Clone(seatNames), i), &bot.Simple{}); err != nil {
			return nil, &BadInput{err}
		}
		s.progs.byName[name] = prog
	}
	s.progs.inDeal[i] = prog
	return &reasoned{bot: prog, reason: func() string { return "an outside program's call" }, p: s.p, names: seatNames}, nil
}

// endPrograms tells each program of the deal just over that it is over.
func (s *Session) endPrograms() {
	for seat, prog := range s.progs.inDeal {
		prog.EndDeal(&s.g.State, seat, nil)
		delete(s.progs.inDeal, seat)
	}
}

// Close ends the outside programs playing at the table.
func (s *Session) Close() {
	for name, prog := range s.progs.byName {
		prog.Close()
		delete(s.progs.byName, name)
	}
}
