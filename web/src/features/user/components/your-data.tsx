import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { FormActions } from '../../../components/ui/form-actions';
import { FormError } from '../../../components/ui/form-error';
import { useToast } from '@kit/ui/toast';
import { useAuth } from '../../../lib/auth/auth-provider';
import { downloadMyData, useDeleteAccount } from '../api/privacy';

/** The Profile tab's "Your data": download everything as JSON, or delete the account (password + typed DELETE). */
export function YourData() {
  const { toast } = useToast();
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [currentPassword, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadMyData();
    } catch (failure) {
      toast({ title: (failure as Error).message || 'Download failed', variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!currentPassword) return setError('Current password is required to delete your account');
    if (confirm !== 'DELETE') return setError('Type DELETE to confirm');
    setError('');
    remove.mutate(
      { currentPassword, confirm },
      {
        onSuccess: async (answer) => {
          toast({ title: answer.message, variant: 'success' });
          await signOut();
          navigate('/', { replace: true });
        },
        onError: (failure) => setError(failure.message || 'Failed to delete your account'),
      },
    );
  };

  return (
    <section className="card panel" aria-labelledby="your-data-title">
      <h2 id="your-data-title">Your data</h2>
      <p className="muted small">
        What we keep, why and for how long: <Link to="/privacy">Privacy Policy</Link>.
      </p>
      <div className="row">
        <button type="button" className="button button--outline" onClick={download} disabled={downloading}>
          {downloading ? 'Preparing…' : 'Download my data'}
        </button>
        {!open && (
          <button type="button" className="button button--ghost" onClick={() => setOpen(true)}>
            Delete account
          </button>
        )}
      </div>
      {open && (
        <form onSubmit={submit} noValidate aria-labelledby="delete-account-title">
          <h3 id="delete-account-title">Delete account</h3>
          <p className="small">
            Your name, contact details, addresses, wishlist and reviews' text are erased for good and you are signed out everywhere. Orders stay as amounts and
            items; tax invoices are kept 72 months as the law requires.
          </p>
          <div className="form-grid">
            <label className="field">
              <span className="field__label">Current password</span>
              <input type="password" value={currentPassword} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
            </label>
            <label className="field">
              <span className="field__label">Type DELETE to confirm</span>
              <input type="text" value={confirm} onChange={(e) => setConfirm(e.target.value)} autoComplete="off" />
            </label>
          </div>
          <FormError message={error} />
          <FormActions
            label="Delete my account"
            pending={remove.isPending}
            pendingLabel="Deleting…"
            onCancel={() => {
              setOpen(false);
              setPassword('');
              setConfirm('');
              setError('');
            }}
          />
        </form>
      )}
    </section>
  );
}
