import { utils, write } from '@e965/xlsx';

/** Test fixture: an Excel 97-2003 workbook (BIFF8) as SheetJS writes it. */
export function biff8(rows: unknown[][]): Buffer {
  const book = utils.book_new();
  utils.book_append_sheet(book, utils.aoa_to_sheet(rows), 'Products');
  return write(book, { bookType: 'biff8', type: 'buffer' }) as Buffer;
}
