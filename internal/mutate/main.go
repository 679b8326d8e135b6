// Command mutate runs tests against deliberate faults of the code, to show
// which tests can fail: each named mutation (mutations.go) is applied as a
// source rewrite at build time through go test -overlay, so the work tree
// and the production code never hold a test-only branch.
//
//	go run ./internal/mutate -list
//	go run ./internal/mutate -m negpot ./conformance/oracle/
//	go run ./internal/mutate -m double,swap -- -run TestSessions ./interpreter/table/
//	go run ./internal/mutate -m all ./conformance/oracle/
//
// Arguments after the flags are passed to go test (packages; after --, go
// test flags such as -run too).
// For each mutation it prints the go test summary lines and KILLED (go test
// failed) or SURVIVED (it passed); it exits 1 if any mutation survived, 2 if
// a snippet of the table no longer occurs exactly once.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

func main() {
	names := flag.String("m", "", "mutations to apply, comma-separated, or all")
	list := flag.Bool("list", false, "list the mutations")
	verbose := flag.Bool("v", false, "print go test's whole output")
	flag.Parse()
	if *list {
		for _, m := range mutations {
			fmt.Printf("%-9s %s\n", m.Name, m.What)
		}
		return
	}
	chosen, err := choose(*names)
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		os.Exit(2)
	}
	root, err := moduleRoot()
	if err != nil {
		fmt.Fprintln(os.Stderr, "mutate:", err)
		os.Exit(2)
	}
	survived := 0
	for _, m := range chosen {
		fmt.Printf("== %s: %s\n", m.Name, m.What)
		killed, err := runOne(root, m, flag.Args(), *verbose)
		if err != nil {
			fmt.Fprintf(os.Stderr, "mutate: %s: %v\n", m.Name, err)
			os.Exit(2)
		}
		verdict := "KILLED"
		if !killed {
			verdict = "SURVIVED"
			survived++
		}
		fmt.Printf("%s %s\n", m.Name, verdict)
	}
	if survived > 0 {
		os.Exit(1)
	}
}

// choose finds the named mutations.
func choose(names string) ([]mutation, error) {
	if names == "all" {
		return mutations, nil
	}
	if names == "" {
		return nil, fmt.Errorf("no mutation named: -m NAME[,NAME...] or -m all (-list lists them)")
	}
	var out []mutation
	for _, n := range strings.Split(names, ",") {
		m, ok := find(n)
		if !ok {
			return nil, fmt.Errorf("no mutation %q (-list lists them)", n)
		}
		out = append(out, m)
	}
	return out, nil
}

func find(name string) (mutation, bool) {
	for _, m := range mutations {
		if m.Name == name {
			return m, true
		}
	}
	return mutation{}, false
}

// moduleRoot is the directory of the go.mod of the working directory.
func moduleRoot() (string, error) {
	out, err := exec.Command("go", "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %v", err)
	}
	mod := strings.TrimSpace(string(out))
	if mod == "" || mod == os.DevNull {
		return "", fmt.Errorf("not inside a Go module")
	}
	return filepath.Dir(mod), nil
}

// mutate returns the mutated contents of each file m edits, keyed by the
// file's path relative to root. A snippet that does not occur exactly once
// is an error.
func mutate(root string, m mutation) (map[string]string, error) {
	files := map[string]string{}
	for _, e := range m.Edits {
		src, ok := files[e.File]
		if !ok {
			b, err := os.ReadFile(filepath.Join(root, e.File))
			if err != nil {
				return nil, err
			}
			src = string(b)
		}
		if n := strings.Count(src, e.Original); n != 1 {
			return nil, fmt.Errorf("%s: the snippet %q occurs %d times, not once: update internal/mutate/mutations.go", e.File, e.Original, n)
		}
		files[e.File] = strings.Replace(src, e.Original, e.Mutant, 1)
	}
	return files, nil
}

// runOne runs go test with m applied through an overlay; killed reports
// whether go test failed.
func runOne(root string, m mutation, args []string, verbose bool) (killed bool, err error) {
	files, err := mutate(root, m)
	if err != nil {
		return false, err
	}
	dir, err := os.MkdirTemp("", "mutate-"+m.Name+"-")
	if err != nil {
		return false, err
	}
	defer os.RemoveAll(dir)
	overlay := struct{ Replace map[string]string }{Replace: map[string]string{}}
	for rel, src := range files {
		mutant := filepath.Join(dir, strings.ReplaceAll(rel, "/", "_"))
		if err := os.WriteFile(mutant, []byte(src), 0o600); err != nil {
			return false, err
		}
		overlay.Replace[filepath.Join(root, rel)] = mutant
	}
	b, err := json.Marshal(overlay)
	if err != nil {
		return false, err
	}
	ov := filepath.Join(dir, "overlay.json")
	if err := os.WriteFile(ov, b, 0o600); err != nil {
		return false, err
	}
	cmd := exec.Command("go", append([]string{"test", "-overlay", ov, "-count=1"}, args...)...)
	out, runErr := cmd.CombinedOutput()
	printSummary(string(out), verbose)
	if runErr != nil {
		if _, ok := runErr.(*exec.ExitError); !ok {
			return false, runErr
		}
		if strings.Contains(string(out), "[build failed]") || strings.Contains(string(out), "[setup failed]") {
			return false, fmt.Errorf("the mutant does not build:\n%s", out)
		}
		return true, nil
	}
	return false, nil
}

// printSummary prints go test's package lines and failing tests.
func printSummary(out string, verbose bool) {
	if verbose {
		fmt.Print(out)
		return
	}
	for _, line := range strings.Split(out, "\n") { // top-level tests only: -v shows the rest
		if strings.HasPrefix(line, "ok") || strings.HasPrefix(line, "FAIL\t") ||
			strings.HasPrefix(line, "--- FAIL") || strings.HasPrefix(line, "panic:") {
			fmt.Println(line)
		}
	}
}
