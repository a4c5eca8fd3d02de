import { toast } from '../components/ui/use-toast';
import { ApiError, isUnauthorized, NetworkError } from './api';

/** The message to show a user for a failed call: the server's own words when it gave some. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) {
    if (err.status === 503) return 'Service temporarily unavailable - please try again';
    return err.serverMessage ?? fallback;
  }
  if (err instanceof NetworkError) return err.message;
  return fallback;
}

/** Shows a failed call as a destructive toast, unless it was a 401 (already handled app-wide). */
export function reportError(err: unknown, title: string, fallback: string) {
  if (isUnauthorized(err)) return;
  toast({ variant: 'destructive', title, description: errorMessage(err, fallback) });
}
