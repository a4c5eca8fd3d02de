// The one api client (capture-split-history.md §7, §8): JSON, credentials, a bearer token when a
// session token is stored, and a non-OK answer raised as `<status>: <body or status text>`.

export const SESSION_STORAGE_KEY = 'fairshare.auth.session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: string,
    readonly data: unknown,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }

  /** The user-facing message from the server's JSON error body, if there is one. */
  get serverMessage(): string | undefined {
    if (this.data && typeof this.data === 'object' && 'message' in this.data) {
      const m = (this.data as { message: unknown }).message;
      return typeof m === 'string' ? m : undefined;
    }
    return undefined;
  }
}

/** Thrown when the request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  constructor() {
    super('Network connection failed - please check your internet connection');
    this.name = 'NetworkError';
  }
}

let unauthorizedHandler: (() => void) | null = null;

/** The one place that reacts to a 401 (payments-accounts.md §8), set once by the app. */
export function setUnauthorizedHandler(handler: (() => void) | null) {
  unauthorizedHandler = handler;
}

export function storedAccessToken(): string | null {
  try {
    const raw = localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as { access_token?: unknown };
    return typeof parsed.access_token === 'string' ? parsed.access_token : null;
  } catch {
    return null;
  }
}

export async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const text = (await res.text().catch(() => '')) || res.statusText;
  let data: unknown = null;
  try {
    data = JSON.parse(text);
  } catch {
    // not JSON: the text itself is the body
  }
  throw new ApiError(res.status, text, data);
}

/** Calls the API and returns the parsed JSON (undefined for an empty answer). */
export async function apiRequest<T = unknown>(
  method: string,
  url: string,
  body?: unknown,
  init: {
    signal?: AbortSignal;
    /** A 401 is an expected answer here (sign-in, "who am I"). */ allowUnauthorized?: boolean;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const token = storedAccessToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const isForm = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !isForm) headers['content-type'] = 'application/json';

  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : isForm ? body : JSON.stringify(body),
      signal: init.signal,
    });
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new NetworkError();
  }
  if (res.status === 401 && !init.allowUnauthorized) unauthorizedHandler?.();
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

export interface UploadOptions {
  signal?: AbortSignal;
  /** Called as the body goes out: bytes sent so far and the total (0 when unknown). */
  onUploadProgress?: (sent: number, total: number) => void;
  /** Called once the whole body has been sent and the server is working on it. */
  onUploaded?: () => void;
}

/**
 * Posts a multipart form and returns the parsed JSON, like apiRequest (credentials, bearer token,
 * `<status>: <body>` errors, the one 401 handler), but over XMLHttpRequest: fetch cannot report
 * upload progress, and a phone photo on a slow connection takes long enough to need it.
 */
export function apiUpload<T = unknown>(
  url: string,
  form: FormData,
  { signal, onUploadProgress, onUploaded }: UploadOptions = {},
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('accept', 'application/json');
    const token = storedAccessToken();
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);

    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);

    xhr.upload.onprogress = (e) => onUploadProgress?.(e.loaded, e.lengthComputable ? e.total : 0);
    xhr.upload.onload = () => onUploaded?.();
    xhr.onerror = () => {
      done();
      reject(new NetworkError());
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was aborted', 'AbortError'));
    };
    xhr.onload = () => {
      done();
      const text = xhr.responseText;
      if (xhr.status < 200 || xhr.status >= 300) {
        if (xhr.status === 401) unauthorizedHandler?.();
        let data: unknown = null;
        try {
          data = JSON.parse(text);
        } catch {
          // not JSON: the text itself is the body
        }
        reject(new ApiError(xhr.status, text || xhr.statusText, data));
        return;
      }
      try {
        resolve((text ? JSON.parse(text) : undefined) as T);
      } catch {
        reject(new ApiError(xhr.status, text, null));
      }
    };
    xhr.send(form);
  });
}
