import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createQueryClient } from '../lib/query-client';

let client: QueryClient | undefined;

/**
 * A friend screen still read through TanStack Query (the checkout's outcome and the sandbox's
 * pages), given its client: loaded with the screen, so the payer's and join pages do without it.
 */
export function withQueryClient(Screen: ComponentType): ComponentType {
  return function WithQueryClient() {
    client ??= createQueryClient();
    return (
      <QueryClientProvider client={client}>
        <Screen />
      </QueryClientProvider>
    );
  };
}
