import { useState, type FormEvent } from 'react';
import { FormActions } from '../../../components/ui/form-actions';
import { FormError } from '../../../components/ui/form-error';
import { useToast } from '@kit/ui/toast';
import { useChangePassword } from '../api/change-password';
import { validatePasswordChange, type PasswordChangeForm } from '../password-rules';

const EMPTY: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** The Profile tab's Change Password: current, new and confirm. */
export function ChangePasswordForm() {
  const { toast } = useToast();
  const change = useChangePassword();
  const [open, setOpen] = useState(false);
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState('');
  const set = (key: keyof PasswordChangeForm) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [key]: e.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = validatePasswordChange(form);
    setError(problem ?? '');
    if (problem) return;
    change.mutate(
      { currentPassword: form.currentPassword, newPassword: form.newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password changed successfully', variant: 'success' });
          setForm(EMPTY);
          setOpen(false);
        },
        onError: (failure) => setError(failure.message || 'Failed to change password'),
      },
    );
  };

  if (!open) {
    return (
      <button type="button" className="button button--outline" onClick={() => setOpen(true)}>
        Change Password
      </button>
    );
  }
  return (
    <form className="card panel" onSubmit={submit} noValidate aria-labelledby="change-password-title">
      <h2 id="change-password-title">Change Password</h2>
      <div className="form-grid">
        <label className="field form-grid__wide">
          <span className="field__label">Current password</span>
          <input type="password" value={form.currentPassword} onChange={set('currentPassword')} autoComplete="current-password" />
        </label>
        <label className="field">
          <span className="field__label">New password</span>
          <input type="password" value={form.newPassword} onChange={set('newPassword')} autoComplete="new-password" />
        </label>
        <label className="field">
          <span className="field__label">Confirm new password</span>
          <input type="password" value={form.confirmPassword} onChange={set('confirmPassword')} autoComplete="new-password" />
        </label>
      </div>
      <FormError message={error} />
      <FormActions
        label="Update Password"
        pending={change.isPending}
        onCancel={() => {
          setOpen(false);
          setForm(EMPTY);
          setError('');
        }}
      />
    </form>
  );
}
