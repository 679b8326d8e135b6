package ruleset_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/preference-rules/pref/rulesets"
)

// optionsHouse is a house file of sochi with n options of v words each,
// every word but the default setting fields.
func optionsHouse(n, v int) string { return wordOptions(n, v, true) }

// wordOptions is optionsHouse, its words setting fields or not.
func wordOptions(n, v int, sets bool) string {
	var b strings.Builder
	b.WriteString("name: many\nextends: sochi\noptions:\n")
	for i := 0; i < n; i++ {
		var words []string
		for j := 0; j < v; j++ {
			words = append(words, fmt.Sprintf("v%d", j))
		}
		fmt.Fprintf(&b, "  opt%d:\n    default: v0\n    description: d\n    values: [%s]\n", i, strings.Join(words, ", "))
		if sets {
			b.WriteString("    sets:\n")
		}
		for j := 1; j < v && sets; j++ {
			fmt.Fprintf(&b, "      v%d: {auction.hold: earlier, play.head: must}\n", j)
		}
	}
	return b.String()
}

// fill is head followed by line repeated up to (not beyond) 2 MiB.
func fill(head, line, tail string) string {
	n := (2<<20 - len(head) - len(tail)) / len(line)
	return head + strings.Repeat(line, n) + tail
}

// Every input within the documented limits (a file of 2 MiB, eight
// rulesets extending one another) is read or refused quickly and in
// little memory: issue 24 measured 300 s for 44 options of 200 values,
// 550 MB for a flat list of 2 MiB, 1.7 GB for a chain of eight 2 MiB
// files. The bounds here are generous (a loaded machine, the race
// detector): each case took seconds or hundreds of megabytes before.
func TestTrustLoadBounds(t *testing.T) {
	if testing.Short() {
		t.Skip("writes files of 2 MiB")
	}
	dir := t.TempDir()
	write := func(name, text string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	// the chain: c0 extends c1 ... extends c7, each 2 MiB of notes
	for i := 0; i < 8; i++ {
		head := fmt.Sprintf("name: c%d\nextends: c%d.yaml\nnotes: |\n", i, i+1)
		if i == 7 {
			head = "name: c7\nextends: sochi\nnotes: |\n"
		}
		write(fmt.Sprintf("c%d.yaml", i), fill(head, "  a line of notes, long enough to count\n", ""))
	}
	// allocated: every byte allocated on the way, garbage included (the
	// peak is far less: 49 MB of memory for the largest accepted here)
	const refused, accepted = 96, 400
	cases := []struct {
		name, path string
		ok         bool
	}{
		{"flat list", write("flat.yaml", fill("name: flat\nextends: sochi\nx:\n", "- 1\n", "")), false},
		{"flow list", write("flow.yaml", fill("name: flow\nextends: sochi\nx: [", "1,", "1]\n")), false},
		{"flow map", write("map.yaml", fill("name: map\nextends: sochi\nx: {", "a: 1, ", "b: 1}\n")), false},
		{"44 options of 200 values", write("opts44.yaml", optionsHouse(44, 200)), false},
		{"10 options of 50 values", write("opts10.yaml", optionsHouse(10, 50)), false},
		{"8 options of 2 values", write("opts8.yaml", optionsHouse(8, 2)), true},
		{"40 options of 450 values setting nothing", write("words.yaml", wordOptions(40, 450, false)), true},
		{"50 options", write("fifty.yaml", wordOptions(50, 2, false)), false},
		{"a chain of eight 2 MiB files", filepath.Join(dir, "c0.yaml"), false},
	}
	for _, c := range cases {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		done := make(chan error, 1)
		go func() {
			_, err := rulesets.Open(c.path)
			done <- err
		}()
		var err error
		select {
		case err = <-done:
		case <-time.After(20 * time.Second):
			t.Errorf("%s: still loading after 20 s", c.name)
			continue
		}
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		alloc := (after.TotalAlloc - before.TotalAlloc) >> 20
		t.Logf("%s: %v, %d MB allocated: %.200v", c.name, took.Round(time.Millisecond), alloc, err)
		if (err == nil) != c.ok {
			t.Errorf("%s: ok %v, want %v: %v", c.name, err == nil, c.ok, err)
		}
		limit := uint64(refused)
		if c.ok {
			limit = accepted
		}
		if took > 5*time.Second || alloc > limit {
			t.Errorf("%s: %v and %d MB allocated: more than 5 s or %d MB", c.name, took, alloc, limit)
		}
	}
}
