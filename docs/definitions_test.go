package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// maxDefinitionSentences is the most sentences a rule's definition in
// rules.md may have; the rest of what a rule says lives in the page its
// definition links to.
const maxDefinitionSentences = 2

// ruleDefinitions returns each rule's definition in rules.md, in order: the
// list item "- **ID** ..." with its indented continuation lines, joined, up
// to the table of tests.
func ruleDefinitions(doc string) (ids, defs []string) {
	if i := strings.Index(doc, tableBegin); i >= 0 {
		doc = doc[:i]
	}
	open := false
	for _, line := range strings.Split(doc, "\n") {
		if m := ruleDef.FindStringSubmatch(line); m != nil {
			ids = append(ids, m[1])
			defs = append(defs, strings.TrimSpace(line[len(m[0]):]))
			open = true
			continue
		}
		if open && strings.HasPrefix(line, "  ") && strings.TrimSpace(line) != "" {
			defs[len(defs)-1] += " " + strings.TrimSpace(line)
			continue
		}
		open = false
	}
	return ids, defs
}

var (
	// codeSpan is inline code, which may hold anything (`a. B`).
	codeSpan = regexp.MustCompile("`[^`]*`")
	// linkTarget is a Markdown link's target: [text](target).
	linkTarget = regexp.MustCompile(`\]\([^)]*\)`)
	// sentenceEnd is the end of a sentence inside a text: a full stop,
	// question or exclamation mark (and a closing parenthesis or quote
	// after it), white space, then what starts a sentence: a capital
	// letter, inline code (replaced by "C" first) or emphasis.
	sentenceEnd = regexp.MustCompile(`[.!?][)"]?\s+[A-Z*"]`)
	// abbreviation is a word ending in a full stop that ends no sentence.
	abbreviation = regexp.MustCompile(`(?i)\b(e\.g|i\.e|etc|vs|cf|approx|incl|fig)\.[)"]?$`)
)

// sentences counts the sentences of a definition: one, plus one for each
// sentence end followed by another sentence (". " then a capital). Inline
// code and link targets are set aside first, so `os.Exit. Then` or a
// "#section.name" cannot end a sentence, and decimals (1.5) and
// abbreviations (e.g., i.e., etc.) do not.
func sentences(def string) int {
	text := linkTarget.ReplaceAllString(def, "]()")
	text = codeSpan.ReplaceAllString(text, "C")
	n := 1
	for _, loc := range sentenceEnd.FindAllStringIndex(text, -1) {
		end := strings.IndexAny(text[loc[0]:loc[1]], " \t\n") + loc[0]
		if abbreviation.MatchString(text[:end]) {
			continue
		}
		n++
	}
	return n
}

func TestSentencesCount(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"One sentence.", 1},
		{"One sentence without a full stop", 1},
		{"One. Two.", 2},
		{"One. Two. Three.", 3},
		{"One, e.g. Two is not a sentence; i.e. Three neither. Four is.", 2},
		{"Lists, etc. Are not ended by an abbreviation.", 1},
		{"Decimals: 1.5 s and 15.6 ms. Then a second.", 2},
		{"Code `a. B` does not count.", 1},
		{"Code ends it. `Exit` starts the next.", 2},
		{"A question? Yes. Wow! Then four.", 4},
		{"(A parenthesis.) Then two.", 2},
		{"A link ([details](clock.md#t2. X)). Two.", 2},
		{"lower. case after a stop is not a new sentence", 1},
		{"Emphasis. **Bold** starts one.", 2},
	} {
		if got := sentences(c.text); got != c.want {
			t.Errorf("sentences(%q) = %d, want %d", c.text, got, c.want)
		}
	}
}

// TestRuleDefinitionsAreShort: each rule's definition in rules.md has at
// most two sentences (sentences counts them); longer text belongs in the
// page the definition links to.
func TestRuleDefinitionsAreShort(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "rules.md"))
	if err != nil {
		t.Fatal(err)
	}
	ids, defs := ruleDefinitions(string(doc))
	if len(ids) < 50 {
		t.Fatalf("found %d rule definitions in docs/rules.md: the scan is broken", len(ids))
	}
	longest, longestID := 0, ""
	for i, def := range defs {
		if n := sentences(def); n > maxDefinitionSentences {
			t.Errorf("rule %s's definition has %d sentences (at most %d): keep one or two in docs/rules.md and move the rest to the page it links to (\"details\"):\n%s",
				ids[i], n, maxDefinitionSentences, def)
		}
		if w := len(strings.Fields(def)); w > longest {
			longest, longestID = w, ids[i]
		}
	}
	t.Logf("%d definitions; the longest, %s, has %d words", len(defs), longestID, longest)
}
