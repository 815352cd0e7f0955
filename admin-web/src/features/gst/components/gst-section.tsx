import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { formatINR } from '@kit/format';
import { currentIndiaMonth } from '../../../lib/current-india-month';
import { useExportGstr1, type Gstr1Sheet } from '../api/export-gstr1';
import { useGstr1 } from '../api/get-gstr1';
import { outputTax, taxOf } from '../api/output-tax';
import { useInvoices } from '../api/get-invoices';
import { CategoryDefaultsCard } from './category-defaults-card';

const rupees = (paise: number) => formatINR(paise / 100);

/** Analytics: this month's output tax by rate and by state, the GSTR-1 exports, and the invoices issued. */
export function GstSection() {
  const [month, setMonth] = useState(() => currentIndiaMonth().from.slice(0, 7));
  const gstr1 = useGstr1(month);
  const invoices = useInvoices(month);
  const exporter = useExportGstr1();
  const tax = gstr1.data ? outputTax(gstr1.data) : null;
  return (
    <div className="stack" data-testid="gst-section">
      <Card title="GST output tax" caption="Invoices minus credit notes of the month (India time), as filed in GSTR-1">
        <label>
          Month <input type="month" value={month} onChange={(e) => e.target.value && setMonth(e.target.value)} name="gst-month" />
        </label>
        {gstr1.isLoading && <p className="muted">Loading…</p>}
        {gstr1.error && <p className="error-text">{(gstr1.error as Error).message}</p>}
        {gstr1.data && tax && (
          <>
            <p data-testid="gst-total">
              Output tax {rupees(taxOf(gstr1.data.totals))} on taxable value {rupees(gstr1.data.totals.taxablePaise)} ({gstr1.data.totals.invoices} invoices,{' '}
              {gstr1.data.totals.creditNotes} credit notes) · GSTIN {gstr1.data.gstin}
            </p>
            <table className="table" data-testid="gst-by-rate">
              <thead>
                <tr>
                  <th>Rate</th>
                  <th>Taxable value</th>
                  <th>IGST</th>
                  <th>CGST</th>
                  <th>SGST</th>
                </tr>
              </thead>
              <tbody>
                {tax.byRate.map((r) => (
                  <tr key={r.rate}>
                    <td>{r.rate}%</td>
                    <td>{rupees(r.taxablePaise)}</td>
                    <td>{rupees(r.igstPaise)}</td>
                    <td>{rupees(r.cgstPaise)}</td>
                    <td>{rupees(r.sgstPaise)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="table" data-testid="gst-by-state">
              <thead>
                <tr>
                  <th>Place of supply</th>
                  <th>Taxable value</th>
                  <th>Tax</th>
                </tr>
              </thead>
              <tbody>
                {tax.byState.map((r) => (
                  <tr key={r.placeOfSupply}>
                    <td>{r.placeOfSupply}</td>
                    <td>{rupees(r.taxablePaise)}</td>
                    <td>{rupees(taxOf(r))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        <div className="row">
          {(['b2cs', 'hsn', 'docs'] as Gstr1Sheet[]).map((sheet) => (
            <Button key={sheet} type="button" onClick={() => exporter.mutate({ month, sheet })} disabled={exporter.isPending}>
              Export GSTR-1 {sheet.toUpperCase()} (CSV)
            </Button>
          ))}
        </div>
        {exporter.error && <p className="error-text">{(exporter.error as Error).message}</p>}
      </Card>
      <Card title="Invoices issued" caption="Tax invoices and credit notes of the month">
        {invoices.data && invoices.data.invoices.length === 0 && <p className="empty">No invoices this month</p>}
        {invoices.data && invoices.data.invoices.length > 0 && (
          <table className="table" data-testid="gst-invoices">
            <thead>
              <tr>
                <th>Number</th>
                <th>Kind</th>
                <th>Order</th>
                <th>Date</th>
                <th>Place of supply</th>
                <th>Tax</th>
                <th>Total</th>
              </tr>
            </thead>
            <tbody>
              {invoices.data.invoices.map((d) => (
                <tr key={d.documentNumber}>
                  <td>{d.documentNumber}</td>
                  <td>{d.kind === 'invoice' ? 'Invoice' : `Credit note for ${d.invoiceNumber}`}</td>
                  <td>{d.orderNumber}</td>
                  <td>{new Date(d.issuedAt).toLocaleDateString('en-IN', { timeZone: 'Asia/Kolkata' })}</td>
                  <td>{d.placeOfSupply}</td>
                  <td>{rupees(d.taxPaise)}</td>
                  <td>{rupees(d.totalPaise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Card>
      <CategoryDefaultsCard />
    </div>
  );
}
