import { orderStatusLabel, orderStatusTone, type Reader } from './statuses.js';

/** An order status in its colour (shared-web/styles/kit.css tones), labelled for its reader. */
export function StatusBadge({ status, reader, testId }: { status: string; reader: Reader; testId?: string }) {
  const key = (status ?? '').toLowerCase();
  return (
    <span className={`status tone-${orderStatusTone(key)}`} data-status={key || 'unknown'} data-testid={testId}>
      {orderStatusLabel(key, reader)}
    </span>
  );
}
