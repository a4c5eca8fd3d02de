// Production writes answers with fast-json-stringify compiled from the contracts (http/serializer.ts,
// decision 013); tests elsewhere validate every answer with zod. Both must write the same answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityResponseSchema,
  billDetailSchema,
  billListResponseSchema,
} from '../../contracts/bills';
import { currentUserResponseSchema, userSchema } from '../../contracts/auth';
import { makeBillBody, makeParticipantBodies } from '../../testing/builders';
import { signUpWithProfile, type Session } from '../testing/auth-helpers';
import { createTestApp, type TestApp } from '../testing/test-app';
import { jsonSchemaOf, responseSerializerCompiler } from './serializer';

let checked: TestApp;
let fast: TestApp;
let alice: Session;
let billId: string;

beforeAll(async () => {
  checked = await createTestApp();
  fast = await createTestApp({
    database: checked.database,
    secrets: checked.secrets,
    responseValidation: false,
  });
  alice = await signUpWithProfile(checked.app, 'Alice', 'Archer');
  const res = await checked.app.inject({
    method: 'POST',
    url: '/api/bills',
    headers: { cookie: alice.cookie },
    payload: makeBillBody({
      tipPercent: 12.5,
      participants: makeParticipantBodies({ me: 'Alice', p2: 'Priya O’Neil-Zoë' }),
      items: [
        { name: 'Fries', amount: '4.99', portions: { me: 1.5, p2: 0.5 } },
        // Characters JSON must escape, in an item name (a person's name cannot hold them).
        { name: 'Wine "Rioja" <b> \\ 1/2', amount: '22.00', splitMode: 'equally' },
      ],
    }),
  });
  expect(res.statusCode).toBe(201);
  billId = res.json().id;
});
afterAll(async () => {
  await fast.close();
  await checked.close();
});

describe('the compiled serializer', () => {
  it.each([
    ['/api/bills', billListResponseSchema],
    ['/api/bills?limit=1', billListResponseSchema],
    ['/api/bills/:id', billDetailSchema],
    ['/api/activity', activityResponseSchema],
    ['/api/auth/user', userSchema],
    ['/api/auth/me', currentUserResponseSchema],
  ] as const)('writes %s as the validating serializer does', async (path, schema) => {
    const url = path.replace(':id', billId);
    const headers = { cookie: alice.cookie };
    const a = await checked.app.inject({ method: 'GET', url, headers });
    const b = await fast.app.inject({ method: 'GET', url, headers });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.headers['content-type']).toBe(a.headers['content-type']);
    expect(JSON.parse(b.body)).toEqual(JSON.parse(a.body));
    // And the fast answer keeps the contract.
    schema.parse(b.json());
  });

  it('writes nothing the contract does not name', () => {
    const write = responseSerializerCompiler({ validate: false })({
      schema: billListResponseSchema,
      method: 'GET',
      url: '/api/bills',
      httpStatus: '200',
    });
    const out = JSON.parse(
      write({ bills: [], nextCursor: null, secret: 'x', extra: { ownerId: 'y' } }),
    ) as unknown;
    expect(out).toEqual({ bills: [], nextCursor: null });
  });

  it('has a JSON Schema for the hot routes (no silent fall-back to zod)', () => {
    for (const schema of [billListResponseSchema, billDetailSchema, activityResponseSchema])
      expect(jsonSchemaOf(schema)).not.toBeNull();
  });
});
