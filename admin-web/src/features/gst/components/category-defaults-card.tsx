import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useCategoryDefaults, useSaveCategoryDefault, type CategoryDefault } from '../api/category-defaults';

function DefaultRow({ row, slabs }: { row: CategoryDefault; slabs: number[] }) {
  const [hsn, setHsn] = useState(row.hsn);
  const [rate, setRate] = useState(String(row.rate));
  const save = useSaveCategoryDefault();
  return (
    <tr>
      <td>{row.category}</td>
      <td>
        <input aria-label={`HSN for ${row.category}`} value={hsn} onChange={(e) => setHsn(e.target.value)} inputMode="numeric" size={10} />
      </td>
      <td>
        <select aria-label={`GST rate for ${row.category}`} value={rate} onChange={(e) => setRate(e.target.value)}>
          {slabs.map((s) => (
            <option key={s} value={String(s)}>
              {s}%
            </option>
          ))}
        </select>
      </td>
      <td>
        <Button type="button" onClick={() => save.mutate({ category: row.category, hsn, rate })} disabled={save.isPending}>
          Save
        </Button>
        {save.error && <span className="error-text"> {(save.error as Error).message}</span>}
      </td>
    </tr>
  );
}

/** The HSN code and GST rate a product takes when it sets none, per category. */
export function CategoryDefaultsCard() {
  const { data, error } = useCategoryDefaults();
  return (
    <Card title="GST defaults per category" caption="Used on invoices for products without their own HSN code or rate">
      {error && <p className="error-text">{(error as Error).message}</p>}
      {data && (
        <table className="table" data-testid="gst-category-defaults">
          <thead>
            <tr>
              <th>Category</th>
              <th>HSN</th>
              <th>Rate</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.defaults.map((row) => (
              <DefaultRow key={`${row.category}-${row.hsn}-${row.rate}`} row={row} slabs={data.slabs} />
            ))}
          </tbody>
        </table>
      )}
    </Card>
  );
}
