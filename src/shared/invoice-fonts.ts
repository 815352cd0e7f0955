import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import type { Font } from 'fontkit';

// The fonts and money format of the two invoice PDFs (the order's summary in orders, the tax invoice in gst).
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
