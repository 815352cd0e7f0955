import * as RadixToast from '@radix-ui/react-toast';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * The toasts of both apps, on Radix Toast: 5 s each (both specs' default), at most 3 on screen (the oldest goes),
 * swipe right to dismiss. A destructive toast is announced at once (foreground), the others politely. Each app styles
 * the classes: .toast-viewport, .toast, .toast--{variant}, .toast__title, .toast__description, .toast__close.
 */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'success' | 'destructive';
}

interface ToastItem extends ToastInput {
  id: number;
}

export const TOAST_DURATION_MS = 5000;
export const MAX_VISIBLE_TOASTS = 3;

const ToastContext = createContext<((toast: ToastInput) => void) | null>(null);
let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const show = useCallback((toast: ToastInput) => {
    setToasts((current) => [...current, { ...toast, id: nextId++ }].slice(-MAX_VISIBLE_TOASTS));
  }, []);
  const remove = (id: number) => setToasts((current) => current.filter((t) => t.id !== id));
  return (
    <ToastContext.Provider value={show}>
      <RadixToast.Provider swipeDirection="right" duration={TOAST_DURATION_MS}>
        {children}
        {toasts.map((t) => (
          <RadixToast.Root
            key={t.id}
            className={`toast toast--${t.variant ?? 'default'}`}
            type={t.variant === 'destructive' ? 'foreground' : 'background'}
            onOpenChange={(open) => !open && remove(t.id)}
            data-testid="toast"
          >
            <RadixToast.Title className="toast__title">{t.title}</RadixToast.Title>
            {t.description && <RadixToast.Description className="toast__description">{t.description}</RadixToast.Description>}
            <RadixToast.Close className="toast__close" aria-label="Close">
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
  if (!show) throw new Error('useToast must be used within a ToastProvider');
  return useMemo(() => ({ toast: show }), [show]);
}
