import { errorMessage } from '../../lib/error-message';
import { isUnauthorized } from '../../lib/api';
import { toast } from './use-toast';

/** Shows a failed call as a destructive toast, unless it was a 401 (already handled app-wide). */
export function reportError(err: unknown, title: string, fallback: string) {
  if (isUnauthorized(err)) return;
  toast({ variant: 'destructive', title, description: errorMessage(err, fallback) });
}
