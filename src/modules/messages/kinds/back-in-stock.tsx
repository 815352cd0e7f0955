import { productsForSale } from '../../catalogue/index.js';
import { loadCustomer } from '../../customers/index.js';
import { defineMessageKind, isErasedAddress } from '../kind.js';
import { Action, MessageLayout, Paragraph } from '../layout.js';

/**
 * A shopper who asked 'Notify me when available' hears, once, that the product can be bought. It goes out even if
 * the product sold out again before sending: the shopper has left the waiting list, and may ask again.
 */
export const backInStock = defineMessageKind({
  name: 'back-in-stock',
  label: 'Back in stock',
  async compose(event, { runtime, link }) {
    const { customerId, productId } = event.data as { customerId: string; productId: string };
    const customer = await loadCustomer(runtime.store, customerId).catch(() => null);
    if (!customer || isErasedAddress(customer.state.profile.email)) return null;
    const product = (await productsForSale(runtime.pool, [productId])).get(productId);
    if (!product) return null; // removed from the catalogue since: nothing to buy
    const name = customer.state.profile.fullName;
    return {
      to: { email: customer.state.profile.email, name },
      customerId,
      subject: `${product.name} is available again`,
      body: (
        <MessageLayout preview={`${product.name} can be ordered now`} heading="It is available again" shopUrl={link('/')}>
          <Paragraph>Hi {name},</Paragraph>
          <Paragraph>You asked us to tell you when {product.name} could be bought. It can now: popular pieces go quickly.</Paragraph>
          <Action href={link(`/product/${encodeURIComponent(productId)}`)}>View {product.name}</Action>
          <Paragraph>This is the only e-mail we send about it.</Paragraph>
        </MessageLayout>
      ),
    };
  },
});
