import * as RadixToast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}
interface ToastItem extends ToastInput {
  id: number;
}

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);
let nextId = 1;
const MAX_VISIBLE = 3;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const show = useCallback((toast: ToastInput) => {
    setToasts((current) => [...current, { ...toast, id: nextId++ }].slice(-MAX_VISIBLE));
  }, []);
  const remove = (id: number) => setToasts((current) => current.filter((t) => t.id !== id));
  return (
    <ToastContext.Provider value={show}>
      <RadixToast.Provider duration={5000} swipeDirection="right">
        {children}
        {toasts.map((toast) => (
          <RadixToast.Root key={toast.id} className={`toast toast-${toast.variant ?? 'default'}`} onOpenChange={(open) => !open && remove(toast.id)} type={toast.variant === 'destructive' ? 'foreground' : 'background'}>
            <RadixToast.Title className="toast-title">{toast.title}</RadixToast.Title>
            {toast.description && <RadixToast.Description className="toast-description">{toast.description}</RadixToast.Description>}
            <RadixToast.Close className="toast-close" aria-label="Dismiss">
              ×
            </RadixToast.Close>
          </RadixToast.Root>
        ))}
        <RadixToast.Viewport className="toast-viewport" />
      </RadixToast.Provider>
    </ToastContext.Provider>
  );
}

export function useToast() {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside ToastProvider');
  return useMemo(() => ({ toast: show }), [show]);
}
