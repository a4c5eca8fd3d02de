import type { PaymentsConfig } from '../../config';
import type { PaymentProvider } from './provider';
import { createSandboxProvider } from './sandbox';

/** The provider the configuration names (config.ts has already checked its keys). */
export function paymentProviderFor(config: PaymentsConfig, publicUrl: string): PaymentProvider {
  switch (config.provider) {
    case 'sandbox':
      return createSandboxProvider(publicUrl);
    case 'stripe':
      throw new Error('The Stripe adapter is not wired in yet');
  }
}
