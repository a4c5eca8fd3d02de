// npm run fixtures:receipt -- out.jpg [--flat]
// Writes the UK test receipt as a phone-like JPEG (or a flat PNG with --flat) for e2e tests.
import fs from 'node:fs';
import { phonePhoto, renderReceipt } from '../src/server/testing/receipt-fixtures';

const args = process.argv.slice(2);
const out = args.find((a) => !a.startsWith('--')) ?? 'receipt.jpg';
const flat = await renderReceipt();
fs.writeFileSync(out, args.includes('--flat') ? flat : await phonePhoto(flat));
console.log(`wrote ${out}`);
