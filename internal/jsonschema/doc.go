// Package jsonschema validates JSON documents against a JSON Schema (draft
// 04), for tests of the formats sift writes, SARIF 2.1.0 first.
//
// It implements the keywords the SARIF schema uses: type, properties,
// additionalProperties, required, items (one schema), minItems,
// uniqueItems, minimum, maximum, pattern, format (uri, uri-reference,
// date-time), enum, anyOf, oneOf and $ref to "#/definitions/NAME".
// Annotations (title, description, default, id, $schema) are read and
// ignored. A schema with any other keyword is refused when compiled, so a
// check this package cannot make never passes unnoticed.
//
// Files:
//   - schema.go   compiling a schema (Compile) and its keywords
//   - validate.go validating a decoded document against it (Schema.Validate)
package jsonschema
