import { describe, expect, it } from 'vitest';
import { lineSpeedMs } from './line-speed';

describe("the machine's line speed, as bench/receipts prints it", () => {
  it('is a median in milliseconds, measured in a process of its own', async () => {
    const rssBefore = process.memoryUsage().rss;
    const ms = await lineSpeedMs();
    expect(Number.isFinite(ms)).toBe(true);
    expect(ms).toBeGreaterThan(0);
    // The model's session and its arena stay in the child: this process grows by far less.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(50 * 2 ** 20);
  }, 60_000);
});
