import { Plus } from 'lucide-react';
import { AppHeader } from '../../components/app-header';
import { BottomNav } from '../../components/bottom-nav';
import { useReceiptPicker } from '../../components/receipt-picker';
import { Button } from '../../components/ui/button';
import { HowPaymentLinksWork } from '../../features/get-paid/components/how-payment-links-work';
import { PaymentRequestsList } from '../../features/get-paid/components/payment-requests-list';

/**
 * /payments (payments-accounts.md §2 Payments tab): a new bill, the recent payment links and how
 * they work. 'New Bill Split' starts a bill as the add button does: a receipt photo first.
 */
export function PaymentsScreen() {
  const picker = useReceiptPicker();
  return (
    <div className="min-h-dvh pb-28">
      <AppHeader />
      <main className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 pt-4">
        <div className="flex items-center justify-between gap-3">
          <h1 className="text-2xl font-bold">Payments</h1>
          <Button onClick={picker.open}>
            <Plus aria-hidden className="size-5" />
            New Bill Split
          </Button>
          {picker.input}
        </div>

        <section aria-labelledby="recent-links">
          <h2 id="recent-links" className="mb-3 text-lg font-semibold">
            Recent Payment Links
          </h2>
          <PaymentRequestsList />
        </section>

        <HowPaymentLinksWork />
      </main>
      <BottomNav />
    </div>
  );
}
