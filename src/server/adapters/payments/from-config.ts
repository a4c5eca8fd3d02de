import type { PaymentsConfig } from '../../config';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';
import { createStripeProvider } from './stripe';

/** The provider the configuration names (config.ts has already checked its keys). */
export function paymentProviderFor(config: PaymentsConfig, publicUrl: string): PaymentProvider {
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
