import { useQueryClient } from '@tanstack/react-query';
import { MailWarning } from 'lucide-react';
import { useState } from 'react';
import { EMAIL_NOT_VERIFIED } from '../../../../contracts/auth';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { reportError } from '../../../components/ui/report-error';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { currentUserQuery, useCurrentUser } from '../../../lib/use-current-user';
import { isEmailNotVerified, resendVerificationEmail } from '../api/payout-account';

/**
 * Connecting a payout account before the e-mail address is confirmed (Stripe provider): instead of
 * an error, a dialog that asks to confirm it first, with "Resend" for a new link. Every place that
 * starts payout onboarding passes its failure to `intercept`.
 */
export function useVerifyEmailFirst() {
  const client = useQueryClient();
  const { user } = useCurrentUser();
  const [open, setOpen] = useState(false);
  const [sending, setSending] = useState(false);

  async function resend() {
    setSending(true);
    try {
      await resendVerificationEmail();
      toast({
        variant: 'success',
        title: 'Link sent',
        description: `Open the link we sent to ${user?.email ?? 'your address'}, then connect again.`,
      });
      setOpen(false);
    } catch (err) {
      void client.invalidateQueries({ queryKey: currentUserQuery.queryKey });
      reportError(err, 'Could not send the link', 'Please try again.');
    } finally {
      setSending(false);
    }
  }

  return {
    /** True when `err` was "confirm your address first": the dialog is open, nothing else to say. */
    intercept(err: unknown): boolean {
      if (!isEmailNotVerified(err)) return false;
      setOpen(true);
      return true;
    },
    dialog: (
      <Dialog
        open={open}
        onOpenChange={(o) => !sending && setOpen(o)}
        title="Confirm your e-mail address"
        footer={
          <div className="flex flex-col gap-2">
            <Button
              size="lg"
              block
              onClick={() => void resend()}
              disabled={sending}
              aria-busy={sending}
            >
              {sending && <Spinner size="small" label="Sending" />}
              Resend
            </Button>
            <Button size="lg" block variant="ghost" onClick={() => setOpen(false)}>
              Not now
            </Button>
          </div>
        }
      >
        <div className="flex gap-3 text-muted">
          <MailWarning aria-hidden className="size-6 shrink-0 text-brand-700" />
          <p>
            {EMAIL_NOT_VERIFIED}{' '}
            {user?.email && (
              <>
                It went to <strong className="text-ink">{user.email}</strong>.
              </>
            )}
          </p>
        </div>
      </Dialog>
    ),
  };
}
