// The get-paid feature's query keys: the Payments tab's list and each bill's links.
export const paymentsKeys = {
  all: ['/api/payment-links'] as const,
  requests: () => [...paymentsKeys.all, 'requests'] as const,
  bill: (billId: string) => [...paymentsKeys.all, 'bill', billId] as const,
};
