// A light check of an API answer, for the payer's pages. The server sends every answer through its
// contract's zod schema (fastify-type-provider-zod refuses to send one that does not fit), so the
// full check has been made before the answer leaves; what can still arrive is something that is not
// our server's answer at all (a proxy's error page, another deploy's shape). Zod itself (25 KB
// gzip) stays out of the pages a friend opens from a payment link, whose whole first load must fit
// in 100 KB (docs/decisions/011-installable-offline-app.md).

/** Thrown when an answer is not the shape its contract promises. */
export class UnexpectedAnswerError extends Error {
  constructor(what: string) {
    super(`Unexpected answer: ${what}`);
    this.name = 'UnexpectedAnswerError';
  }
}

type Field<T> = keyof T & string;

/**
 * `raw` as a `T`, once it is an object carrying every one of `fields` (not undefined) and each of
 * `lists` is an array.
 */
export function expectAnswer<T extends object>(
  raw: unknown,
  fields: readonly Field<T>[],
  lists: readonly Field<T>[] = [],
): T {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    throw new UnexpectedAnswerError('not an object');
  const record = raw as Record<string, unknown>;
  for (const field of fields)
    if (record[field] === undefined) throw new UnexpectedAnswerError(`no ${field}`);
  for (const list of lists)
    if (!Array.isArray(record[list])) throw new UnexpectedAnswerError(`${list} is not a list`);
  return raw as T;
}
