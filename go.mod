module github.com/preference-rules/pref

go 1.26.8

require (
	github.com/expr-lang/expr v1.17.8
	github.com/santhosh-tekuri/jsonschema/v5 v5.3.1
	gopkg.in/yaml.v3 v3.0.1
)
