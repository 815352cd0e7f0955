interface PlaceAndPhoneProps {
  city: string;
  state: string;
  pincode: string;
  phone?: string;
}

/** The last lines of an address as the shop prints it (orders, address book): city, state and pincode, then the phone if any. */
export function PlaceAndPhone({ city, state, pincode, phone }: PlaceAndPhoneProps) {
  return (
    <>
      <br />
      {city}, {state} {pincode}
      {phone && (
        <>
          <br />
          Phone: {phone}
        </>
      )}
    </>
  );
}
