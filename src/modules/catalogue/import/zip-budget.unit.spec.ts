import ExcelJS from 'exceljs';
import zlib from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { parseImportFile } from './import-file.js';
import { MAX_ENTRIES, zipOverBudget } from './zip-budget.js';
import { zipOf } from '../../../../tests/helpers/zip-of.js';

describe('zip budget for .xlsx imports', () => {
  it('passes a real workbook', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('P').addRow(['name', 'category', 'price']);
    expect(zipOverBudget(Buffer.from(await workbook.xlsx.writeBuffer()), 64 * 1024 * 1024)).toBeNull();
  });

  it('refuses an honest bomb by its declared size and a lying one by inflating with a cap', () => {
    const zeros = Buffer.alloc(80 * 1024 * 1024);
    const honest = zipOf('xl/worksheets/sheet1.xml', zeros);
    expect(honest.length).toBeLessThan(200 * 1024);
    expect(zipOverBudget(honest, 64 * 1024 * 1024)).toBe('too large once unpacked');
    const liar = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(8 * 1024 * 1024), 1000);
    expect(zipOverBudget(liar, 64 * 1024 * 1024)).toBe('too large once unpacked');
    expect(zipOverBudget(Buffer.from('PK not really a zip'), 1000)).toBe('not a valid spreadsheet');
  });

  it('the import refuses the bomb with a clear message before reading it', async () => {
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(80 * 1024 * 1024));
    await expect(parseImportFile('bomb.xlsx', bomb)).rejects.toThrow('The spreadsheet is too large once unpacked (over 64MB): split it or save it as .csv');
  });
});

describe('zip budget: refused from the central directory alone', () => {
  it('a bomb under the total budget (63 KB inflating to 60 MB) is refused without inflating anything', async () => {
    const bomb = zipOf('xl/worksheets/sheet1.xml', Buffer.alloc(60 * 1024 * 1024));
    expect(bomb.length).toBeLessThan(100 * 1024);
    const inflate = vi.spyOn(zlib, 'inflateRawSync');
    try {
      expect(zipOverBudget(bomb, 64 * 1024 * 1024)).toBe('not shaped like a workbook');
      expect(inflate).not.toHaveBeenCalled();
    } finally {
      inflate.mockRestore();
    }
    await expect(parseImportFile('bomb.xlsx', bomb)).rejects.toThrow(
      'The file unpacks to over 100 times its size, which no spreadsheet does: save it again as .xlsx or .csv',
    );
  });

  it('a real 50,000-row workbook (spreadsheet XML packs about 10 to 1) passes, even of identical rows', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('P');
    sheet.addRow(['name', 'category', 'price', 'description']);
    for (let i = 0; i < 50_000; i++) sheet.addRow(['Same Figure', 'Anime Figures', 999, 'Same description']);
    expect(zipOverBudget(Buffer.from(await workbook.xlsx.writeBuffer()), 64 * 1024 * 1024)).toBeNull();
  }, 60_000);

  it('a zip of thousands of entries is no workbook', () => {
    const one = zipOf('a.xml', Buffer.from('<a/>'));
    // The same entry listed MAX_ENTRIES + 1 times in the end record's count is enough: the count is read first.
    const forged = Buffer.from(one);
    forged.writeUInt16LE(MAX_ENTRIES + 1, forged.length - 22 + 10);
    expect(zipOverBudget(forged, 64 * 1024 * 1024)).toBe('not shaped like a workbook');
  });
});
