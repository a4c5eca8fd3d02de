import type { AddressInfo } from 'node:net';
import http from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieFrom } from '../../testing/auth-helpers';
import { createTestApp, type TestApp } from '../../testing/test-app';

// A real OpenID provider (oidc-provider) on 127.0.0.1 stands in for Google: Fairshare's Google
// sign-in is the generic OpenID Connect path pointed at GOOGLE_DISCOVERY_URL, so this drives the
// whole flow end to end: authorize, log in, consent, callback, session, and the user's names.

const CLIENT_ID = 'fairshare-test';
const CLIENT_SECRET = 'a-long-client-secret-for-tests-only';
const PUBLIC_URL = 'http://localhost:3999';

let server: http.Server;
let issuer: string;
let t: TestApp;

beforeAll(async () => {
  server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: CLIENT_SECRET,
        redirect_uris: [`${PUBLIC_URL}/api/auth/callback/google`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture', 'preferred_username'],
    },
    async findAccount(_ctx, sub) {
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: `${sub}@provider.example`,
            email_verified: true,
            name: 'Ada Lovelace',
            given_name: 'Ada',
            family_name: 'Lovelace',
            picture: 'https://img.provider.example/ada.png',
            preferred_username: 'countess',
          };
        },
      };
    },
    features: { devInteractions: { enabled: true } },
  });
  server.on('request', provider.callback());
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_DISCOVERY_URL: `${issuer}/.well-known/openid-configuration`,
    },
  });
});

afterAll(async () => {
  await t.close();
  await new Promise((resolve) => server.close(resolve));
});

/** A browser's part at the provider: follow redirects by hand, keeping the provider's cookies. */
async function atProvider(startUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = startUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: {
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      body,
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = (pair ?? '').split('=');
      if (k) jar.set(k, v.join('='));
    }
    const location = res.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== issuer) return next; // back to Fairshare
      url = next.toString();
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await res.text();
    const action = /action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`no form at ${url}: ${res.status} ${html.slice(0, 200)}`);
    url = new URL(action, url).toString();
    method = 'POST';
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString()
      : new URLSearchParams({ prompt: 'consent' }).toString();
  }
  throw new Error('too many redirects at the provider');
}

describe('Google sign-in over OpenID Connect, against a local provider', () => {
  it('signs a new user in and takes the names from the claims', async () => {
    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ google: true, apple: false });

    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: {
        provider: 'google',
        callbackURL: '/auth/callback',
        errorCallbackURL: '/auth/callback',
      },
    });
    expect(start.statusCode).toBe(200);
    const { url } = start.json() as { url: string };
    expect(url.startsWith(`${issuer}/auth?`)).toBe(true);
    const authorize = new URL(url);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    const stateCookie = cookieFrom(start.headers['set-cookie']);

    const back = await atProvider(url, 'ada-1815');
    expect(back.pathname).toBe('/api/auth/callback/google');
    expect(back.searchParams.get('code')).toBeTruthy();

    const callback = await t.app.inject({
      method: 'GET',
      url: back.pathname + back.search,
      headers: { cookie: stateCookie },
    });
    expect(callback.statusCode).toBe(302);
    expect(new URL(callback.headers.location as string, PUBLIC_URL).pathname).toBe(
      '/auth/callback',
    );
    const session = cookieFrom(callback.headers['set-cookie']);
    expect(session).toMatch(/session_token=/);

    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: session },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'ada-1815@provider.example',
      firstName: 'Ada',
      lastName: 'Lovelace',
      name: 'Ada Lovelace',
      username: 'countess',
      profileImageUrl: 'https://img.provider.example/ada.png',
    });
  });

  it('refuses a callback whose state does not match the browser that started it', async () => {
    const start = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: {
        provider: 'google',
        callbackURL: '/auth/callback',
        errorCallbackURL: '/auth/callback',
      },
    });
    const back = await atProvider((start.json() as { url: string }).url, 'mallory');
    const callback = await t.app.inject({ method: 'GET', url: back.pathname + back.search });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(/error=/);
    expect(cookieFrom(callback.headers['set-cookie'])).not.toMatch(/session_token=[^;]+/);
  });
});
