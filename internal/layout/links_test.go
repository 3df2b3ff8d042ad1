package layout

import (
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"unicode"
)

// linkRE finds inline links and images, [text](target) and ![alt](target),
// with an optional "title"; refLinkRE finds reference definitions,
// [label]: target.
var (
	linkRE    = regexp.MustCompile(`!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)`)
	refLinkRE = regexp.MustCompile(`(?m)^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)`)
	headingRE = regexp.MustCompile(`(?m)^ {0,3}#{1,6}[ \t]+(.*?)[ \t#]*$`)
	fenceRE   = regexp.MustCompile("(?ms)^ {0,3}(```|~~~).*?^ {0,3}(```|~~~)[^\\n]*$")
	codeRE    = regexp.MustCompile("`[^`\n]*`")
)

// TestMarkdownLinks: every relative link of README.md and of the pages
// under docs/ resolves to a file or directory of the repository, and a
// link's #anchor into a markdown page to one of its headings.
func TestMarkdownLinks(t *testing.T) {
	root := repoRoot(t)
	pages := []string{filepath.Join(root, "README.md")}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(path, ".md") {
			pages = append(pages, path)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, page := range pages {
		for _, target := range pageLinks(t, page) {
			path, anchor, ok := localTarget(root, page, target)
			if !ok {
				continue
			}
			checked++
			switch {
			case !exists(path):
				t.Errorf("%s: link %q: %s does not exist", rel(root, page), target, rel(root, path))
			case anchor != "" && strings.HasSuffix(path, ".md") && !headingAnchors(t, path)[anchor]:
				t.Errorf("%s: link %q: %s has no heading #%s", rel(root, page), target, rel(root, path), anchor)
			}
		}
	}
	if checked < 10 {
		t.Fatalf("checked %d links in %d pages: the scan is broken", checked, len(pages))
	}
}

// headingAnchors are the anchors of a markdown page's headings, made as
// GitHub makes them: lower case, punctuation dropped, spaces as hyphens, a
// repeated one numbered.
func headingAnchors(t *testing.T, page string) map[string]bool {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]bool{}
	for _, m := range headingRE.FindAllStringSubmatch(fenceRE.ReplaceAllString(string(b), ""), -1) {
		var slug strings.Builder
		for _, r := range strings.ToLower(strings.TrimSpace(m[1])) {
			switch {
			case r == ' ':
				slug.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				slug.WriteRune(r)
			}
		}
		a := slug.String()
		for i := 1; anchors[a]; i++ {
			a = fmt.Sprintf("%s-%d", slug.String(), i)
		}
		anchors[a] = true
	}
	return anchors
}

// pageLinks are the link targets of a markdown page, code spans and fenced
// blocks left out (their brackets are code, not links).
func pageLinks(t *testing.T, page string) []string {
	t.Helper()
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	text := codeRE.ReplaceAllString(fenceRE.ReplaceAllString(string(b), ""), "")
	var out []string
	for _, re := range []*regexp.Regexp{linkRE, refLinkRE} {
		for _, m := range re.FindAllStringSubmatch(text, -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// localTarget is the file a link names (the page itself for #anchor) and
// its anchor, or false for a link this test does not check: one with a
// scheme, or a path that leaves the repository.
func localTarget(root, page, target string) (path, anchor string, ok bool) {
	u, err := url.Parse(target)
	if err != nil || u.Scheme != "" || u.Host != "" {
		return "", "", false
	}
	path = page
	if u.Path != "" {
		path = filepath.Join(filepath.Dir(page), filepath.FromSlash(u.Path))
	}
	if r, err := filepath.Rel(root, path); err != nil || r == ".." || strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		return "", "", false
	}
	return path, u.Fragment, true
}

func exists(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

func rel(root, path string) string {
	if r, err := filepath.Rel(root, path); err == nil {
		return r
	}
	return path
}
