import { apiBlob } from '../../../lib/api-client';

/** Fetches the invoice PDF with the shopper's token and saves it. */
export async function downloadInvoice(orderId: string, orderNumber: string): Promise<void> {
  const blob = await apiBlob(`/orders/${encodeURIComponent(orderId)}/invoice?format=pdf`);
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `invoice-${orderNumber}.pdf`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
