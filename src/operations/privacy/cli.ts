import { parseArgs } from 'node:util';
import { z } from 'zod';
import type { EventStoreDbEventStore } from '../../event-store/eventstoredb.js';
import type { PersonalDataCodec } from '../../modules/privacy/codec.js';
import { copyEsdbLogEncrypted } from './encrypt-esdb-log.js';

export const PRIVACY_USAGE = `usage: npm run privacy -- <command>
  encrypt-esdb-log --from ESDB-URL --to ESDB-URL
                        copy an EventStoreDB log written before personal-data encryption, in order, into a new,
                        empty EventStoreDB (personal fields sealed with each shopper's key from the store's database,
                        password hashes dropped, e-mail streams hashed); prints what was copied as JSON`;

export class PrivacyUsageError extends Error {}

const esdbUrl = (flag: string) =>
  z
    .string({ error: `--${flag} is required (an esdb:// connection string)` })
    .refine(
      (value) => /^esdb(\+discover)?:\/\/[^/\s]+/.test(value) && URL.canParse(value),
      `--${flag} must be an esdb:// or esdb+discover:// connection string`,
    );

const encryptEsdbLogArgs = z
  .object({ from: esdbUrl('from'), to: esdbUrl('to') })
  .refine((args) => args.from !== args.to, '--from and --to must name different databases (the copy goes into a new, empty one)');

export type PrivacyCommand = { command: 'encrypt-esdb-log'; from: string; to: string };

function parseCommandLine(args: string[]) {
  try {
    return parseArgs({ args, allowPositionals: true, strict: true, options: { from: { type: 'string' }, to: { type: 'string' } } });
  } catch (error) {
    throw new PrivacyUsageError((error as Error).message); // an unknown option, or --from without its value
  }
}

/** Parses the command line (nothing is connected yet): throws PrivacyUsageError on anything it cannot run. */
export function parsePrivacyArgs(args: string[]): PrivacyCommand {
  const parsed = parseCommandLine(args);
  const [command, ...extra] = parsed.positionals;
  if (command !== 'encrypt-esdb-log') throw new PrivacyUsageError(command ? `unknown command '${command}'` : 'a command is required');
  if (extra.length > 0) throw new PrivacyUsageError(`unexpected argument '${extra[0]}'`);
  const checked = encryptEsdbLogArgs.safeParse(parsed.values);
  if (!checked.success) throw new PrivacyUsageError(checked.error.issues[0]!.message);
  return { command, ...checked.data };
}

export interface PrivacyCliDeps {
  /** An EventStoreDB adapter without a codec (it reads and writes the stored form). */
  openEsdb(url: string): EventStoreDbEventStore;
  /** The store's personal-data codec (the key table is in the store's PostgreSQL database). */
  codec: PersonalDataCodec;
}

/** `npm run privacy`: runs a parsed command; returns the exit code. */
export async function runPrivacyCli(command: PrivacyCommand, deps: PrivacyCliDeps, out: (text: string) => void): Promise<number> {
  const source = deps.openEsdb(command.from);
  const target = deps.openEsdb(command.to);
  try {
    const result = await copyEsdbLogEncrypted(source, target, deps.codec);
    out(JSON.stringify({ from: redacted(command.from), to: redacted(command.to), ...result }, null, 2));
    return 0;
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}

/** A connection string as printed: without its password. */
function redacted(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}
