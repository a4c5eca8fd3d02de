import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { boxesOfLines } from '../../../testing/ocr-boxes';
import type { OcrPool } from '../../adapters/ocr/pool';
import type { ReceiptsRepo } from './repo';
import { createReceiptsService, SCANS_PER_USER } from './service';

const ocr: OcrPool = {
  recognize: async () => ({
    boxes: boxesOfLines(['Tea 2.50', 'TOTAL 2.50']),
    ocrMs: 1,
    queueMs: 0,
  }),
  warmUp: async () => {},
  close: async () => {},
};
const fakeRepo = () => ({
  insert: vi.fn<ReceiptsRepo['insert']>(async () => crypto.randomUUID()),
  findImage: vi.fn<ReceiptsRepo['findImage']>(async () => null),
  takeScanPlace: vi.fn<ReceiptsRepo['takeScanPlace']>(async () => null),
  releaseScanPlace: vi.fn<ReceiptsRepo['releaseScanPlace']>(async () => {}),
});
const photo = () =>
  sharp({ create: { width: 200, height: 300, channels: 3, background: '#fff' } })
    .jpeg()
    .toBuffer();

describe('receipt scans per account', () => {
  it(`gives one account ${SCANS_PER_USER} places at once, answers 503 beyond, and leaves others theirs`, async () => {
    const service = createReceiptsService(fakeRepo(), ocr);
    const alice = await Promise.all(
      Array.from({ length: SCANS_PER_USER }, () => service.admit('alice')),
    );
    await expect(service.admit('alice')).rejects.toMatchObject({
      status: 503,
      code: 'too_many_scans',
      message: 'Your other receipts are still being read - please wait for them to finish',
    });
    const bob = await service.admit('bob');
    // a scan that is over, however it ended, gives its place back
    alice[0]!();
    const again = await service.admit('alice');
    await expect(service.admit('alice')).rejects.toMatchObject({ code: 'too_many_scans' });
    for (const release of [alice[1]!, again, bob]) release();
    await Promise.all(Array.from({ length: SCANS_PER_USER }, () => service.admit('alice')));
  });

  it('counts them in the database when processes share it, and gives each place back', async () => {
    const repo = fakeRepo();
    repo.takeScanPlace.mockResolvedValueOnce('place-1').mockResolvedValueOnce(null);
    const service = createReceiptsService(repo, ocr, { sharedPlaces: true });
    const release = await service.admit('alice');
    expect(repo.takeScanPlace).toHaveBeenCalledWith('alice', SCANS_PER_USER, expect.any(Number));
    await expect(service.admit('alice')).rejects.toMatchObject({ code: 'too_many_scans' });
    release();
    expect(repo.releaseScanPlace).toHaveBeenCalledWith('place-1');
  });
});

describe('a scan whose client went away', () => {
  it('is read and kept when the client is still there', async () => {
    const repo = fakeRepo();
    const service = createReceiptsService(repo, ocr);
    const reading = await service.scan('alice', await photo(), new AbortController().signal);
    // The item's line on the photo, as fractions of the photo's width and height.
    expect(reading.items).toEqual([
      {
        name: 'Tea',
        amount: '2.50',
        unsure: false,
        unsureWhy: [],
        box: { x: 0.05, y: 0.0333, width: 0.95, height: 0.0667, angle: 0 },
        quantity: null,
        note: null,
      },
    ]);
    expect(repo.insert).toHaveBeenCalledOnce();
  });

  it('is not kept, nor answered, when the client hung up while it was read', async () => {
    const repo = fakeRepo();
    const gone = new AbortController();
    const service = createReceiptsService(repo, {
      ...ocr,
      recognize: async (image, look) => {
        gone.abort();
        return ocr.recognize(image, look);
      },
    });
    await expect(service.scan('alice', await photo(), gone.signal)).rejects.toMatchObject({
      code: 'scan_cancelled',
    });
    expect(repo.insert).not.toHaveBeenCalled();
  });
});
