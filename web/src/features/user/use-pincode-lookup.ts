import { useEffect, useState } from 'react';
import { useToast } from '@kit/ui/toast';
import { lookupPincode } from './api/lookup-pincode';

/** A 6-character pincode triggers a lookup that fills city and state. */
export function usePincodeLookup(pincode: string, onFound: (city: string, state: string) => void) {
  const { toast } = useToast();
  const [status, setStatus] = useState<'idle' | 'loading' | 'found' | 'failed'>('idle');
  useEffect(() => {
    if (pincode.length !== 6) {
      setStatus('idle');
      return;
    }
    let cancelled = false;
    setStatus('loading');
    lookupPincode(pincode)
      .then((data) => {
        if (cancelled) return;
        if (data.success && data.city) {
          onFound(data.city, data.state);
          setStatus('found');
        } else {
          setStatus('failed');
          toast({ title: 'Invalid Pincode', description: 'We could not find this pincode.', variant: 'destructive' });
        }
      })
      .catch((error: { status?: number }) => {
        if (cancelled) return;
        setStatus('failed');
        if (error.status === 400 || error.status === 404)
          toast({ title: 'Invalid Pincode', description: 'We could not find this pincode.', variant: 'destructive' });
        else toast({ title: 'Failed to fetch pincode data', description: 'Please enter city and state manually.', variant: 'destructive' });
      });
    return () => {
      cancelled = true;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pincode]);
  return status;
}
