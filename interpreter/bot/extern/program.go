package extern

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"sync"
	"time"

	"github.com/preference-rules/pref/interpreter/game"
)

// Limits of the protocol.
const (
	// MaxLine is the longest line pref reads from a program, its newline
	// included; a longer one is refused as malformed.
	MaxLine = 64 << 10
	// DefaultTimeLimit is the time a program has for each decision.
	DefaultTimeLimit = 5 * time.Second
	// exitGrace is how long a program closed at the end has to exit before
	// it is killed.
	exitGrace = time.Second
)

// Counts are the answers refused and the decisions the fallback player
// made for a program.
type Counts struct {
	Late      int `json:"late"`      // no answer within the time limit (the program was then stopped)
	Malformed int `json:"malformed"` // not a JSON answer, too long, or an answer to another decision
	Illegal   int `json:"illegal"`   // an id or a word that is not among the actions open
	Exited    int `json:"exited"`    // the program ended, or its pipe broke, during a deal
	Failed    int `json:"failed"`    // a restart that did not start or shake hands
	// Substituted is every decision the fallback player made instead:
	// those refused, and those after the program stopped in a deal.
	Substituted int `json:"substituted"`
}

// Refused is the number of answers refused, of every kind.
func (c Counts) Refused() int { return c.Late + c.Malformed + c.Illegal + c.Exited + c.Failed }

func (c *Counts) add(o Counts) {
	c.Late += o.Late
	c.Malformed += o.Malformed
	c.Illegal += o.Illegal
	c.Exited += o.Exited
	c.Failed += o.Failed
	c.Substituted += o.Substituted
}

// Config is how to run a program.
type Config struct {
	Command   []string      // the program and its arguments (SplitCommand)
	Label     string        // how the log names it (the kind as written: exec:...)
	TimeLimit time.Duration // per decision; 0: DefaultTimeLimit
	// Log is told each refusal, a line each; nil: not told.
	Log func(format string, args ...any)
	// Stderr receives the program's own standard error; nil: discarded.
	Stderr io.Writer
	// PeeksTalon tells the program the talon's cards at each of its calls
	// in the auction (Decision.PeekedTalon): sight no seat has, given only
	// to measure a program that looks at the talon while bidding by design.
	// Only pref match sets it, for a kind named so (exec-sees-talon:); off
	// by default.
	PeeksTalon bool
}

func (c *Config) limit() time.Duration {
	if c.TimeLimit <= 0 {
		return DefaultTimeLimit
	}
	return c.TimeLimit
}

// line is one line the program wrote, or why there is none.
type line struct {
	text []byte
	err  error
}

// handshakeTime is the least time a program has to start and answer the
// hello (an interpreter's start-up can take longer than a move); a
// variable for the tests.
var handshakeTime = 10 * time.Second

var errTooLong = fmt.Errorf("a line longer than %d bytes", MaxLine)

// Program is an outside program playing a seat: a game.Player that asks
// the program each decision over the protocol, and asks Fallback instead
// of a program that answers late, wrongly or not at all. One deal at a
// time: it is not safe for concurrent use.
type Program struct {
	cfg      Config
	Fallback game.Player
	Name     string // the name the program gave in the handshake

	in     io.WriteCloser
	lines  chan line
	stop   func() // kills the program (and what it started)
	reaped chan struct{}
	n      int
	dead   bool
	counts Counts
}

// Start runs the program of cfg and shakes hands: hello sent, its answer
// checked. The program is stopped again when the handshake fails.
func Start(cfg Config, hello Hello, fallback game.Player) (*Program, error) {
	if len(cfg.Command) == 0 {
		return nil, fmt.Errorf("%s: no program named", cfg.Label)
	}
	cmd := exec.Command(cfg.Command[0], cfg.Command[1:]...)
	cmd.Stderr = cfg.Stderr
	if cmd.Stderr == nil {
		cmd.Stderr = io.Discard
	}
	cmd.WaitDelay = exitGrace // what it started and left holding its output never holds pref
	ownGroup(cmd)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("%s: %v", cfg.Label, err)
	}
	reaped := make(chan struct{})
	go func() { _ = cmd.Wait(); close(reaped) }()
	var once sync.Once
	stop := func() { once.Do(func() { killGroup(cmd); _ = in.Close() }) }
	p := newProgram(cfg, in, out, stop, reaped, fallback)
	if err := p.handshake(hello); err != nil {
		p.Close()
		return nil, err
	}
	return p, nil
}

// newProgram talks to a program over in and out; stop ends it, reaped is
// closed once it has ended.
func newProgram(cfg Config, in io.WriteCloser, out io.Reader, stop func(), reaped chan struct{}, fallback game.Player) *Program {
	p := &Program{cfg: cfg, Fallback: fallback, in: in, lines: make(chan line, 16), stop: stop, reaped: reaped}
	go readLines(out, p.lines)
	return p
}

// readLines sends each line of r (without its newline) until r ends; a
// line over MaxLine is sent as errTooLong, and the rest of it skipped.
func readLines(r io.Reader, lines chan<- line) {
	defer close(lines)
	br := bufio.NewReaderSize(r, MaxLine)
	for {
		text, err := br.ReadSlice('\n')
		switch {
		case errors.Is(err, bufio.ErrBufferFull):
			lines <- line{err: errTooLong}
			for errors.Is(err, bufio.ErrBufferFull) {
				_, err = br.ReadSlice('\n')
			}
			if err != nil {
				lines <- line{err: io.EOF}
				return
			}
		case err != nil:
			lines <- line{err: io.EOF}
			return
		default:
			lines <- line{text: bytes.Clone(bytes.TrimRight(text, "\r\n"))}
		}
	}
}

// handshake sends hello and checks the answer names the protocol.
func (p *Program) handshake(hello Hello) error {
	hello.Type, hello.Protocol = "hello", Protocol
	hello.TimeLimitMS = p.cfg.limit().Milliseconds()
	l, err := p.exchange(hello, max(handshakeTime, p.cfg.limit()))
	if err != nil {
		return fmt.Errorf("%s: handshake: %v", p.cfg.Label, err)
	}
	var reply helloReply
	if err := json.Unmarshal(l, &reply); err != nil {
		return fmt.Errorf("%s: handshake: the answer %q is not a JSON object with \"protocol\": %v", p.cfg.Label, clip(l), err)
	}
	if reply.Protocol != Protocol {
		return fmt.Errorf("%s: handshake: the program speaks protocol %q; pref speaks %q", p.cfg.Label, reply.Protocol, Protocol)
	}
	p.Name = reply.Name
	return nil
}

// errLate and errExited are why an exchange got no answer.
var (
	errLate   = errors.New("no answer in time")
	errExited = errors.New("the program ended or closed its output")
)

// exchange writes msg as one line and reads one answer within limit. A
// program that is late is stopped: its late answer could not be told from
// the next one's.
func (p *Program) exchange(msg any, limit time.Duration) ([]byte, error) {
	data, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	p.drain()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	written := make(chan error, 1)
	go func() { _, err := p.in.Write(append(data, '\n')); written <- err }()
	select {
	case err := <-written:
		if err != nil {
			p.die()
			return nil, errExited
		}
	case <-timer.C:
		p.die()
		return nil, errLate
	}
	select {
	case l, ok := <-p.lines:
		if !ok || l.err == io.EOF {
			p.die()
			return nil, errExited
		}
		return l.text, l.err
	case <-timer.C:
		p.die()
		return nil, errLate
	}
}

// drain drops what the program wrote unasked, counting each line as
// malformed (an answer to no question).
func (p *Program) drain() {
	for {
		select {
		case l, ok := <-p.lines:
			if !ok || l.err == io.EOF {
				p.dead = true
				return
			}
			p.refuse(&p.counts.Malformed, "wrote a line nobody asked for: %q", clip(l.text))
		default:
			return
		}
	}
}

func (p *Program) die() {
	p.dead = true
	p.stop()
}

// Choose asks the program for the decision awaited in g; the fallback
// player decides when the program answers late, wrongly, or has stopped.
func (p *Program) Choose(g *game.Game, legal []game.Action) game.Action {
	if p.dead {
		p.counts.Substituted++
		return p.Fallback.Choose(g, legal)
	}
	offered := expand(legal)
	p.n++
	a, ok := p.ask(g, offered)
	if !ok {
		p.counts.Substituted++
		return p.Fallback.Choose(g, legal)
	}
	return a
}

// ask sends the view and reads the program's answer: ok false, counted
// and logged, when it is refused.
func (p *Program) ask(g *game.Game, offered []game.Action) (game.Action, bool) {
	v := View(&g.State, p.n, offered)
	if p.cfg.PeeksTalon && g.Phase() == game.PhaseAuction {
		v.PeekedTalon = names(&g.State, g.Talon)
	}
	l, err := p.exchange(v, p.cfg.limit())
	switch {
	case errors.Is(err, errLate):
		p.refuse(&p.counts.Late, "decision %d: no answer within %v: stopped", p.n, p.cfg.limit())
		return game.Action{}, false
	case errors.Is(err, errExited):
		p.refuse(&p.counts.Exited, "decision %d: the program ended or closed its pipe", p.n)
		return game.Action{}, false
	case err != nil:
		p.refuse(&p.counts.Malformed, "decision %d: %v", p.n, err)
		return game.Action{}, false
	}
	var ans answer
	if err := json.Unmarshal(l, &ans); err != nil || ans.ID == nil && ans.Word == nil {
		p.refuse(&p.counts.Malformed, "decision %d: the answer %q is not {\"id\": N} or {\"word\": W}", p.n, clip(l))
		return game.Action{}, false
	}
	if ans.N != nil && *ans.N != p.n {
		p.refuse(&p.counts.Malformed, "decision %d: the answer is to decision %d", p.n, *ans.N)
		return game.Action{}, false
	}
	if i, ok := p.pick(g, offered, ans); ok {
		return offered[i], true
	}
	p.refuse(&p.counts.Illegal, "decision %d: %s is not among the %d actions open", p.n, clip(l), len(offered))
	return game.Action{}, false
}

// pick finds the action an answer names, by id or by word.
func (p *Program) pick(g *game.Game, offered []game.Action, ans answer) (int, bool) {
	if ans.ID != nil {
		return *ans.ID, *ans.ID >= 0 && *ans.ID < len(offered)
	}
	for i, a := range offered {
		if strings.EqualFold(g.ActionWords(a, game.Written, game.Namer{}), strings.TrimSpace(*ans.Word)) {
			return i, true
		}
	}
	return 0, false
}

// refuse counts a refusal of kind and logs it.
func (p *Program) refuse(kind *int, format string, args ...any) {
	*kind++
	if p.cfg.Log != nil {
		p.cfg.Log("%s: %s; the simple player decides instead", p.cfg.Label, fmt.Sprintf(format, args...))
	}
}

// EndDeal tells the program the deal in g is over, with seat's result
// where known; no answer is read.
func (p *Program) EndDeal(g *game.State, seat int, result *float64) {
	if p.dead {
		return
	}
	data, _ := json.Marshal(outcome(g, seat, result))
	written := make(chan error, 1)
	go func() { _, err := p.in.Write(append(data, '\n')); written <- err }()
	select {
	case err := <-written:
		if err != nil {
			p.die()
		}
	case <-time.After(p.cfg.limit()):
		p.die()
	}
}

// Dead reports whether the program has stopped (a late answer, an exit).
func (p *Program) Dead() bool { return p.dead }

// Counts are the program's refusals so far.
func (p *Program) Counts() Counts { return p.counts }

// Close ends the program: its input closed (it should then exit), killed
// after a grace period.
func (p *Program) Close() {
	if p.in == nil { // a stand-in for a program that did not start
		return
	}
	_ = p.in.Close()
	select {
	case <-p.reaped:
	case <-time.After(exitGrace):
	}
	p.stop()
	<-p.reaped
}

// clip is a line shortened for a log.
func clip(b []byte) string {
	if len(b) > 80 {
		return string(b[:80]) + "..."
	}
	return string(b)
}
