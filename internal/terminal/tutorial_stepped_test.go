package terminal

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// steppedScreen is the tutorial screen telling, after each Enter it has
// taken, whether a question is asked: a step repaints only the lines that
// change, so the screen's output cannot say that a step was shown.
type steppedScreen struct {
	*TutorialScreen
	asking chan bool
}

func newSteppedScreen(s *TutorialScreen) steppedScreen {
	return steppedScreen{TutorialScreen: s, asking: make(chan bool, 100)}
}

func (m steppedScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	next, cmd := m.TutorialScreen.Update(msg)
	m.TutorialScreen = next.(*TutorialScreen)
	if k, ok := msg.(tea.KeyMsg); ok && k.Type == tea.KeyEnter {
		m.asking <- m.TutorialScreen.asking != nil
	}
	return m, cmd
}

// forget drops what the screen told of the Enters before (each shown:
// their words were waited for).
func (m steppedScreen) forget() {
	for {
		select {
		case <-m.asking:
		default:
			return
		}
	}
}

// taken is whether a question is asked once the screen has taken the
// Enter sent last.
func (m steppedScreen) taken(t *testing.T) bool {
	t.Helper()
	select {
	case asking := <-m.asking:
		return asking
	case <-time.After(10 * time.Second):
		t.Fatal("the screen took no key in 10 s")
		return false
	}
}
