import { useState, type FormEvent } from 'react';
import { CHECKOUT_STATES } from '../../../lib/constants';
import type { Address, AddressType } from '../../../lib/profile/types';
import { usePincodeLookup } from '../use-pincode-lookup';
import { FormError } from '../../../components/ui/form-error';
import { LocationFields } from './location-fields';

export type AddressDraft = Omit<Address, 'id'>;

export const EMPTY_ADDRESS: AddressDraft = {
  name: '',
  phone: '',
  pincode: '',
  addressLine1: '',
  addressLine2: '',
  landmark: '',
  city: '',
  state: '',
  isDefault: false,
  addressType: 'Home',
};

interface AddressFormProps {
  initial?: AddressDraft;
  busy?: boolean;
  submitLabel: string;
  onSubmit(address: AddressDraft): void;
  onCancel(): void;
}

export function AddressForm({ initial = EMPTY_ADDRESS, busy, submitLabel, onSubmit, onCancel }: AddressFormProps) {
  const [form, setForm] = useState<AddressDraft>(initial);
  const [error, setError] = useState('');
  const lookup = usePincodeLookup(form.pincode, (city, state) => setForm((f) => ({ ...f, city, state })));
  const set = (key: keyof AddressDraft) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({
      ...f,
      [key]: key === 'isDefault' ? (e.target as HTMLInputElement).checked : key === 'pincode' ? e.target.value.replace(/\D/g, '').slice(0, 6) : e.target.value,
    }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.name.trim() || !form.addressLine1.trim() || !form.city.trim() || !form.state.trim() || !/^\d{6}$/.test(form.pincode)) {
      setError('Please fill in name, address, a 6-digit pincode, city and state.');
      return;
    }
    setError('');
    onSubmit(form);
  };
  return (
    <form className="address-form" onSubmit={submit} noValidate>
      <FormError message={error} />
      <div className="form-grid">
        <label className="field">
          <span className="field__label">Full name *</span>
          <input name="name" value={form.name} onChange={set('name')} autoComplete="name" />
        </label>
        <label className="field">
          <span className="field__label">Phone</span>
          <input name="phone" type="tel" value={form.phone} onChange={set('phone')} autoComplete="tel" aria-describedby="phone-hint" />
          <small id="phone-hint" className="field__hint">
            10-digit mobile number
          </small>
        </label>
        <LocationFields
          pincode={form.pincode}
          city={form.city}
          state={form.state}
          onChange={set}
          states={CHECKOUT_STATES}
          lookingUp={lookup === 'loading'}
          located={lookup === 'found'}
        />
        <label className="field form-grid__wide">
          <span className="field__label">Address line 1 *</span>
          <input name="addressLine1" value={form.addressLine1} onChange={set('addressLine1')} autoComplete="address-line1" />
        </label>
        <label className="field">
          <span className="field__label">Address line 2</span>
          <input name="addressLine2" value={form.addressLine2} onChange={set('addressLine2')} autoComplete="address-line2" />
        </label>
        <label className="field">
          <span className="field__label">Landmark</span>
          <input name="landmark" value={form.landmark} onChange={set('landmark')} />
        </label>
        <label className="field">
          <span className="field__label">Address type</span>
          <select name="addressType" value={form.addressType} onChange={(e) => setForm((f) => ({ ...f, addressType: e.target.value as AddressType }))}>
            <option>Home</option>
            <option>Work</option>
            <option>Other</option>
          </select>
        </label>
        <label className="field field--check">
          <input type="checkbox" checked={form.isDefault} onChange={set('isDefault')} />
          <span>Make this my default address</span>
        </label>
      </div>
      <div className="row">
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Saving…' : submitLabel}
        </button>
        <button type="button" className="button button--ghost" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
