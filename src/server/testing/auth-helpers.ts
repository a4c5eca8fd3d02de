import type { FastifyInstance } from 'fastify';

export interface Session {
  cookie: string;
  token: string | undefined;
  userId: string;
}

let counter = 0;
/** A unique e-mail for a test user. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}${counter++}@example.com`;

/** Cookie header value from a response's set-cookie headers. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const list = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

/** Signs a new user up with e-mail and password; fails the test if that does not work. */
export async function signUp(
  app: FastifyInstance,
  email = uniqueEmail(),
  password = 'correct horse battery',
  ip = '10.0.0.1',
): Promise<Session> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    payload: { email, password },
    remoteAddress: ip,
  });
  if (res.statusCode !== 200) throw new Error(`sign-up failed: ${res.statusCode} ${res.body}`);
  const body = res.json() as { user: { id: string } };
  return {
    cookie: cookieFrom(res.headers['set-cookie']),
    token: res.headers['set-auth-token'] as string | undefined,
    userId: body.user.id,
  };
}

/** Signs up and sets first and last name, as onboarding does. */
export async function signUpWithProfile(
  app: FastifyInstance,
  firstName = 'Test',
  lastName = 'User',
) {
  const session = await signUp(app);
  const res = await app.inject({
    method: 'PATCH',
    url: '/api/auth/user',
    headers: { cookie: session.cookie },
    payload: { firstName, lastName },
  });
  if (res.statusCode !== 200) throw new Error(`profile failed: ${res.statusCode} ${res.body}`);
  return session;
}
