import { describe, expect, it } from 'vitest';
import { oneAtATime } from './one-at-a-time';

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('oneAtATime', () => {
  it('runs tasks of one key in turn, in arrival order, and other keys alongside', async () => {
    const run = oneAtATime();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running++;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running--;
      return name;
    };
    const a = Promise.all(['a1', 'a2', 'a3'].map((n) => run('a', task(n))));
    const other = run('b', async () => {
      log.push('b');
      return 'b';
    });
    expect(await a).toEqual(['a1', 'a2', 'a3']);
    expect(await other).toBe('b');
    expect(log.filter((l) => l.endsWith('a1') || l.endsWith('a2') || l.endsWith('a3'))).toEqual([
      'start a1',
      'end a1',
      'start a2',
      'end a2',
      'start a3',
      'end a3',
    ]);
    // 'b' did not wait for the a's, and no two a's ran at once.
    expect(log.indexOf('b')).toBeLessThan(log.indexOf('end a1'));
    expect(most).toBe(1);
  });

  it('goes on after a task fails, and gives that task its own error', async () => {
    const run = oneAtATime();
    const failed = run('k', async () => {
      throw new Error('no');
    });
    const next = run('k', async () => 'yes');
    await expect(failed).rejects.toThrow('no');
    expect(await next).toBe('yes');
  });
});
