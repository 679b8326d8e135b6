package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestAuthoringGuide runs docs/authoring.md: every ```yaml file=NAME block
// is written, every "$ pref ..." line of a ```console block is run (in an
// empty directory, in order) and its output compared with the lines shown
// after it, "..." standing for any lines; "# exit N" gives the exit status
// expected (else 0). The guide cannot drift from what pref does.
func TestAuthoringGuide(t *testing.T) {
	guide, err := os.ReadFile(filepath.Join("..", "..", "docs", "authoring.md"))
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(t.TempDir())
	var block, file string
	var body []string
	commands := 0
	sc := bufio.NewScanner(bytes.NewReader(guide))
	for sc.Scan() {
		line := sc.Text()
		switch {
		case block == "" && strings.HasPrefix(line, "```console"):
			block, body = "console", nil
		case block == "" && strings.HasPrefix(line, "```yaml file="):
			block, file, body = "file", strings.TrimPrefix(line, "```yaml file="), nil
		case block != "" && line == "```":
			if block == "file" {
				if err := os.WriteFile(file, []byte(strings.Join(body, "\n")+"\n"), 0o644); err != nil {
					t.Fatal(err)
				}
			} else {
				commands += runConsole(t, body)
			}
			block = ""
		case block != "":
			body = append(body, line)
		}
	}
	if commands < 10 {
		t.Fatalf("the guide ran %d commands: its blocks were not found", commands)
	}
}

// runConsole runs the commands of one console block and checks each one's
// output; it returns how many ran.
func runConsole(t *testing.T, lines []string) int {
	t.Helper()
	n := 0
	for i := 0; i < len(lines); {
		cmdLine, ok := strings.CutPrefix(lines[i], "$ ")
		if !ok {
			t.Fatalf("console block: %q is not a command", lines[i])
		}
		want := 0
		if c, code, found := strings.Cut(cmdLine, "# exit "); found {
			cmdLine = c
			want, _ = strconv.Atoi(strings.TrimSpace(code))
		}
		args := strings.Fields(cmdLine)
		if len(args) == 0 || args[0] != "pref" {
			t.Fatalf("console block: %q does not run pref", cmdLine)
		}
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "$ ") {
			j++
		}
		var out bytes.Buffer
		if code := run(args[1:], &out, &out); code != want {
			t.Errorf("%s: exit %d, want %d\n%s", cmdLine, code, want, out.String())
		}
		if !matches(strings.Split(strings.TrimRight(out.String(), "\n"), "\n"), lines[i+1:j]) {
			t.Errorf("%s: the output differs from the guide\n--- got\n%s\n--- guide\n%s", cmdLine, out.String(), strings.Join(lines[i+1:j], "\n"))
		}
		n++
		i = j
	}
	return n
}

// matches reports whether got is want, where a "..." line of want stands
// for any number of lines.
func matches(got, want []string) bool {
	if len(want) == 0 {
		return len(got) == 0 || len(got) == 1 && got[0] == ""
	}
	if want[0] == "..." {
		for k := 0; k <= len(got); k++ {
			if matches(got[k:], want[1:]) {
				return true
			}
		}
		return false
	}
	return len(got) > 0 && strings.TrimRight(got[0], " ") == want[0] && matches(got[1:], want[1:])
}
