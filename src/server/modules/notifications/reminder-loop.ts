import type { NotificationsService } from './service';

/** How often each process looks for reminders due: a reminder goes at most this late. */
export const REMINDER_CHECK_MS = 60_000;

/**
 * Runs the due bill reminders every minute in this process. Every process may run it: the job
 * table's row locks (service.runDueReminders) send each reminder once.
 */
export function startReminderLoop(
  service: NotificationsService,
  log: { warn: (o: object, m: string) => void },
  intervalMs = REMINDER_CHECK_MS,
): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = service
      .runDueReminders()
      .catch((err: unknown) => log.warn({ err }, 'the bill reminders check failed'))
      .finally(() => (running = null));
  };
  const every = setInterval(run, intervalMs);
  every.unref();
  return async () => {
    stopped = true;
    clearInterval(every);
    await running;
  };
}
