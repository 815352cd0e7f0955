import { useId } from 'react';
import type { DateWindow } from '../api/reconcile-revenue';

/** From and To India dates (YYYY-MM-DD, both inclusive), labelled, for one audit card. */
export function DateWindowFields({ value, onChange }: { value: DateWindow; onChange: (next: DateWindow) => void }) {
  const id = useId();
  return (
    <>
      <label htmlFor={`${id}-from`}>
        From
        <input id={`${id}-from`} type="date" value={value.from} onChange={(event) => onChange({ ...value, from: event.target.value })} />
      </label>
      <label htmlFor={`${id}-to`}>
        To
        <input id={`${id}-to`} type="date" value={value.to} onChange={(event) => onChange({ ...value, to: event.target.value })} />
      </label>
    </>
  );
}
