// Package docs holds the project's documentation as Markdown, and tests that
// keep it honest: every rule id a test name carries is defined in rules.md,
// each definition is at most two sentences, rules.md's table of tests is
// current, no document or comment points to a file outside the repository,
// every relative link and #anchor in README.md and docs/ resolves, the
// README's program is small, public-API-only and builds and runs
// (TestReadmeProgramRuns), packages.md's table of Go modules matches go.mod,
// and every Go name xna.md (the XNA 4.0 types and their counterparts here)
// gives exists.
package docs
