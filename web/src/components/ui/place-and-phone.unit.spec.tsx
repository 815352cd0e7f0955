import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { PlaceAndPhone } from './place-and-phone';

describe('PlaceAndPhone', () => {
  it('prints city, state and pincode on a new line, then the phone on its own line when there is one', () => {
    expect(renderToStaticMarkup(<PlaceAndPhone city="Pune" state="Maharashtra" pincode="411001" phone="9876543210" />)).toBe(
      '<br/>Pune, Maharashtra 411001<br/>Phone: 9876543210',
    );
    expect(renderToStaticMarkup(<PlaceAndPhone city="Pune" state="Maharashtra" pincode="411001" phone="" />)).toBe('<br/>Pune, Maharashtra 411001');
  });
});
