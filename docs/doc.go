// Package docs holds the project's documentation as Markdown, and tests that
// keep it honest: every rule id a test name carries is defined in rules.md,
// rules.md's table of tests is current, and no document or comment points to
// a file outside the repository.
package docs
