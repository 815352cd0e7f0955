import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { useExportEvents, type ExportFormat } from '../api/export-events';
import type { DateWindow } from '../api/reconcile-revenue';
import { currentIndiaMonth } from '../../../lib/current-india-month';
import { DateWindowFields } from './date-window-fields';

/** Downloads the events recorded in the window, in log order with their hashes, for checking outside the store. */
export function ExportEventsCard() {
  const [days, setDays] = useState<DateWindow>(() => currentIndiaMonth());
  const [format, setFormat] = useState<ExportFormat>('ndjson');
  const formatId = useId();
  const download = useExportEvents();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    download.mutate({ ...days, format });
  };
  return (
    <Card title="Export events" caption="Every event recorded in these days (India time), with its hash">
      <form className="audit-form" onSubmit={submit} aria-label="Export events">
        <DateWindowFields value={days} onChange={setDays} />
        <label htmlFor={formatId}>
          Format
          <select id={formatId} value={format} onChange={(event) => setFormat(event.target.value as ExportFormat)}>
            <option value="ndjson">NDJSON</option>
            <option value="csv">CSV</option>
          </select>
        </label>
        <Button type="submit" variant="primary" disabled={download.isPending}>
          {download.isPending ? 'Preparing…' : 'Download'}
        </Button>
      </form>
      <div aria-live="polite" data-testid="audit-export">
        {download.error && (
          <p className="error-text" role="alert">
            {(download.error as Error).message}
          </p>
        )}
        {download.isSuccess && <p className="muted">Saved as {download.data}</p>}
      </div>
    </Card>
  );
}
