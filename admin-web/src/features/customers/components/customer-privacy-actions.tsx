import { useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { useToast } from '@kit/ui/toast';
import { downloadCustomerData, useEraseCustomer } from '../api/customer-privacy';
import type { AdminCustomer } from '../api/get-customers';

const REASON_REQUIRED = 'A reason is required';

/**
 * A customer's personal-data requests: "Export data" downloads what the store holds about them as JSON;
 * "Erase personal data" asks for the reason (recorded in PersonalDataErased) and a confirmation, then erases them.
 */
export function CustomerPrivacyActions({ customer, onErased }: { customer: AdminCustomer; onErased: () => void }) {
  const { toast } = useToast();
  const erase = useEraseCustomer();
  const [exporting, setExporting] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');

  const exportData = async () => {
    setExporting(true);
    try {
      await downloadCustomerData(customer.id);
    } catch (failure) {
      toast({ title: 'Error', description: (failure as Error).message, variant: 'destructive' });
    } finally {
      setExporting(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setError(REASON_REQUIRED);
    setError('');
    erase.mutate(
      { id: customer.id, reason: reason.trim() },
      {
        onSuccess: (answer) => {
          toast({ title: answer.message, description: `Tax invoices kept for 72 months: ${answer.retainedInvoices}` });
          setConfirming(false);
          onErased();
        },
        onError: (failure) => setError((failure as Error).message),
      },
    );
  };

  return (
    <>
      <div className="row-actions">
        <Button size="sm" variant="outline" disabled={exporting} onClick={exportData}>
          {exporting ? 'Preparing…' : 'Export data'}
        </Button>
        <Button size="sm" variant="danger" onClick={() => (setReason(''), setError(''), setConfirming(true))}>
          Erase personal data
        </Button>
      </div>
      <Dialog
        open={confirming}
        onOpenChange={(open) => !open && !erase.isPending && setConfirming(false)}
        title="Erase personal data"
        description={`${customer.full_name || customer.email}: name, contact details, addresses, wishlist and reviews' text are erased for good and every session ends. Orders keep their amounts and items; tax invoices are kept 72 months.`}
      >
        <form className="form" onSubmit={submit} noValidate>
          <label>
            <span>Reason (recorded with the erasure)</span>
            <textarea value={reason} onChange={(e) => setReason(e.target.value)} rows={3} maxLength={500} aria-invalid={error ? true : undefined} />
          </label>
          {error && (
            <p className="error-text" role="alert">
              {error}
            </p>
          )}
          <div className="row-actions">
            <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(false)} disabled={erase.isPending}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" size="sm" disabled={erase.isPending}>
              {erase.isPending ? 'Erasing…' : 'Erase'}
            </Button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
