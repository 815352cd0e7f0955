import type { LiveState } from '../api/use-live-feed';

const LABEL: Record<LiveState, string> = { live: 'Live', connecting: 'Connecting…', offline: 'Offline — reconnecting' };

export function LiveIndicator({ state }: { state: LiveState }) {
  return (
    <span
      className={`live live-${state}`}
      data-testid="live-indicator"
      data-state={state}
      title={state === 'live' ? 'Live updates connected' : 'Live updates not connected'}
    >
      <span className="live-dot" aria-hidden />
      {LABEL[state]}
    </span>
  );
}
