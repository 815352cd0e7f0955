import { Badge } from '@kit/ui/badge';
import { useToast } from '@kit/ui/toast';
import { useResendVerification } from '../api/account-links';

/** Whether the profile's address is verified; when not, a way to have the link sent again. */
export function EmailVerification({ verified }: { verified: boolean }) {
  const { toast } = useToast();
  const resend = useResendVerification();
  if (verified) return <Badge variant="success">Verified</Badge>;
  return (
    <>
      <Badge variant="warning">Not verified</Badge>{' '}
      <button
        type="button"
        className="link small"
        disabled={resend.isPending}
        onClick={() =>
          resend.mutate(undefined, {
            onSuccess: (answer) => toast({ title: 'Verification link sent', description: answer.message ?? '', variant: 'success' }),
            onError: (error) => toast({ title: 'Could not send the link', description: error.message, variant: 'destructive' }),
          })
        }
      >
        {resend.isPending ? 'Sending…' : 'Resend verification link'}
      </button>
    </>
  );
}
