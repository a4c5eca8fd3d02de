import { queryOptions, useQuery } from '@tanstack/react-query';
import { billDetailSchema, type BillDetail } from '../../../../contracts/bills';
import { apiRequest, ApiError } from '../../../lib/api';
import { BILLS_STALE_TIME, billsKeys } from '../../../entities/bill/api/keys';

export const billDetailQuery = (id: string) =>
  queryOptions({
    queryKey: billsKeys.detail(id),
    queryFn: async ({ signal }): Promise<BillDetail> => {
      const raw = await apiRequest('GET', `/api/bills/${encodeURIComponent(id)}`, undefined, {
        signal,
      });
      return billDetailSchema.parse(raw);
    },
    staleTime: BILLS_STALE_TIME,
    retry: false,
  });

export function useBillDetail(id: string) {
  return useQuery(billDetailQuery(id));
}

export const BILL_NOT_FOUND_MESSAGE = 'Bill not found - it may have been deleted';
export const BILL_SERVER_ERROR_MESSAGE = 'Server error loading bill data';

/** The spec's load error texts (§8): 404 and 5xx have their own words; anything else is generic. */
export function billLoadErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 404 || error.status === 400) return BILL_NOT_FOUND_MESSAGE;
    if (error.status >= 500) return BILL_SERVER_ERROR_MESSAGE;
  }
  return 'Could not load this bill - please try again';
}

/** A 400 is an id the server cannot even look up: as missing as a 404. */
export const isBillNotFound = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 400);
