import {
  billEventDataSchemas,
  type BillEventData,
  type BillEventType,
} from '../../../contracts/live';
import type { Db } from '../../db/client';
import { insertBillEvent, insertBillEvents } from './repo';

/**
 * Records a change to a bill in the caller's transaction (`tx`: the transaction's handle): the
 * event is numbered after the bill's last one and reaches every stream of the bill, in every
 * process, once the transaction commits; never if it rolls back. Call it last in the transaction:
 * it locks the bill's event counter until the end. Returns the event's number.
 */
export async function recordBillEvent<T extends BillEventType>(
  tx: Db,
  billId: string,
  type: T,
  data: BillEventData<T>,
): Promise<number> {
  // A programming error, not the user's: a shape the contract does not know is never stored.
  const parsed = billEventDataSchemas[type].parse(data) as Record<string, unknown>;
  return insertBillEvent(tx, billId, type, parsed);
}

/**
 * Records several changes of one type to a bill in one statement (recordBillEvent for each, in
 * order): a batch of picks stored together. Returns their numbers.
 */
export async function recordBillEvents<T extends BillEventType>(
  tx: Db,
  billId: string,
  type: T,
  data: readonly BillEventData<T>[],
): Promise<number[]> {
  const events = data.map((d) => ({
    type,
    data: billEventDataSchemas[type].parse(d) as Record<string, unknown>,
  }));
  return insertBillEvents(tx, billId, events);
}
