import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { providerEvents } from '../../../db/schema';

// Provider events already handled: a webhook delivered again is answered without doing anything.

export function createEventsRepo(db: Db) {
  return {
    async eventSeen(provider: string, eventId: string): Promise<boolean> {
      const [row] = await db
        .select({ id: providerEvents.eventId })
        .from(providerEvents)
        .where(and(eq(providerEvents.provider, provider), eq(providerEvents.eventId, eventId)));
      return row !== undefined;
    },

    async recordEvent(provider: string, eventId: string, type: string) {
      await db.insert(providerEvents).values({ provider, eventId, type }).onConflictDoNothing();
    },
  };
}

export type EventsRepo = ReturnType<typeof createEventsRepo>;
