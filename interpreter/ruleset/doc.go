// Package ruleset loads a ruleset file and compiles it, once, into the plain
// values the interpreter runs on: a deck, packets, contract and ladder tables,
// flags for the auction, exchange, defence and play, and compiled expr
// programs for settlement.
//
// Loading checks in three layers, each error naming file:line:col: YAML
// syntax, the JSON Schema (schema package), then meaning (packets that add
// up to the pack, ladder bids that exist, expressions that compile and have
// the right type). Nothing here knows any particular variant.
//
// # Stages
//
// A load goes through these stages in order, each a file (or files named
// after it) with one entry point; load.go holds the public entry points
// (LoadFile, Load, LoadWith, LoadTrusted) and the functions that run the
// stages one after the other (loadWith, loadDoc, compileFound). Each stage
// gets what the one before it made. One run says every mistake of a file
// (mistakes.go): a stage's mistake ends the load only when the stages
// after it cannot run (YAML that cannot be read, a base not found, a file
// beyond the limits of size, text a terminal would act on); otherwise the
// next stage runs on what was well-formed, and every mistake is said in
// file order, the first maxMistakes of them.
//
//  1. parse (parse.go, parse_bound.go): parse reads one file's text into a
//     YAML document, within the bounds of a chain (the bytes and the YAML
//     nodes estimated from the text before yaml.v3 reads it), refusing
//     what is not a ruleset without quoting it, a key written twice and
//     text a terminal would act on.
//  2. merge (merge.go): extend replaces a document that extends another
//     with the base merged with it, the base parsed by parse, for a chain
//     of up to maxExtends files; the lines of the n-th file's nodes are
//     moved by n*lineStride so that every later error names its file. The
//     same merge lays the fields an option sets over a ruleset (applySets,
//     for the options stage).
//  3. check (check.go): check runs the JSON Schema on the merged document
//     (unless trusted) and checkSizes, the limits of numbers, options and
//     expressions.
//  4. decode (spec.go): decode reads the document into a Spec, which keeps
//     the nodes of expressions and names for positions.
//  5. compile (compile.go, compile_tables.go, compile_auction.go,
//     compile_env.go, compile_settlement.go, compile_expr.go, code.go):
//     compileSpec turns the Spec into a Ruleset: the deck, deal and
//     contract tables, the auction, exchange, defence and play; then the
//     environment of expressions (options, events, defines), the
//     settlement rules and the score sheet, each expression compiled by
//     expr within the language and limits of limits.go, and finally to
//     closures (code.go) over the frames of frame.go.
//  6. options (options.go): withDefaults compiles the document again with
//     the fields of the options on by default applied; With does the same
//     later for the options a caller gives.
//  7. verify (verify.go): verify checks the loaded ruleset: the names
//     table.sheet.target and the ppn: section give, and, except for
//     LoadTrusted (and a Loader without CheckOptions),
//     that every value of every option that sets fields gives a valid
//     ruleset.
//
// A Loader (loader.go) runs stages 3 to 7 on documents already parsed.
package ruleset
