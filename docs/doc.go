// Package docs holds the project's documentation as Markdown, and tests that
// keep it honest: every rule id a test name carries is defined in rules.md,
// rules.md's table of tests is current, no document or comment points to
// a file outside the repository, and every Go name xna.md (the XNA 4.0
// types and their counterparts here) gives exists.
package docs
