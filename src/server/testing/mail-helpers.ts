import fs from 'node:fs';
import path from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The address a message was sent to. */
export const recipientOf = (m: ParsedMail) =>
  [m.to ?? []].flat().flatMap((a) => a.value.map((v) => v.address))[0];

/** The first link in a message's plain text that starts with `prefix`. */
export function linkIn(m: ParsedMail, prefix: string): string {
  const found = (m.text ?? '').split(/\s+/).find((w) => w.startsWith(prefix));
  if (!found) throw new Error(`no link starting ${prefix} in "${m.subject}"`);
  return found;
}

/** The messages in an outbox folder, oldest first, once there are at least `count`. */
export async function waitForOutbox(dir: string, count: number, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    if (files.length >= count) {
      const mails: ParsedMail[] = [];
      for (const f of files.sort())
        mails.push(await simpleParser(fs.readFileSync(path.join(dir, f))));
      return { files: files.map((f) => path.join(dir, f)), mails };
    }
    if (Date.now() > deadline)
      throw new Error(`${count} messages not in ${dir} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
