// Package schema holds the JSON Schema of a ruleset (ruleset.schema.json,
// draft 2020-12, a description on every field for editors) and validates a
// decoded YAML document against it, reporting each problem as
// file:line:col and what was expected.
//
// yaml.v3 decodes an unquoted date to time.Time, which the validator rejects,
// so validation runs on a JSON-shaped copy of the yaml.Node tree; the
// validator's JSON pointers are walked back through the same tree to find
// line and column.
package schema
