/** The photo of a bill's receipt (the stored scan), from the owner-only image route. */
export const receiptImageUrl = (receiptId: string) =>
  `/api/receipts/${encodeURIComponent(receiptId)}/image`;
