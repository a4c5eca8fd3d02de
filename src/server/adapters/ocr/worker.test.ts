import { describe, expect, it, vi } from 'vitest';
import { createPaddleEngine, type PaddleEngine } from './paddle';
import { detect } from './worker';

vi.mock('./paddle', () => ({ createPaddleEngine: vi.fn() }));

describe('an OCR worker thread', () => {
  it('loads its engine again after a load that failed, rather than failing every task after', async () => {
    const page = { data: new Uint8Array(3), width: 1, height: 1 };
    const engine = { detect: async () => ({ page, lines: [] }) } as unknown as PaddleEngine;
    vi.mocked(createPaddleEngine)
      .mockRejectedValueOnce(new Error('onnxruntime: out of memory'))
      .mockResolvedValue(engine);
    const task = { settings: {}, image: new Uint8Array([1]), look: {} };
    await expect(detect(task)).rejects.toThrow('out of memory');
    await expect(detect(task)).resolves.toEqual({ page, lines: [] });
    await detect(task);
    expect(createPaddleEngine).toHaveBeenCalledTimes(2);
  });
});
