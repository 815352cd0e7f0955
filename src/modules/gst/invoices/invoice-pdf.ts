import { invoiceMoney, renderInvoicePdf } from './pdf-document.js';
import type { TaxInvoice } from './tax-invoice.js';

/**
 * The tax invoice as a PDF (A4), every Rule 46 field printed. Deterministic: the creation date is the invoice's own
 * date, so the same invoice gives the same bytes (replay reproduces them).
 */
export function taxInvoicePdf(invoice: TaxInvoice): Promise<Buffer> {
  const options = {
    size: 'A4',
    margin: 40,
    info: { Title: `Tax Invoice ${invoice.invoiceNumber}`, CreationDate: new Date(invoice.date), ModDate: new Date(invoice.date) },
  };
  return renderInvoicePdf(options, (doc, fit) => {
    const line = (text: string, weight: 'regular' | 'bold' = 'regular', x = 40) => fit(text, weight).text(text, x);
    const s = invoice.seller;
    doc.fontSize(16);
    line('Tax Invoice', 'bold');
    doc.fontSize(9);
    doc.font('regular').text(invoice.copy, 40, 40, { align: 'right' });
    doc.moveDown(1.2);
    line(s.legalName, 'bold');
    line(s.address);
    line(`GSTIN: ${s.gstin}`);
    line(`State: ${s.state.name} (State code ${s.state.code})`);
    doc.moveDown(0.6);
    line(`Invoice No.: ${invoice.invoiceNumber}`, 'bold');
    line(`Invoice Date: ${invoice.invoiceDate}`);
    line(`Order No.: ${invoice.orderNumber}`);
    line(`Place of Supply: ${invoice.placeOfSupply.name} (${invoice.placeOfSupply.code})`);
    line(`Reverse Charge: ${invoice.reverseCharge}`);
    doc.moveDown(0.6);
    const r = invoice.recipient;
    line('Bill to / Ship to:', 'bold');
    line(r.name);
    for (const part of [r.address, r.addressLine2, `${r.city} ${r.pincode}`.trim()].filter(Boolean)) line(part);
    line(`State: ${r.state.name} (State code ${r.state.code})`);
    line('Recipient GSTIN: Unregistered');
    doc.moveDown(0.8);
    // Columns: #, description, HSN/SAC, qty, unit, taxable value, rate, CGST, SGST, IGST, total
    const cols = [
      { title: '#', x: 40, w: 14 },
      { title: 'Description', x: 54, w: 120 },
      { title: 'HSN/SAC', x: 176, w: 44 },
      { title: 'Qty', x: 222, w: 22 },
      { title: 'Unit', x: 246, w: 24 },
      { title: 'Taxable value', x: 272, w: 58 },
      { title: 'Rate', x: 332, w: 28 },
      { title: 'CGST', x: 362, w: 48 },
      { title: 'SGST', x: 412, w: 48 },
      { title: 'IGST', x: 462, w: 48 },
      { title: 'Total', x: 512, w: 44 },
    ];
    doc.fontSize(7.5);
    const top = doc.y;
    for (const c of cols) doc.font('bold').text(c.title, c.x, top, { width: c.w });
    doc.y = top + 12;
    for (const l of invoice.lines) {
      const y = doc.y + 3;
      const cells = [
        String(l.lineNo),
        l.description,
        l.hsn,
        String(l.quantity),
        l.unit,
        invoiceMoney(l.taxableValue),
        `${l.rate}%`,
        invoiceMoney(l.cgst),
        invoiceMoney(l.sgst),
        invoiceMoney(l.igst),
        invoiceMoney(l.total),
      ];
      let bottom = y;
      cells.forEach((text, i) => {
        fit(text).text(text, cols[i]!.x, y, { width: cols[i]!.w });
        bottom = Math.max(bottom, doc.y);
      });
      doc.y = bottom;
    }
    doc.moveDown(1);
    doc.fontSize(9);
    const t = invoice.totals;
    const discounted = invoice.lines.filter((l) => l.discount > 0);
    for (const l of discounted) line(`Line ${l.lineNo}: ${invoiceMoney(l.value)} less discount ${invoiceMoney(l.discount)} = ${invoiceMoney(l.total)}`);
    for (const [label, value] of [
      ...(discounted.length > 0 ? ([['Discount (before supply, not in the taxable value)', invoice.summary.discount]] as const) : []),
      ['Total taxable value', t.taxableValue],
      ['CGST', t.cgst],
      ['SGST', t.sgst],
      ['IGST', t.igst],
      ['Total tax', t.tax],
      ['Invoice total', t.total],
    ] as const) {
      doc.font(label === 'Invoice total' ? 'bold' : 'regular').text(`${label}: ${invoiceMoney(value)}`, 40, doc.y, { align: 'right' });
    }
    doc.moveDown(0.5);
    line(`Amount in words: ${invoice.amountInWords}`);
    line(`Payment: ${invoice.paymentMethod === 'cod' ? 'Cash on Delivery' : 'Online'}`);
    for (const c of invoice.creditNotes) line(`Credit note ${c.creditNoteNumber} of ${c.date} (${c.reason}): ${invoiceMoney(c.total)} reversed`);
    doc.moveDown(2);
    doc.font('regular').text(`For ${invoice.signature.for}`, 40, doc.y, { align: 'right' });
    doc.moveDown(2.5);
    doc.text(invoice.signature.label, 40, doc.y, { align: 'right' });
  });
}
