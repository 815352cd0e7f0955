import type { ChangeEvent } from 'react';

type FieldChange = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;

interface LocationFieldsProps {
  pincode: string;
  city: string;
  state: string;
  onChange(key: 'pincode' | 'city' | 'state'): FieldChange;
  /** The states the select offers (sign-up and checkout lists differ: DECISIONS). */
  states: readonly string[];
  /** A pincode lookup is under way: its hint shows under the pincode. */
  lookingUp?: boolean;
  /** The address book's lookup found the place: city and state are shown read-only (left out, no read-only marks). */
  located?: boolean;
}

/** Pincode, city and state, as sign-up, checkout and the address book ask for them (one markup for the three forms). */
export function LocationFields({ pincode, city, state, onChange, states, lookingUp = false, located }: LocationFieldsProps) {
  return (
    <>
      <label className="field">
        <span className="field__label">Pincode *</span>
        <input name="pincode" inputMode="numeric" maxLength={6} value={pincode} onChange={onChange('pincode')} autoComplete="postal-code" />
        {lookingUp && <small className="field__hint">Looking up pincode…</small>}
      </label>
      <label className="field">
        <span className="field__label">City *</span>
        <input name="city" value={city} onChange={onChange('city')} autoComplete="address-level2" readOnly={located} aria-readonly={located} />
      </label>
      <label className="field">
        <span className="field__label">State *</span>
        {located ? (
          <input name="state" value={state} readOnly aria-readonly />
        ) : (
          <select name="state" value={state} onChange={onChange('state')}>
            <option value="">Select state</option>
            {states.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </select>
        )}
      </label>
    </>
  );
}
