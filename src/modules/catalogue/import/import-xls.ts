import { read, utils, type CellObject } from '@e965/xlsx';
import { ValidationError } from '../../../core/errors.js';
import type { ParsedSheet, RawRow } from './import-file.js';

/** An OLE2 compound file (Excel 97-2003 .xls, BIFF8) starts with these 8 bytes. */
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
export const isCompoundFile = (buffer: Buffer) => buffer.length >= 8 && buffer.subarray(0, 8).equals(CFB_MAGIC);

const UNREADABLE = 'Could not read the spreadsheet: save it as .xlsx or .csv and try again';

function cellText(cell: CellObject | undefined): string {
  if (!cell || cell.v === undefined || cell.v === null) return '';
  if (cell.t === 'e') return '';
  if (cell.v instanceof Date) return cell.v.toISOString();
  return String(cell.v);
}

/**
 * A legacy Excel 97-2003 workbook (BIFF8 in a compound file) read with SheetJS 0.20.3 (`@e965/xlsx`, which carries
 * the fixes for CVE-2023-30533 and CVE-2024-22363; the frozen npm `xlsx` 0.18.5 is not used). BIFF is not
 * compressed, so the upload size bounds the work; `sheetRows` stops reading one row past the import's row limit.
 */
export function fromXls(buffer: Buffer, maxRows: number): ParsedSheet {
  let workbook;
  try {
    workbook = read(buffer, { type: 'buffer', dense: true, cellDates: true, cellFormula: false, cellHTML: false, cellStyles: false, sheetRows: maxRows + 2 });
  } catch {
    throw new ValidationError(UNREADABLE);
  }
  if (!/^biff/i.test(String(workbook.bookType ?? 'biff8'))) throw new ValidationError(UNREADABLE);
  const sheet = workbook.Sheets[workbook.SheetNames[0] ?? ''];
  if (!sheet || !sheet['!ref']) throw new ValidationError('The file is empty');
  const range = utils.decode_range(sheet['!ref']);
  const at = (r: number, c: number) => sheet[utils.encode_cell({ r, c })] as CellObject | undefined;
  const dense = (sheet as { '!data'?: (CellObject | undefined)[][] })['!data'];
  const cell = dense ? (r: number, c: number) => dense[r]?.[c] : at;
  const headers: string[] = [];
  for (let c = range.s.c; c <= range.e.c; c++) headers.push(cellText(cell(range.s.r, c)).trim());
  const rows: ParsedSheet['rows'] = [];
  for (let r = range.s.r + 1; r <= range.e.r; r++) {
    const values: RawRow = {};
    headers.forEach((h, i) => (values[h] = cellText(cell(r, range.s.c + i)).trim()));
    if (Object.values(values).some((v) => v !== '')) rows.push({ rowNumber: r + 1, values });
  }
  return { headers, rows };
}
