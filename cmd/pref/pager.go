package main

import (
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
)

// pager shows a long rendered text a screen at a time.
type pager struct {
	text  string
	vp    viewport.Model
	ready bool
}

func (p *pager) Init() tea.Cmd { return nil }

func (p *pager) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		if !p.ready {
			p.vp, p.ready = viewport.New(msg.Width, msg.Height-1), true
		} else {
			p.vp.Width, p.vp.Height = msg.Width, msg.Height-1
		}
		p.vp.SetContent(p.text)
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

func (p *pager) View() string {
	if !p.ready {
		return "…"
	}
	return p.vp.View() + "\n" + styleHelp.Render("↑/↓ pgup/pgdn scroll · q quit")
}
