import sharp from 'sharp';

/** Pictures drawn locally (no network) for the demo catalogue and carousels: deliberate-looking, never broken. */

const PALETTES: [string, string][] = [
  ['#f97316', '#b91c1c'],
  ['#2563eb', '#1e1b4b'],
  ['#16a34a', '#064e3b'],
  ['#db2777', '#4c1d95'],
  ['#eab308', '#9a3412'],
  ['#0891b2', '#1e3a8a'],
  ['#dc2626', '#111827'],
  ['#7c3aed', '#0f172a'],
  ['#059669', '#1f2937'],
  ['#e11d48', '#7c2d12'],
];

/** FNV-1a: spreads the few series names over the palettes better than a multiplicative hash. */
const hash = (text: string) => [...text].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, 2166136261);
export const paletteFor = (series: string) => PALETTES[hash(series.toLowerCase()) % PALETTES.length]!;

/** The bundled fonts have no CJK glyphs: pictures show the Latin part of a name (the page shows the full name). */
const latinOnly = (text: string) =>
  text
    .replace(/[^\p{Script=Latin}\p{N}\p{P}\p{Zs}]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]!);

/** The franchise a product belongs to, read from its description ("... of X from One Piece, ..."). */
export function seriesOf(name: string, description: string): string {
  const match = /\bfrom ([^,.]+)/.exec(description) ?? /\(([^)]+)\)/.exec(description);
  return latinOnly(match?.[1] ?? name.split(' ').slice(0, 2).join(' ')) || 'Anime Collectibles';
}

export function initialsOf(fullName: string): string {
  const name = latinOnly(fullName) || fullName;
  const words = name
    .replace(/[^\p{L}\p{N} ]/gu, ' ')
    .split(/\s+/)
    .filter((w) => /^\p{Lu}/u.test(w) || /^\p{Lo}/u.test(w));
  const picked = (words.length > 0 ? words : name.split(/\s+/)).slice(0, 2).map((w) => [...w][0] ?? '');
  return picked.join('').toUpperCase() || '?';
}

function productType(name: string, category: string): string {
  const lowered = name.toLowerCase();
  for (const [needle, label] of [
    ['keychain', 'Keychain'],
    ['statue', 'Premium Statue'],
    ['chibi', 'Chibi Figure'],
    ['nendoroid', 'Chibi Figure'],
    ['action figure', 'Action Figure'],
    ['pvc', 'PVC Figure'],
    ['figure', 'Figure'],
  ] as const) {
    if (lowered.includes(needle)) return label;
  }
  return category;
}

function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    if ((line + ' ' + word).trim().length > width && line) {
      lines.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) lines.push(line);
  return lines.length > maxLines ? [...lines.slice(0, maxLines - 1), `${lines[maxLines - 1]}…`] : lines;
}

export function productSvg(product: { name: string; category: string; description: string }, size = 640): string {
  const series = seriesOf(product.name, product.description);
  const [from, to] = paletteFor(series);
  const lines = wrap(latinOnly(product.name) || product.category, 26, 2);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 640 640">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="640" height="640" fill="url(#g)"/>
  <circle cx="520" cy="110" r="170" fill="#ffffff" opacity="0.08"/>
  <circle cx="90" cy="560" r="140" fill="#000000" opacity="0.12"/>
  <circle cx="320" cy="270" r="130" fill="#ffffff" opacity="0.16"/>
  <text x="320" y="312" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="120" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(initialsOf(product.name))}</text>
  <text x="40" y="64" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="26" fill="#ffffff" opacity="0.9">${escapeXml(series.toUpperCase())}</text>
  ${lines.map((l, i) => `<text x="320" y="${470 + i * 40}" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="32" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(l)}</text>`).join('\n  ')}
  <rect x="220" y="560" width="200" height="44" rx="22" fill="#000000" opacity="0.35"/>
  <text x="320" y="590" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="20" fill="#ffffff" text-anchor="middle">${escapeXml(productType(product.name, product.category))}</text>
</svg>`;
}

export function bannerSvg(banner: { title: string; subtitle: string; theme: string }, width = 1600, height = 600): string {
  const [from, to] = paletteFor(banner.theme);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1600 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.6"><stop offset="0" stop-color="${to}"/><stop offset="1" stop-color="${from}"/></linearGradient></defs>
  <rect width="1600" height="600" fill="url(#g)"/>
  <circle cx="1320" cy="300" r="260" fill="#ffffff" opacity="0.10"/>
  <circle cx="1420" cy="120" r="120" fill="#ffffff" opacity="0.08"/>
  <path d="M0 520 L1600 380 L1600 600 L0 600 Z" fill="#000000" opacity="0.18"/>
  <text x="110" y="270" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="84" font-weight="bold" fill="#ffffff">${escapeXml(banner.title)}</text>
  <text x="114" y="350" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="38" fill="#ffffff" opacity="0.9">${escapeXml(banner.subtitle)}</text>
  <text x="1320" y="330" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="110" font-weight="bold" fill="#ffffff" opacity="0.85" text-anchor="middle">${escapeXml(initialsOf(banner.theme))}</text>
</svg>`;
}

export const renderProductImage = (product: { name: string; category: string; description: string }) =>
  sharp(Buffer.from(productSvg(product)))
    .webp({ quality: 82 })
    .toBuffer();

export const renderBannerImage = (banner: { title: string; subtitle: string; theme: string }) =>
  sharp(Buffer.from(bannerSvg(banner)))
    .webp({ quality: 80 })
    .toBuffer();
