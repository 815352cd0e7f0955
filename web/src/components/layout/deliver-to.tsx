import { useState } from 'react';
import { Link } from 'react-router';
import { useAddressSelection } from '../../features/user/address-selection';
import { PinIcon } from '../ui/icons';
import { Modal } from '../ui/modal';

export function DeliverTo() {
  const { addresses, selectedAddress, selectAddress } = useAddressSelection();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="deliver-to" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <PinIcon />
        <span>
          <small>Deliver to</small>
          <strong>{selectedAddress ? `${selectedAddress.name || selectedAddress.city} ${selectedAddress.pincode}` : 'Select address'}</strong>
        </span>
      </button>
      <Modal open={open} onOpenChange={setOpen} title="Choose your delivery address">
        {addresses.length === 0 ? (
          <p className="muted">No addresses found. Add a new address to continue.</p>
        ) : (
          <ul className="address-choices">
            {addresses.map((a) => (
              <li key={a.id}>
                <button
                  type="button"
                  className={`address-choice ${selectedAddress?.id === a.id ? 'is-selected' : ''}`}
                  aria-pressed={selectedAddress?.id === a.id}
                  onClick={() => {
                    selectAddress(a.id);
                    setOpen(false);
                  }}
                >
                  <strong>
                    {a.name} <span className="chip">{a.addressType}</span> {a.isDefault && <span className="chip chip--new">Default</span>}
                  </strong>
                  <span>
                    {a.addressLine1}
                    {a.addressLine2 ? `, ${a.addressLine2}` : ''}, {a.city}, {a.state} {a.pincode}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <Link to="/profile?tab=addresses" className="link" onClick={() => setOpen(false)}>
          + Add a new address
        </Link>
      </Modal>
    </>
  );
}
