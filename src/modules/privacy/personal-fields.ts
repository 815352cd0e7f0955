import { ERASED_NAME, erasedEmail, registerPersonalFields } from '../../shared/personal-fields.js';

export {
  ERASED_NAME,
  erasedEmail,
  registerPersonalFields,
  personalFieldsOf,
  personalEventTypes,
  type ErasedValue,
  type PersonalFields,
} from '../../shared/personal-fields.js';

const byCustomerId = (data: Record<string, unknown>) => (typeof data.customerId === 'string' ? data.customerId : undefined);
const profile = { email: erasedEmail, fullName: ERASED_NAME, phone: '', address: '', city: '', state: '', pincode: '' };
const addressFields = { name: ERASED_NAME, address: '', addressLine2: '', landmark: '', city: '', state: '', pincode: '', phone: '' };

// The event types of this store that carry personal data (see the event registry's modules): names, e-mail, phone,
// addresses and a review's author name and text. Ids, amounts, items, statuses and the delivery state (GST place of
// supply, kept 72 months) stay in clear.
registerPersonalFields('CustomerRegistered', { subject: byCustomerId, fields: profile });
registerPersonalFields('ProfileUpdated', { subject: byCustomerId, fields: profile });
registerPersonalFields('EmailClaimed', { subject: byCustomerId, fields: { email: erasedEmail } });
registerPersonalFields('EmailReleased', { subject: byCustomerId, fields: { email: erasedEmail } });
registerPersonalFields('AddressAdded', { subject: byCustomerId, fields: addressFields });
registerPersonalFields('AddressUpdated', { subject: byCustomerId, fields: addressFields });
registerPersonalFields('OrderPlaced', {
  subject: byCustomerId,
  fields: {
    customerName: ERASED_NAME,
    customerEmail: erasedEmail,
    'shippingAddress.name': ERASED_NAME,
    'shippingAddress.address': '',
    'shippingAddress.addressLine2': '',
    'shippingAddress.city': '',
    'shippingAddress.pincode': '',
    'shippingAddress.phone': '',
  },
});
registerPersonalFields('ProductReviewed', {
  subject: (data) => (typeof data.userId === 'string' ? data.userId : undefined),
  fields: { userName: ERASED_NAME, comment: '(removed at the reviewer’s request)' },
});
// The UPI id a cash-on-delivery return is refunded to.
registerPersonalFields('ReturnRequested', { subject: byCustomerId, fields: { upiId: '' } });
registerPersonalFields('EmailVerified', { subject: byCustomerId, fields: { email: erasedEmail } });
