// Package bot holds simple computer players for any ruleset: they estimate
// tricks from high cards and trump length, bid what they expect to make,
// and play a winning card when they can, the lowest legal card otherwise.
// They only ever answer with legal choices. Each decision comes with a
// short reason, for the tutorial's walk-through.
package bot
