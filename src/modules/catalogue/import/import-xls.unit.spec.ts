import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseImportFile } from './import-file.js';
import { fromXls, isCompoundFile } from './import-xls.js';
import { biff8 } from './xls.fixture.js';

describe('legacy .xls (BIFF8) import', () => {
  it('reads headers, text in any script, numbers and booleans, with spreadsheet row numbers', async () => {
    const file = biff8([
      ['name', 'category', 'price', 'inStock', 'stockQuantity'],
      ['鬼滅の刃 禰豆子 Nezuko Figure', 'Anime Figures', 2199.5, true, 4],
      [],
      ['Naruto Keychain', 'Keychains', 249, false, 0],
    ]);
    expect(isCompoundFile(file)).toBe(true);
    const sheet = await parseImportFile('legacy.xls', file);
    expect(sheet.headers).toEqual(['name', 'category', 'price', 'inStock', 'stockQuantity']);
    expect(sheet.rows).toEqual([
      { rowNumber: 2, values: { name: '鬼滅の刃 禰豆子 Nezuko Figure', category: 'Anime Figures', price: '2199.5', inStock: 'true', stockQuantity: '4' } },
      { rowNumber: 4, values: { name: 'Naruto Keychain', category: 'Keychains', price: '249', inStock: 'false', stockQuantity: '0' } },
    ]);
  });

  it('reads an .xls saved by LibreOffice (fixtures/README.md says how it was made)', async () => {
    const file = readFileSync(new URL('./fixtures/libreoffice-products.xls', import.meta.url));
    expect(isCompoundFile(file)).toBe(true);
    const sheet = await parseImportFile('libreoffice-products.xls', file);
    expect(sheet.rows).toEqual([
      { rowNumber: 2, values: { name: 'ワンピース ルフィ Luffy (LibreOffice)', category: 'Anime Figures', price: '2599', stockQuantity: '3' } },
      { rowNumber: 3, values: { name: 'Bad Row', category: 'Keychains', price: 'abc', stockQuantity: '1' } },
    ]);
  });

  it('stops reading one row past the row limit, so an oversized sheet is refused without being read whole', () => {
    const rows = [['name', 'price'], ...Array.from({ length: 40 }, (_, i) => [`Figure ${i}`, 100 + i])];
    expect(fromXls(biff8(rows), 10).rows).toHaveLength(11);
  });

  it('refuses a damaged compound file with the spreadsheet message', async () => {
    const damaged = Buffer.concat([biff8([['name'], ['x']]).subarray(0, 600), Buffer.alloc(200, 7)]);
    await expect(parseImportFile('broken.xls', damaged)).rejects.toThrow('Could not read the spreadsheet: save it as .xlsx or .csv and try again');
  });
});
