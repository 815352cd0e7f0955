import type { RecordedEvent } from '../../src/core/event-store.js';
import type { TaxDocumentEvent } from '../../src/modules/gst/events.js';
import { TAX_DOCUMENT_EVENT_TYPES } from '../../src/modules/gst/events.js';
import { taxPeriodOf } from '../../src/shared/financial-year.js';
import { ERASED_RECIPIENT } from '../../src/shared/personal-fields.js';
import type { Projector } from '../projector.js';

/**
 * invoices: every tax invoice and credit note, with its tax period and totals for GSTR-1 and the admin list.
 * PersonalDataErased blanks the recipient of the buyer's invoices (amounts, tax and place of supply stay), as a
 * replay does: the log's recipient reads as erased once the key is destroyed. The seller's copy is in the retention store.
 */
export const invoicesProjector: Projector = {
  name: 'invoices',
  handles: [...TAX_DOCUMENT_EVENT_TYPES, 'PersonalDataErased'],
  tables: ['invoices'],
  async apply(client, recorded: RecordedEvent) {
    if (recorded.type === 'PersonalDataErased') {
      await client.query(
        `update invoices set document = jsonb_set(document, '{recipient}', (document->'recipient') || $2::jsonb)
          where customer_id = $1 and kind = 'invoice'`,
        [(recorded.data as { customerId: string }).customerId, JSON.stringify(ERASED_RECIPIENT)],
      );
      return;
    }
    const event = recorded as unknown as TaxDocumentEvent;
    const d = event.data;
    const [kind, number, invoiceNumber] =
      event.type === 'InvoiceIssued'
        ? ['invoice', event.data.invoiceNumber, event.data.invoiceNumber]
        : ['credit-note', event.data.creditNoteNumber, event.data.invoiceNumber];
    const customerId = event.type === 'InvoiceIssued' ? (event.data.customerId ?? null) : null;
    await client.query(
      `insert into invoices (document_number, kind, financial_year, invoice_number, order_id, order_number, issued_at, tax_period,
         place_of_supply, supply_type, taxable_paise, cgst_paise, sgst_paise, igst_paise, total_paise, document, customer_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
       on conflict (document_number) do nothing`,
      [
        number,
        kind,
        d.financialYear,
        invoiceNumber,
        d.orderId,
        d.orderNumber,
        d.issuedAt,
        taxPeriodOf(d.issuedAt),
        d.placeOfSupply.code,
        d.supplyType,
        d.totals.taxablePaise,
        d.totals.cgstPaise,
        d.totals.sgstPaise,
        d.totals.igstPaise,
        d.totals.totalPaise,
        JSON.stringify(d),
        customerId,
      ],
    );
  },
};
