import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { SOURCE_OF_TRUTH_TABLES } from './source-tables.js';
import { BackupRefused, parseLine, type BackupHeader, type BackupLine, type BackupTrailer } from './format.js';

/** The uncompressed lines of a backup file, one at a time (a damaged gzip stream is a refusal, not a crash). */
export async function* rawLines(file: string): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let pieces: string[] = [];
  const source = createReadStream(file);
  const gunzip = createGunzip();
  // pipe() does not forward the file's errors (no such file, unreadable): hand them to the loop below.
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      const text = decoder.write(chunk);
      let start = 0;
      for (let newline = text.indexOf('\n'); newline >= 0; newline = text.indexOf('\n', start)) {
        pieces.push(text.slice(start, newline));
        yield pieces.join('');
        pieces = [];
        start = newline + 1;
      }
      if (start < text.length) pieces.push(text.slice(start));
    }
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupRefused(`no backup file at ${file}`);
    throw new BackupRefused(`the backup file is damaged (${(error as Error).message})`);
  }
  if (pieces.join('') + decoder.end() !== '') throw new BackupRefused('the backup ends in the middle of a line: it was cut short');
}

const ORDER: Record<BackupLine['kind'], number> = { header: 0, event: 1, row: 2, media: 3, head: 4, end: 5 };

export interface CheckedBackup {
  header: BackupHeader;
  trailer: BackupTrailer;
}

function checkEventTuple(line: Extract<BackupLine, { kind: 'event' }>, n: number): void {
  const [stream, version, id, type, createdAt, , hash] = line.event;
  if (
    typeof stream !== 'string' ||
    !Number.isInteger(version) ||
    typeof id !== 'string' ||
    typeof type !== 'string' ||
    typeof createdAt !== 'string' ||
    typeof hash !== 'string'
  ) {
    throw new BackupRefused(`line ${n} is not a whole event`);
  }
}

/**
 * Checks a backup line by line as it is read: lines in the expected order, the content's SHA-256 against the trailer,
 * the counts, and the anchor's digest against its heads. `finish()` gives the verdict once the last line is in; any
 * difference refuses the file with the reason.
 */
export class BackupChecker {
  private readonly content = createHash('sha256');
  private readonly anchor = createHash('sha256');
  private header: BackupHeader | null = null;
  private trailer: BackupTrailer | null = null;
  private stage = -1;
  private n = 0;
  private readonly seen = { events: 0, media: 0, streams: 0, rows: 0 };

  line(raw: string): BackupLine {
    const n = (this.n += 1);
    if (this.trailer) throw new BackupRefused(`line ${n} follows the end line: the backup was edited`);
    const line = parseLine(raw, n);
    if (ORDER[line.kind] < this.stage || (line.kind === 'header' && this.stage >= 0))
      throw new BackupRefused(`line ${n} (${line.kind}) is out of place: the backup was edited`);
    if (this.stage < 0 && line.kind !== 'header') throw new BackupRefused('the file does not start with a backup header: it is not a store backup');
    this.stage = ORDER[line.kind];
    if (line.kind === 'end') {
      this.trailer = line.end;
      return line;
    }
    this.content.update(`${raw}\n`);
    if (line.kind === 'header') this.header = line.header;
    else if (line.kind === 'event') {
      checkEventTuple(line, n);
      this.seen.events += 1;
    } else if (line.kind === 'row') {
      if (!(SOURCE_OF_TRUTH_TABLES as readonly string[]).includes(line.table))
        throw new BackupRefused(`line ${n} holds a row of ${JSON.stringify(line.table)}, which is not a table a backup carries`);
      this.seen.rows += 1;
    } else if (line.kind === 'media') this.seen.media += 1;
    else {
      const [stream, version, hash] = line.head;
      this.anchor.update(`${stream}\n${version}\n${hash}\n`);
      this.seen.streams += 1;
    }
    return line;
  }

  finish(): CheckedBackup {
    const { header, trailer, seen } = this;
    if (!header) throw new BackupRefused('the file is empty: it is not a store backup');
    if (!trailer) throw new BackupRefused('the backup has no end line: it was cut short');
    if (this.content.digest('hex') !== trailer.sha256)
      throw new BackupRefused('the content does not match the checksum in its end line: the backup is damaged or was edited');
    if (seen.events !== trailer.events || seen.media !== trailer.media || seen.streams !== trailer.streams || seen.rows !== (trailer.rows ?? 0)) {
      throw new BackupRefused(
        `the end line counts ${trailer.events} events, ${trailer.rows ?? 0} table rows, ${trailer.media} images and ${trailer.streams} streams, the file holds ${seen.events}, ${seen.rows}, ${seen.media} and ${seen.streams}`,
      );
    }
    if (this.anchor.digest('hex') !== trailer.anchorDigest) throw new BackupRefused("the anchor's heads do not match its digest: the backup was edited");
    return { header, trailer };
  }
}

/** Reads and checks the whole file (BackupChecker) without writing anything. */
export async function checkBackup(file: string): Promise<CheckedBackup> {
  const checker = new BackupChecker();
  for await (const raw of rawLines(file)) checker.line(raw);
  return checker.finish();
}

/** The first line only: what the file says it is (nothing else is checked). */
export async function readHeader(file: string): Promise<BackupHeader> {
  for await (const raw of rawLines(file)) {
    const line = parseLine(raw, 1);
    if (line.kind !== 'header') break;
    return line.header;
  }
  throw new BackupRefused('the file does not start with a backup header: it is not a store backup');
}

/** The lines of a file, each checked by `checker` as it is read (call checker.finish() after the last). */
export async function* checkedLines(file: string, checker: BackupChecker): AsyncGenerator<BackupLine> {
  for await (const raw of rawLines(file)) yield checker.line(raw);
}
