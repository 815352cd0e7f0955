import { useEffect, useRef } from 'react';

/**
 * A form's error line, announced (role alert) and brought into view when it appears or changes: on a phone
 * the submit button sits below the fold, and an error shown above it would otherwise go unseen.
 */
export function FormError({ message }: { message: string }) {
  const ref = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || !message) return;
    const box = el.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) el.scrollIntoView({ block: 'center' });
  }, [message]);
  if (!message) return null;
  return (
    <p ref={ref} className="form-error" role="alert">
      {message}
    </p>
  );
}
