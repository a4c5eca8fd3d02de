// The inline scripts the app's pages carry, by the hash the Content-Security-Policy allows them by
// (src/server/app.ts): every other script comes from the app's own origin. index.html has one, the
// splash's "seen in this browser session" check, which must run before the page's first paint.
// inline-scripts.test.ts checks these against the pages: a script changed there changes its hash.
export const INLINE_SCRIPT_HASHES: readonly string[] = [
  'sha256-7MPvCeKw9xpGuBOGKgM6lNNBppOLDMlLzWIYNbwSx2M=',
];
