// Package layout holds no code: its tests check the repository's layout,
// the rules a change can break without breaking a build.
//
//   - Every Go package of the module has a doc.go with the package comment
//     ("Package NAME …", or "Command NAME …" for a main package), and no
//     other file of it has one (packages_test.go).
//   - Every relative link and image of README.md and of the markdown pages
//     under docs/ names a file or directory that exists (links_test.go).
//     Links into ../shared and other places outside the repository, and
//     links with a scheme (https:, mailto:), are not checked.
package layout
