import { useNavigate } from 'react-router';
import { useToast } from '@kit/ui/toast';
import { useAuth } from '../../../lib/auth/auth-provider';
import { useNotifyMeList, useNotifyMeToggle } from '../api/notify-me';

export const NOTIFY_ME_LABEL = 'Notify me when available';
export const NOTIFY_ME_STOP_LABEL = 'Stop notifying me';

/**
 * 'Notify me when available' on a product that cannot be bought now. The server renders it for everyone (a guest is
 * sent to sign in); a signed-in shopper who already asked sees that, and may take it back.
 */
export function NotifyMeButton({ productId, productName }: { productId: string; productName: string }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const { toast } = useToast();
  const navigate = useNavigate();
  const list = useNotifyMeList(userId);
  const toggle = useNotifyMeToggle(userId);
  const waiting = list.data?.includes(productId) ?? false;

  const onClick = () => {
    if (!userId) {
      toast({ title: 'Please sign in', description: 'Sign in to be told when it is available.', variant: 'destructive' });
      navigate('/login');
      return;
    }
    toggle.mutate(
      { productId, on: !waiting },
      {
        onSuccess: (answer) => toast({ title: answer.message, description: productName, variant: answer.subscribed ? 'success' : 'default' }),
        onError: (error) => toast({ title: error.message, variant: 'destructive' }),
      },
    );
  };

  return (
    <div className="notify-me" data-testid="notify-me">
      {waiting ? <p className="notify-me__note">We will e-mail you when it is available.</p> : null}
      <button
        type="button"
        className={`button ${waiting ? 'button--ghost' : 'button--primary'} button--large`}
        aria-pressed={waiting}
        disabled={toggle.isPending}
        onClick={onClick}
      >
        {waiting ? NOTIFY_ME_STOP_LABEL : NOTIFY_ME_LABEL}
      </button>
    </div>
  );
}
