import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { trackInFlight } from './inflight';

describe('trackInFlight', () => {
  it('lets shutdown wait for a handler whose client already went away', async () => {
    const app = Fastify();
    trackInFlight(app);
    const events: string[] = [];
    let started!: () => void;
    const handlerStarted = new Promise<void>((r) => (started = r));
    app.get('/slow', async () => {
      started();
      await new Promise((r) => setTimeout(r, 300));
      events.push('handler finished');
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    const ac = new AbortController();
    const request = fetch(`http://127.0.0.1:${port}/slow`, { signal: ac.signal }).catch(
      () => 'aborted',
    );
    // Gone once the handler runs (a set time could pass before the request reaches it).
    await handlerStarted;
    ac.abort();
    expect(await request).toBe('aborted');

    await app.close();
    await app.whenIdle(5000);
    events.push('idle');
    expect(events).toEqual(['handler finished', 'idle']);
  });

  it('resolves at once when nothing runs, and gives up after the timeout', async () => {
    const app = Fastify();
    trackInFlight(app);
    let release!: () => void;
    app.get('/stuck', () => new Promise((r) => (release = () => r({ ok: true }))));
    await app.ready();
    await app.whenIdle(10);
    const pending = app.inject({ method: 'GET', url: '/stuck' });
    await new Promise((r) => setTimeout(r, 20));
    const started = Date.now();
    await app.whenIdle(100);
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    release();
    expect((await pending).statusCode).toBe(200);
    await app.whenIdle(1000);
    await app.close();
  });
});
