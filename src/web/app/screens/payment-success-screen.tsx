import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useConfirmPayment } from '../../features/payer/api/confirm-payment';
import { payQueryKeys } from '../../features/payer/api/keys';
import { usePaymentSession } from '../../features/payer/api/payment-session';
import { PayLoading, PaymentErrorState } from '../../features/payer/components/pay-states';
import { PaymentReceipt } from '../../features/payer/components/payment-receipt';
import {
  ConfirmingState,
  GenericSuccessState,
  PaymentProblemState,
  StillConfirmingState,
  WaitingForBankState,
} from '../../features/payer/components/success-states';
import { formatPence, toPence } from '../../../domain/money';
import { checkoutLoadMessage } from '../../features/payer/model/load-errors';
import {
  clearPaymentContext,
  readPaymentContext,
} from '../../features/payer/model/payment-context';
import {
  BANK_POLL_LIMIT,
  CONFIRM_POLL_LIMIT,
  successMode,
} from '../../features/payer/model/success-mode';
import { errorMessage } from '../../lib/error-message';

export const INTENT_NOT_FOUND = 'Payment intent not found. Please refresh the page and try again.';

/**
 * /payment-success (payments-accounts.md §2): the receipt of a checkout session, the two-step
 * flow's payment intent confirmed on return, or a generic success.
 */
export function PaymentSuccessScreen() {
  const search = useSearch();
  const mode = useMemo(() => successMode(search), [search]);
  const [, navigate] = useLocation();
  const done = () => {
    clearPaymentContext();
    navigate('/');
  };

  if (mode.kind === 'session') return <SessionReceipt sessionId={mode.sessionId} onDone={done} />;
  if (mode.kind === 'intent')
    return <IntentReceipt paymentIntentId={mode.paymentIntentId} onDone={done} />;
  if (mode.kind === 'intent_failed')
    return (
      <PaymentProblemState
        title="Payment not completed"
        message="Your card provider did not complete this payment, so no money was taken. Please try again."
        token={readPaymentContext()?.token ?? null}
        onDone={done}
      />
    );
  return <GenericSuccessState onDone={done} />;
}

/** A payment found by its checkout session (or payment intent) id, looked at until it settles. */
function SessionReceipt({ sessionId, onDone }: { sessionId: string; onDone: () => void }) {
  const session = usePaymentSession(sessionId);
  const client = useQueryClient();
  // Read on every render, before branching: TanStack re-renders only for what was read, and an
  // unchanged answer changes nothing read below but the count of answers, which decides when
  // "Confirming" becomes "Still confirming". Each poll flips isFetching, so each one re-renders.
  const checking = session.isFetching;
  if (session.isPending) return <PayLoading label="Loading your receipt" />;
  if (session.isError) return <PaymentErrorState message={checkoutLoadMessage(session.error)} />;
  const data = session.data;
  const answers = client.getQueryState(payQueryKeys.session(sessionId))?.dataUpdateCount ?? 0;
  if (data.status === 'processing')
    return (
      <WaitingForBankState
        amount={formatPence(toPence(data.amount))}
        bankName={data.bankName}
        recipientName={data.recipientName}
        gaveUp={answers >= BANK_POLL_LIMIT}
        checking={checking}
        onCheckAgain={() => void session.refetch()}
        onDone={onDone}
        testMode={data.testMode}
      />
    );
  if (data.status === 'open') {
    if (answers < CONFIRM_POLL_LIMIT) return <ConfirmingState testMode={data.testMode} />;
    return (
      <StillConfirmingState
        testMode={data.testMode}
        checking={checking}
        onCheckAgain={() => void session.refetch()}
        onDone={onDone}
      />
    );
  }
  if (data.status === 'succeeded') return <PaymentReceipt session={data} onDone={onDone} />;
  if (data.status === 'refunded')
    return (
      <PaymentProblemState
        title="Payment refunded"
        message={data.message ?? 'This payment was refunded in full.'}
        token={null}
        onDone={onDone}
        testMode={data.testMode}
      />
    );
  // A bank's refusal (or an expired checkout) says so, and that the share is free to pay again.
  if (data.method === 'bank' && data.status === 'failed')
    return (
      <PaymentProblemState
        title="Your bank did not approve this payment"
        message={`${data.message ?? 'Nothing was taken.'} Your share is open again: you can pay by card, or try your bank again.`}
        token={data.token}
        onDone={onDone}
        testMode={data.testMode}
      />
    );
  return (
    <PaymentProblemState
      title="Payment not completed"
      message="This payment did not go through, so no money was taken. Please try again."
      token={data.token}
      onDone={onDone}
      testMode={data.testMode}
    />
  );
}

/** The two-step flow: the payment intent confirmed with the stored link's token, then its receipt. */
function IntentReceipt({
  paymentIntentId,
  onDone,
}: {
  paymentIntentId: string;
  onDone: () => void;
}) {
  const [context] = useState(readPaymentContext);
  const token = context?.token ?? '';
  const confirm = useConfirmPayment(token, paymentIntentId, !!token);
  const client = useQueryClient();
  // Read before branching, as in SessionReceipt: each poll re-renders, so the answers are counted.
  const checking = confirm.isFetching;
  const succeeded = confirm.data?.status === 'succeeded';
  const receipt = usePaymentSession(paymentIntentId, succeeded);

  if (!token) return <PaymentErrorState message={INTENT_NOT_FOUND} />;
  if (confirm.isPending) return <ConfirmingState />;
  if (confirm.isError)
    return <PaymentErrorState message={errorMessage(confirm.error, INTENT_NOT_FOUND)} />;
  const testMode = confirm.data.paymentLink.testMode;
  if (confirm.data.status === 'failed')
    return (
      <PaymentProblemState
        title="Payment not completed"
        message="This payment did not go through, so no money was taken. Please try again."
        token={token}
        onDone={onDone}
        testMode={testMode}
      />
    );
  if (!succeeded) {
    const answers =
      client.getQueryState(payQueryKeys.confirm(token, paymentIntentId))?.dataUpdateCount ?? 0;
    if (answers < CONFIRM_POLL_LIMIT) return <ConfirmingState testMode={testMode} />;
    return (
      <StillConfirmingState
        testMode={testMode}
        checking={checking}
        onCheckAgain={() => void confirm.refetch()}
        onDone={onDone}
      />
    );
  }
  if (receipt.isPending) return <PayLoading label="Loading your receipt" />;
  // Confirmed, but the receipt could not be read: the payment stands, so say so plainly.
  if (receipt.isError || receipt.data.status !== 'succeeded')
    return <GenericSuccessState onDone={onDone} />;
  return <PaymentReceipt session={receipt.data} onDone={onDone} />;
}
