// Text a client sends is refused when it holds characters that no name, item or address needs and
// that break or disguise things downstream: control characters (NUL ends a string for PostgreSQL
// and fails the whole query; tabs, newlines and escapes reshape logs and CSV exports),
// bidirectional overrides that show a name reversed, and halves of a surrogate pair that encode to
// nothing valid. Pure, so the bill rules (bill-rules.ts) and the contracts share it.

// C0 controls, DEL, C1 controls (\p{Cc}); the bidi embeddings, overrides and isolates.
const UNSAFE_CHARS = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/u;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds a control character, a bidi override or a lone surrogate. */
export function hasUnsafeText(value: string): boolean {
  return UNSAFE_CHARS.test(value) || LONE_SURROGATE.test(value);
}
