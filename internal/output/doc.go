// Package output writes the files sift's commands produce (reports,
// profiles, logs): output.go, WriteFile.
package output
