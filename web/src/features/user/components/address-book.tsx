import { useState } from 'react';
import { useToast } from '@kit/ui/toast';
import { useCreateAddress, useDeleteAddress, useUpdateAddress } from '../api/addresses';
import type { Address } from '../../../lib/profile/types';
import { AddressForm } from './address-form';
import { PlaceAndPhone } from '../../../components/ui/place-and-phone';

export function AddressBook({ addresses }: { addresses: Address[] }) {
  const { toast } = useToast();
  const create = useCreateAddress();
  const update = useUpdateAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<Address | 'new' | null>(null);

  if (editing) {
    const isNew = editing === 'new';
    return (
      <section className="card panel">
        <h2>{isNew ? 'Add a new address' : 'Edit address'}</h2>
        <AddressForm
          initial={isNew ? undefined : editing}
          busy={create.isPending || update.isPending}
          submitLabel={isNew ? 'Save Address' : 'Update Address'}
          onCancel={() => setEditing(null)}
          onSubmit={(draft) => {
            if (isNew) {
              create.mutate(draft, {
                onSuccess: () => {
                  toast({ title: 'Address added', description: 'Your new address has been saved.', variant: 'success' });
                  setEditing(null);
                },
                onError: (error) => toast({ title: 'Failed to add address', description: error.message, variant: 'destructive' }),
              });
            } else {
              update.mutate(
                { ...draft, id: editing.id },
                {
                  onSuccess: () => {
                    toast({ title: 'Address updated', variant: 'success' });
                    setEditing(null);
                  },
                  onError: () => toast({ title: 'Failed to update address', variant: 'destructive' }),
                },
              );
            }
          }}
        />
      </section>
    );
  }

  return (
    <section className="stack">
      <button type="button" className="button button--primary" onClick={() => setEditing('new')}>
        + Add a new address
      </button>
      {addresses.length === 0 ? (
        <p className="muted">No addresses found. Add a new address to continue.</p>
      ) : (
        <ul className="address-grid">
          {addresses.map((a) => (
            <li key={a.id} className="card panel" data-testid="address-card">
              <p>
                <strong>{a.name}</strong> <span className="chip">{a.addressType}</span> {a.isDefault && <span className="chip chip--new">Default</span>}
              </p>
              <p>
                {a.addressLine1}
                {a.addressLine2 && <>, {a.addressLine2}</>}
                {a.landmark && <>, near {a.landmark}</>}
                <PlaceAndPhone city={a.city} state={a.state} pincode={a.pincode} phone={a.phone} />
              </p>
              <div className="row">
                <button type="button" className="button button--outline button--small" onClick={() => setEditing(a)}>
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--ghost button--small"
                  onClick={() => {
                    if (!window.confirm('Are you sure you want to delete this address?')) return;
                    remove.mutate(a.id, {
                      onSuccess: () => toast({ title: 'Address deleted', variant: 'success' }),
                      onError: () => toast({ title: 'Failed to delete address', variant: 'destructive' }),
                    });
                  }}
                >
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
