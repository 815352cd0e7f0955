import { statusLabel } from '../types';

export function StatusBadge({ status }: { status: string }) {
  return (
    <span className={`status status--${status || 'unknown'}`} data-testid="order-status">
      {statusLabel(status)}
    </span>
  );
}
