import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { LocationFields } from './location-fields';

/** The pincode, city and state fields that sign-up, checkout and the address book share. */
const render = (props: { lookingUp?: boolean; located?: boolean }) =>
  renderToStaticMarkup(
    <LocationFields pincode="400001" city="Mumbai" state="Maharashtra" onChange={() => () => undefined} states={['Goa', 'Maharashtra']} {...props} />,
  );

describe('LocationFields', () => {
  it('offers the given states after "Select state", with no read-only marks where no lookup located the place', () => {
    const html = render({});
    expect(html).toContain('<select name="state"><option value="">Select state</option><option>Goa</option><option selected="">Maharashtra</option></select>');
    expect(html.toLowerCase()).not.toContain('readonly');
    expect(html).not.toContain('Looking up pincode…');
  });

  it('shows the lookup hint under the pincode while a lookup runs', () => {
    expect(render({ lookingUp: true })).toContain('<small class="field__hint">Looking up pincode…</small>');
  });

  it('shows city and state read-only once the address book lookup found them', () => {
    const html = render({ located: true });
    expect(html).toContain('<input autoComplete="address-level2" readOnly="" aria-readonly="true" name="city" value="Mumbai"/>');
    expect(html).toContain('<input readOnly="" aria-readonly="true" name="state" value="Maharashtra"/>');
    expect(html).not.toContain('<select');
    expect(render({ located: false })).toContain('aria-readonly="false"');
  });
});
