import { useState, type FormEvent } from 'react';
import { useToast } from '@kit/ui/toast';

interface Failure {
  /** The toast's title when the server refuses (the spec's 'Sign In Failed', 'Sign Up Failed'). */
  title: string;
  /** The words shown on the form and in the toast for what the call threw. */
  describe(err: unknown): string;
}

/**
 * The submit of the sign-in and sign-up forms: the browser's check first (its message on the form's error line, no
 * call), then the call with the button busy; a refusal shows on the error line and as a destructive toast.
 */
export function useAuthForm(failure: Failure) {
  const { toast } = useToast();
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const onSubmit = (check: () => string | null, call: () => Promise<void>) => async (event: FormEvent) => {
    event.preventDefault();
    const problem = check();
    if (problem) {
      setError(problem);
      return;
    }
    setError('');
    setBusy(true);
    try {
      await call();
    } catch (err) {
      const message = failure.describe(err);
      setError(message);
      toast({ title: failure.title, description: message, variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return { error, busy, onSubmit };
}
