import { ApiError, NetworkError } from './api';

/** The message to show a user for a failed call: the server's own words when it gave some. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.status === 503) return 'Service temporarily unavailable - please try again';
    return err.serverMessage ?? fallback;
  }
  if (err instanceof NetworkError) return err.message;
  return fallback;
}
