/**
 * Zip-bomb probe for the bulk product import: an .xlsx of a few hundred KB whose sheet inflates to --mb megabytes is
 * posted to POST /api/admin/products/bulk on a server running as its own process. Prints the answer, the time it
 * took and the server's peak RSS (VmHWM) before and after; a safe import refuses it quickly with a 4xx and stays small.
 * Sent twice: with honest headers, and with headers that declare 4 KB per entry.
 * Usage: npx tsx bench/hardening/zip-bomb.ts [--mb 200]
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { DEMO_ADMIN } from '../../src/config/env.js';
import { startServer } from '../../tests/hardening/processes.js';
import { arg, startBenchDatabase } from '../lib/harness.js';

interface Entry {
  name: string;
  data: Buffer;
}

/** A deflate zip written by hand; with `lie` its headers declare 4 KB per entry whatever the real size. */
function zip(entries: Entry[], lie: boolean): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const compressed = zlib.deflateRawSync(entry.data, { level: 9 });
    const crc = zlib.crc32(entry.data);
    const name = Buffer.from(entry.name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0, 6);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(0, 10);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(compressed.length, 18);
    const declared = lie ? Math.min(entry.data.length, 4096) : entry.data.length;
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0, 8);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(0, 12);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(compressed.length, 20);
    central.writeUInt32LE(declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, compressed);
    centrals.push(central, name);
    offset += local.length + name.length + compressed.length;
  }
  const cd = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(cd.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, end]);
}

function bombXlsx(megabytes: number, lie: boolean): Buffer {
  const row = (r: number) => `<row r="${r}"><c r="A${r}" t="inlineStr"><is><t>Naruto</t></is></c><c r="B${r}"><v>999</v></c></row>`;
  const head = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>`;
  const tail = `</sheetData></worksheet>`;
  // One huge cell after a header row: inflates to `megabytes` MB, compresses about 1000:1.
  const filler = Buffer.alloc(megabytes * 1024 * 1024, 'A');
  const sheet = Buffer.concat([Buffer.from(head + row(1) + '<row r="2"><c r="A2" t="inlineStr"><is><t>'), filler, Buffer.from('</t></is></c></row>' + tail)]);
  const text = (s: string) => Buffer.from(s);
  return zip(
    [
      {
        name: '[Content_Types].xml',
        data: text(
          `<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
        ),
      },
      {
        name: '_rels/.rels',
        data: text(
          `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
        ),
      },
      {
        name: 'xl/workbook.xml',
        data: text(
          `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`,
        ),
      },
      {
        name: 'xl/_rels/workbook.xml.rels',
        data: text(
          `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
        ),
      },
      { name: 'xl/worksheets/sheet1.xml', data: sheet },
    ],
    lie,
  );
}

const peakRss = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
};

async function main() {
  const megabytes = arg('mb', 200);
  const db = await startBenchDatabase();
  const server = await startServer({
    DATABASE_URL: await db.createDatabase(),
    JWT_SECRET: 'zip-bomb-probe-secret-0123456789',
    DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'zip-bomb-')),
  });
  try {
    const pid = server.child.pid!;
    const login = (await (
      await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(DEMO_ADMIN) })
    ).json()) as { token: string };
    for (const lie of [false, true]) {
      const bomb = bombXlsx(megabytes, lie);
      console.log(`zip bomb${lie ? ' (headers lie: 4 KB declared)' : ''}: ${(bomb.length / 1024).toFixed(0)} KB .xlsx inflating to ${megabytes} MB`);
      const before = peakRss(pid);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bomb)], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), 'catalogue.xlsx');
      const started = Date.now();
      const response = await fetch(`${server.url}/api/admin/products/bulk`, {
        method: 'POST',
        headers: { authorization: `Bearer ${login.token}` },
        body: form,
      }).catch((error: Error) => ({ status: 0, text: async () => String(error) }));
      const ms = Date.now() - started;
      const body = await response.text();
      const alive = await fetch(`${server.url}/api/health`)
        .then((r) => r.status)
        .catch(() => 0);
      console.log(`answer: ${response.status} ${body.slice(0, 160)}`);
      console.log(
        `time: ${ms} ms; server peak RSS ${before.toFixed(0)} MB before -> ${peakRss(pid).toFixed(0)} MB after; server still answers /api/health: ${alive}`,
      );
    }
  } finally {
    server.child.kill('SIGKILL');
    await db.stop();
  }
}

main()
  .then(() => process.exit(0))
  .catch((error) => {
    console.error(error);
    process.exit(1);
  });
