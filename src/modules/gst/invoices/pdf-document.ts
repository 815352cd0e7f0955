import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { Font } from 'fontkit';
import PDFDocument from 'pdfkit';

// What the two invoice PDFs share (the order's summary in orders, the tax invoice in gst): the document set-up, the
// fonts and the money format.
// Helvetica has neither ₹ nor Japanese glyphs, and product names here are often Japanese (鬼滅の刃 …).
// DejaVu Sans carries ₹ and Latin; Noto Sans JP carries kana and kanji. Each string is set in the first
// font that has every one of its characters.
const require = createRequire(import.meta.url);
export const FONT_FILES = {
  regular: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'),
  bold: require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'),
  japanese: require.resolve('@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf'),
} as const;
type FontName = keyof typeof FONT_FILES;
const opened = new Map<FontName, Font>();
function covers(name: FontName, codePoint: number): boolean {
  let font = opened.get(name);
  if (!font) opened.set(name, (font = fontkit.openSync(FONT_FILES[name]) as Font));
  return font.hasGlyphForCodePoint(codePoint);
}

/** The font an invoice string is set in: DejaVu when it covers the text, else Noto Sans JP (kana, kanji and Latin). */
export function fontFor(text: string, weight: 'regular' | 'bold' = 'regular'): FontName {
  const codePoints = [...text].map((c) => c.codePointAt(0)!).filter((c) => c > 0x20);
  if (codePoints.every((c) => covers(weight, c))) return weight;
  return codePoints.some((c) => covers('japanese', c)) ? 'japanese' : weight;
}

export const invoiceMoney = (rupees: number) => `₹${rupees.toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Sets the font that covers `text` (customer names, addresses and product names may be Japanese). */
export type FitFont = (text: string, weight?: 'regular' | 'bold') => PDFKit.PDFDocument;

/** An invoice PDF: the document with the invoice fonts registered, drawn by `draw`, as one buffer. */
export function renderInvoicePdf(options: PDFKit.PDFDocumentOptions, draw: (doc: PDFKit.PDFDocument, fit: FitFont) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument(options);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const [name, file] of Object.entries(FONT_FILES)) doc.registerFont(name, file);
    draw(doc, (text, weight = 'regular') => doc.font(fontFor(text, weight)));
    doc.end();
  });
}
