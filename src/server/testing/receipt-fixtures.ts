import fs from 'node:fs';
import sharp from 'sharp';

// Receipt images the project makes itself, so tests need nothing from outside the repository:
// text lines drawn as SVG <text> (librsvg inside sharp, with the system's DejaVu fonts), then
// optionally made to look like a phone photo.

export interface ReceiptLine {
  left: string;
  right?: string;
  /** centred heading */
  center?: boolean;
}

/** A UK restaurant receipt: £ prices, a discount, service charge 12.5%, VAT information. */
export const UK_RECEIPT: ReceiptLine[] = [
  { left: 'THE CROWN & ANCHOR', center: true },
  { left: '12 High Street, London', center: true },
  { left: 'VAT No. 123 4567 89', center: true },
  { left: 'Table 7    Covers 3' },
  { left: '' },
  { left: 'Fish and Chips', right: '£14.50' },
  { left: 'Steak Pie', right: '£13.95' },
  { left: 'Caesar Salad', right: '£9.75' },
  { left: '2 x Coke', right: '£5.00' },
  { left: 'Sticky Toffee Pudding', right: '£6.50' },
  { left: 'Staff Discount', right: '-£2.00' },
  { left: '' },
  { left: 'SUBTOTAL', right: '£47.70' },
  { left: 'SERVICE CHARGE 12.5%', right: '£5.96' },
  { left: 'TOTAL', right: '£53.66' },
  { left: 'VAT 20% included', right: '£8.94' },
  { left: '' },
  { left: 'Thank you for dining with us', center: true },
];

/** A US diner's receipt: prices before tax, a sales tax line added on top to make the total. */
export const US_RECEIPT: ReceiptLine[] = [
  { left: "JOE'S DINER", center: true },
  { left: '123 Main St, Springfield', center: true },
  { left: '' },
  { left: 'Cheeseburger', right: '$11.99' },
  { left: 'Fries', right: '$3.50' },
  { left: 'Iced Tea', right: '$2.75' },
  { left: '' },
  { left: 'Subtotal', right: '$18.24' },
  { left: 'Sales Tax 8.25%', right: '$1.50' },
  { left: 'Total', right: '$19.74' },
  { left: '' },
  { left: 'Thank you!', center: true },
];

/** What a correct reading of UK_RECEIPT contains. */
export const UK_RECEIPT_EXPECTED = {
  items: [
    { name: 'Fish and Chips', amount: '14.50' },
    { name: 'Steak Pie', amount: '13.95' },
    { name: 'Caesar Salad', amount: '9.75' },
    { name: 'Coke', amount: '5.00' },
    { name: 'Sticky Toffee Pudding', amount: '6.50' },
    { name: 'Staff Discount', amount: '-2.00' },
  ],
  subtotal: '47.70',
  serviceCharge: '5.96',
  serviceChargePercent: '12.5',
  total: '53.66',
  tax: '8.94',
  establishmentName: 'THE CROWN & ANCHOR',
};

const escape = (s: string) =>
  s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/** Renders lines as a flat, upright receipt PNG (paper white, ink black). */
export async function renderReceipt(
  lines: ReceiptLine[] = UK_RECEIPT,
  { width = 640, fontSize = 26, fontFamily = 'DejaVu Sans Mono' } = {},
): Promise<Buffer> {
  const lineHeight = Math.round(fontSize * 1.6);
  const margin = 36;
  const height = margin * 2 + lines.length * lineHeight;
  const text = lines
    .map((line, i) => {
      const y = margin + (i + 1) * lineHeight - Math.round(lineHeight * 0.3);
      if (line.center) {
        return `<text x="${width / 2}" y="${y}" text-anchor="middle">${escape(line.left)}</text>`;
      }
      const right = line.right
        ? `<text x="${width - margin}" y="${y}" text-anchor="end">${escape(line.right)}</text>`
        : '';
      return `<text x="${margin}" y="${y}">${escape(line.left)}</text>${right}`;
    })
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="100%" height="100%" fill="#fbfaf5"/>
<g font-family="${fontFamily}, monospace" font-size="${fontSize}" fill="#1a1a1a">${text}</g></svg>`;
  return sharp(Buffer.from(svg)).flatten({ background: '#fbfaf5' }).png().toBuffer();
}

/**
 * A phone-like photo of a receipt: on a darker table, slightly rotated and sheared, with sensor
 * noise, stored sideways with EXIF orientation 6 (as phones do), as a JPEG.
 */
export async function phonePhoto(receipt: Buffer, { angle = 4, seed = 7 } = {}): Promise<Buffer> {
  const tilted = await sharp(receipt)
    .affine([1, 0.03, 0.02, 1], { background: '#6b5a48' })
    .rotate(angle, { background: '#6b5a48' })
    .extend({ top: 60, bottom: 60, left: 50, right: 50, background: '#6b5a48' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { data, info } = tilted;
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  for (let i = 0; i < data.length; i++) {
    const noisy = data[i]! + Math.round((random() - 0.5) * 24);
    data[i] = Math.max(0, Math.min(255, noisy));
  }
  // Stored rotated 90 degrees anticlockwise; orientation 6 tells viewers to turn it back.
  return sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
    .rotate(-90)
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/**
 * The UK receipt as an iPhone-style HEIC photo (HEVC in a HEIF file, the phone-like photo turned
 * upright), made once with `npm run fixtures:receipt -- out.heic --heic`: no npm package encodes
 * HEVC, so the file is kept in the repository (ours: rendered from UK_RECEIPT).
 */
export const ukReceiptHeic = () =>
  fs.readFileSync(new URL('./fixtures/uk-receipt.heic', import.meta.url));

/** The HEIC photo with its header (every 'ispe' box: image sizes) claiming width x height pixels. */
export function heicClaiming(width: number, height: number): Buffer {
  const heic = Buffer.from(ukReceiptHeic());
  let found = 0;
  for (let at = heic.indexOf('ispe'); at >= 0; at = heic.indexOf('ispe', at + 4)) {
    // box type, then 4 bytes of version and flags, then width and height
    heic.writeUInt32BE(width, at + 8);
    heic.writeUInt32BE(height, at + 12);
    found++;
  }
  if (!found) throw new Error('no ispe box in the HEIC fixture');
  return heic;
}
