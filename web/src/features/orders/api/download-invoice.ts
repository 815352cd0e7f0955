import { apiBlob, saveFile } from '@kit/api';

/** Fetches the invoice PDF with the shopper's token and saves it as invoice-{order number}.pdf. */
export async function downloadInvoice(orderId: string, orderNumber: string): Promise<void> {
  const { blob } = await apiBlob(`/orders/${encodeURIComponent(orderId)}/invoice?format=pdf`);
  saveFile(blob, `invoice-${orderNumber}.pdf`);
}
