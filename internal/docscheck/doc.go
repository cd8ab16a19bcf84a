// Package docscheck holds the tests that keep the repository's documents
// and the code that relies on them in step: every document a comment or a
// test names is in the repository, no comment or test names an issue
// number, and the worked examples of docs/payloads.md are what the payload
// builders write. It has no code of its own.
package docscheck

// root is the repository's root, from this package's directory, where go
// test runs its tests.
const root = "../.."
