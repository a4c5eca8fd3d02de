import type { PaymentsConfig } from '../../config';
import { createSandboxProvider, type SandboxProvider } from './sandbox';
import { createStripeProvider, type StripeProvider } from './stripe';

/** One of the adapters, told apart by `name` (the sandbox's own pages need its own methods). */
export type ConfiguredProvider = SandboxProvider | StripeProvider;

/** The provider the configuration names (config.ts has already checked its keys). */
export function paymentProviderFor(config: PaymentsConfig, publicUrl: string): ConfiguredProvider {
  switch (config.provider) {
    case 'sandbox':
      return createSandboxProvider(publicUrl);
    case 'stripe':
      return createStripeProvider({
        secretKey: config.secretKey,
        webhookSecret: config.webhookSecrets,
        apiUrl: config.apiUrl,
      });
  }
}
