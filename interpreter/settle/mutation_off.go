//go:build !mutation

package settle

// mutation names the deliberate fault settlement is built with: none. The
// constant lets the compiler drop every mutation branch from real builds;
// `go test -tags mutation` with PREF_MUTATION set builds the faulty
// settlement the test suite must catch (docs/reliability.md).
const mutation = ""
