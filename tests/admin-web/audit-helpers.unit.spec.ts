import { describe, expect, it } from 'vitest';
import { downloadFileName } from '../../shared-web/api/download-file-name.js';
import { currentIndiaMonth } from '../../admin-web/src/lib/current-india-month.js';

/** The Analytics tab's audit cards: their default window and the name the export is saved under. */
describe('admin audit: default window', () => {
  it('runs from the first of the current month to today, in India time', () => {
    expect(currentIndiaMonth(new Date('2026-11-22T10:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-22' });
    expect(currentIndiaMonth(new Date('2026-11-01T00:00:00+05:30'))).toEqual({ from: '2026-11-01', to: '2026-11-01' });
  });

  it('has already turned the month in India while UTC is still on the last day of the previous one', () => {
    // 31 Oct 19:00 UTC is 1 Nov 00:30 in India.
    expect(currentIndiaMonth(new Date('2026-10-31T19:00:00Z'))).toEqual({ from: '2026-11-01', to: '2026-11-01' });
    // and the last minutes of 31 December in India are still December.
    expect(currentIndiaMonth(new Date('2026-12-31T18:29:00Z'))).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(currentIndiaMonth(new Date('2026-12-31T18:30:00Z'))).toEqual({ from: '2027-01-01', to: '2027-01-01' });
  });
});

describe('admin audit: export file name from Content-Disposition', () => {
  const fallback = 'events.ndjson';

  it('takes the quoted file name the server sends', () => {
    expect(downloadFileName('attachment; filename="events-2026-11-01T00-00-00-000Z-to-2026-11-23T00-00-00-000Z.ndjson"', fallback)).toBe(
      'events-2026-11-01T00-00-00-000Z-to-2026-11-23T00-00-00-000Z.ndjson',
    );
    expect(downloadFileName('attachment; filename=events.csv', fallback)).toBe('events.csv');
    expect(downloadFileName('attachment; filename="a \\"quoted\\" name.csv"; size=10', fallback)).toBe('a _quoted_ name.csv');
  });

  it('prefers the RFC 5987 filename* form and decodes it', () => {
    expect(downloadFileName(`attachment; filename="fallback.csv"; filename*=UTF-8''%E2%82%B9%20events.csv`, fallback)).toBe('₹ events.csv');
    expect(downloadFileName(`attachment; filename*=utf-8''bad%E2.csv; filename="plain.csv"`, fallback)).toBe('plain.csv');
  });

  it('keeps only the last path part and falls back when no name is given', () => {
    expect(downloadFileName('attachment; filename="../../etc/passwd"', fallback)).toBe('passwd');
    expect(downloadFileName('attachment; filename="C:\\\\Windows\\\\evil.bat"', fallback)).toBe('evil.bat');
    expect(downloadFileName('attachment', fallback)).toBe(fallback);
    expect(downloadFileName(null, fallback)).toBe(fallback);
    expect(downloadFileName('attachment; filename=".."', fallback)).toBe(fallback);
  });
});
