import {
  pushSubscriptionBodySchema,
  type PushSubscriptionBody,
} from '../../../../contracts/notifications';

/** Whether the browser's PushSubscription.toJSON() is one the server takes. */
export const isPushSubscription = (sub: unknown): sub is PushSubscriptionBody =>
  pushSubscriptionBodySchema.safeParse(sub).success;
