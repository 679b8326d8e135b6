package terminal

import (
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// Pager shows a long rendered text a screen at a time.
type Pager struct {
	Text  string
	vp    viewport.Model
	ready bool
}

func (p *Pager) Init() tea.Cmd { return nil }

func (p *Pager) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if !p.ready {
			p.vp, p.ready = viewport.New(msg.Width, msg.Height-1), true
		} else {
			p.vp.Width, p.vp.Height = msg.Width, msg.Height-1
		}
		p.vp.SetContent(p.Text)
		return p, nil
	case tea.KeyMsg:
		if s := msg.String(); s == "q" || s == "ctrl+c" || s == "esc" {
			return p, tea.Quit
		}
	}
	var cmd tea.Cmd
	p.vp, cmd = p.vp.Update(msg)
	return p, cmd
}

func (p *Pager) View() string {
	if !p.ready {
		return "…"
	}
	return p.vp.View() + "\n" + styleHelp.Render("↑/↓ pgup/pgdn scroll · q quit")
}
