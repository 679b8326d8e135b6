package main

import (
	"bytes"
	"strings"
	"testing"
)

// pref serve --bots takes what pref play --bots takes; a kind that is no
// computer player is bad input (exit 2) named as pref play names it,
// before anything is served.
func TestServeBotsCheckedAsPlays(t *testing.T) {
	for _, bots := range []string{"nope", "exec:'unclosed"} {
		var out, errb bytes.Buffer
		code := run([]string{"serve", "--addr", "127.0.0.1:0", "--bots", bots}, &out, &errb)
		if code != 2 || !strings.Contains(errb.String(), "--bots") || out.Len() != 0 {
			t.Errorf("serve --bots %s: exit %d, %q %q; want 2 and the --bots error, nothing served", bots, code, out.String(), errb.String())
		}
	}
}
