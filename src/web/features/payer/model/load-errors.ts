import { PAYMENT_LINK_NOT_FOUND } from '../../../../contracts/constants';
import { ApiError, NetworkError } from '../../../lib/api';

// The payer pages' load failures, in the spec's words (payments-accounts.md §8). Every payer screen
// shows them under the title 'Payment Error' with a way home.

export const PAYMENT_ERROR_TITLE = 'Payment Error';
export const LINK_SERVER_ERROR = 'Server error - please try again in a moment';
export const BILL_SERVER_ERROR = 'Server error loading bill data';
export const BILL_DATA_INVALID = 'Bill participants data is invalid';
export const NETWORK_FAILED = new NetworkError().message;

/** GET /api/payment-links/:token failed: 404, 5xx, the network, or any other status. */
export function linkLoadMessage(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK_FAILED;
  if (error instanceof ApiError) {
    if (error.status === 404) return PAYMENT_LINK_NOT_FOUND;
    // The bill behind the link was deleted (DECISIONS.md Managing saved bills).
    if (error.status === 410 && error.serverMessage) return error.serverMessage;
    if (error.status >= 500) return LINK_SERVER_ERROR;
    return `Unable to load payment data (${error.status})`;
  }
  // An answer that did not match the contract.
  return 'Unable to load payment data';
}

/** GET /api/payment-links/:token/bill failed: as above, with the spec's bill wording. */
export function billLoadMessage(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK_FAILED;
  if (error instanceof ApiError) {
    // The token is the key: an unknown one is a missing link, in the server's own words.
    if (error.status === 404) return error.serverMessage ?? PAYMENT_LINK_NOT_FOUND;
    if (error.status === 410 && error.serverMessage) return error.serverMessage;
    if (error.status >= 500) return BILL_SERVER_ERROR;
    return `Unable to load payment data (${error.status})`;
  }
  return BILL_DATA_INVALID;
}

/** The sandbox checkout or a payment session failed to load. */
export function checkoutLoadMessage(error: unknown): string {
  if (error instanceof NetworkError) return NETWORK_FAILED;
  if (error instanceof ApiError) {
    if (error.status === 404) return error.serverMessage ?? 'This payment was not found';
    if (error.status >= 500) return LINK_SERVER_ERROR;
    return `Unable to load payment data (${error.status})`;
  }
  return 'Unable to load payment data';
}
