import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { toast } from '../../../components/ui/use-toast';
import { activityKeys } from '../../../entities/activity/api/activity';
import { isUnauthorized } from '../../../lib/api';
import { billsKeys } from '../../../entities/bill/api/keys';
import { fetchConnectStatus } from '../../../entities/payout-account/api/payout-account';
import type { SummaryData } from '../../../entities/bill/model/summary-data';
import { createPaymentLinks } from '../api/create-payment-links';
import { paymentsKeys } from '../api/keys';
import {
  BILL_CREATE_FAILED,
  linksFailure,
  NO_LINKS_CREATED,
  NO_PARTICIPANTS,
  type ToastText,
} from '../model/get-paid-messages';
import { friendSharesOfSummary, linksRequestFromSummary } from '../model/links-request';
import { qrDataFromLinks, saveQrPaymentData } from '../model/qr-data';

export type GetPaidSource =
  | {
      kind: 'summary';
      summary: SummaryData;
      /** Stores the split (links make it 'active'); resolves with its id and the name saved under. */
      createBill: () => Promise<{ id: string; name: string }>;
      /** The split is now a stored bill: forget the working split (as Done does). */
      onBillCreated: (billId: string) => void;
    }
  | { kind: 'bill'; billId: string; billName: string; friendCount: number };

const showError = (text: ToastText) => toast({ variant: 'destructive', ...text });

/**
 * 'Covered the bill? Get paid back' (payments-accounts.md §4 Get-paid flow): check the payout
 * account (incomplete, or the check failing, opens the onboarding dialog); from the summary, store
 * the bill; ask for a link per friend (the bill becomes active); keep them for /qr-payment.
 */
export function useGetPaid() {
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const [pending, setPending] = useState(false);
  const [onboardingOpen, setOnboardingOpen] = useState(false);
  // A second tap while the first is under way must not make a second bill.
  const running = useRef(false);

  async function run(source: GetPaidSource) {
    const friends =
      source.kind === 'summary' ? friendSharesOfSummary(source.summary).length : source.friendCount;
    if (friends === 0) return showError(NO_PARTICIPANTS);

    let connected: boolean;
    try {
      connected = await fetchConnectStatus();
    } catch (err) {
      if (isUnauthorized(err)) return;
      connected = false;
    }
    if (!connected) return setOnboardingOpen(true);

    let billId: string;
    let billName: string;
    if (source.kind === 'summary') {
      try {
        ({ id: billId, name: billName } = await source.createBill());
      } catch (err) {
        if (!isUnauthorized(err)) showError(BILL_CREATE_FAILED);
        return;
      }
      source.onBillCreated(billId);
    } else {
      ({ billId, billName } = source);
    }

    const refresh = () =>
      Promise.all([
        client.invalidateQueries({ queryKey: billsKeys.all }),
        client.invalidateQueries({ queryKey: activityKeys.all }),
        client.invalidateQueries({ queryKey: paymentsKeys.all }),
      ]);
    // From the summary the bill now exists: a failure from here on leaves the user on that saved
    // bill, where Get paid back can be asked again, rather than on a summary that would save twice.
    const fromSummary = source.kind === 'summary';
    const fail = (text?: ToastText) => {
      if (text) showError(text);
      void refresh();
      if (fromSummary) navigate(`/bill/${encodeURIComponent(billId)}`, { replace: true });
    };

    let response;
    try {
      response = await createPaymentLinks(
        source.kind === 'summary' ? linksRequestFromSummary(billId, source.summary) : { billId },
      );
    } catch (err) {
      const failure = linksFailure(err);
      if (failure.kind === 'unauthorized') return;
      if (failure.kind === 'onboarding') {
        if (!fromSummary) return setOnboardingOpen(true);
        return fail({
          title: 'Payment setup failed',
          description: 'Connect a bank account before asking friends to pay you back.',
        });
      }
      return fail(failure.text);
    }
    if (response.paymentLinks.length === 0) return fail(NO_LINKS_CREATED);

    client.setQueryData(paymentsKeys.bill(billId), response);
    void refresh();
    saveQrPaymentData(qrDataFromLinks(billName, response));
    navigate('/qr-payment', { replace: fromSummary });
  }

  function start(source: GetPaidSource) {
    if (running.current) return;
    running.current = true;
    setPending(true);
    void run(source).finally(() => {
      running.current = false;
      setPending(false);
    });
  }

  return { start, pending, onboardingOpen, setOnboardingOpen };
}
