import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthResponseSchema } from '../../../contracts/health';
import { createTestApp, type TestApp } from '../../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers with the database kind and the migration level', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = healthResponseSchema.parse(res.json());
    expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL ? 'postgres' : 'embedded');
    expect(body.database.migrations.applied).toBe(body.database.migrations.available);
    expect(body.database.migrations.applied).toBeGreaterThan(0);
    expect(body.database.migrations.latest).toMatch(/^\d{4}_/);
  });

  it('sends a request id and security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('unknown API paths', () => {
  it('answer a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({
      code: 'not_found',
      error: 'No route for GET /api/does-not-exist',
    });
  });

  it('answer JSON for other methods too', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('not_found');
  });
});
