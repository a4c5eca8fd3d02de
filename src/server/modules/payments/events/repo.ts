import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { providerEvents } from '../../../db/schema';

// Provider events: each claimed once, by inserting it first on its unique key, then marked with
// how it ended (applied, or why it changed nothing).

export function createEventsRepo(db: Db) {
  const key = (provider: string, eventId: string) =>
    and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId));
  return {
    /** True for the one delivery that inserts the event; every other one (at once or later) is a duplicate. */
    async claim(provider: string, eventId: string, type: string): Promise<boolean> {
      const rows = await db
        .insert(providerEvents)
        .values({ provider, eventId, type })
        .onConflictDoNothing()
        .returning({ id: providerEvents.eventId });
      return rows.length === 1;
    },

    async finish(provider: string, eventId: string, outcome: string, detail: string | null) {
      await db.update(providerEvents).set({ outcome, detail }).where(key(provider, eventId));
    },

    /** Gives up a claim whose work failed, so that the provider's retry is done. */
    async release(provider: string, eventId: string) {
      await db.delete(providerEvents).where(key(provider, eventId));
    },
  };
}

export type EventsRepo = ReturnType<typeof createEventsRepo>;
