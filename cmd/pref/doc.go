// Command pref runs Préférence rulesets: list them, validate house
// variants, verify conformance cases, settle a stated outcome with its
// arithmetic, and play deals with computer players.
//
//	pref rulesets
//	pref validate my-variant.yaml
//	pref verify conformance/
//	pref settle --ruleset austrian-1829 --declarer Anton --bid diamonds --tricks 6,2,2
//	pref play --ruleset austrian-1829 --seed 1
//
// Exit status: 0 ok, 1 a verification or ruling failed, 2 bad input or
// usage, 3 an internal error (a bug); 'pref --help' spells it out.
package main
