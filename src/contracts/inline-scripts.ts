// The inline scripts the app's pages carry, by the hash the Content-Security-Policy allows them by
// (src/server/app.ts): every other script comes from the app's own origin. index.html has one, the
// splash's "seen in this browser session" check, which must run before the page's first paint;
// friend.html one, which adds the page's style sheet and scripts once its first frame is painted.
// inline-scripts.test.ts checks these against the pages: a script changed there changes its hash.
export const INLINE_SCRIPT_HASHES: readonly string[] = [
  'sha256-7MPvCeKw9xpGuBOGKgM6lNNBppOLDMlLzWIYNbwSx2M=',
  'sha256-L9yqeORYXIE2Kz8ohehEJ+k3U3Etg/TS9dN8zyN9whc=',
];
