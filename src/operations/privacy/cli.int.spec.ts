import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../../db/migrate.js';
import { memoryClient } from '../../event-store/esdb-memory-client.fixture.js';
import { EventStoreDbEventStore } from '../../event-store/eventstoredb.js';
import { createTestDatabase } from '../../../tests/helpers/test-runtime.js';
import { verifyStoreChains } from '../../modules/audit/chain-sources.js';
import '../../modules/customers/customer.js';
import { parsePrivacyArgs, PrivacyUsageError, runPrivacyCli } from './cli.js';
import { PersonalDataCodec } from '../../modules/privacy/codec.js';
import { SubjectKeyStore } from '../../modules/privacy/subject-keys.js';

/** `npm run privacy -- encrypt-esdb-log`: its arguments, and a run against the in-memory EventStoreDB client. */
describe('npm run privacy: arguments', () => {
  const from = 'esdb://old-store:2113?tls=false';
  const to = 'esdb+discover://admin:changeit@new-store:2113';

  it('takes encrypt-esdb-log with two different esdb:// connection strings', () => {
    expect(parsePrivacyArgs(['encrypt-esdb-log', '--from', from, '--to', to])).toEqual({ command: 'encrypt-esdb-log', from, to });
    expect(parsePrivacyArgs([`--to=${to}`, 'encrypt-esdb-log', `--from=${from}`])).toEqual({ command: 'encrypt-esdb-log', from, to });
  });

  it.each([
    [[], 'a command is required'],
    [['encrypt-log', '--from', from, '--to', to], "unknown command 'encrypt-log'"],
    [['encrypt-esdb-log', '--to', to], '--from is required (an esdb:// connection string)'],
    [['encrypt-esdb-log', '--from', from], '--to is required (an esdb:// connection string)'],
    [['encrypt-esdb-log', '--from', 'postgres://localhost/store', '--to', to], '--from must be an esdb:// or esdb+discover:// connection string'],
    [['encrypt-esdb-log', '--from', from, '--to', 'esdb://'], '--to must be an esdb:// or esdb+discover:// connection string'],
    [['encrypt-esdb-log', '--from', from, '--to', from], '--from and --to must name different databases (the copy goes into a new, empty one)'],
    [['encrypt-esdb-log', 'extra', '--from', from, '--to', to], "unexpected argument 'extra'"],
    [['encrypt-esdb-log', '--form', from, '--to', to], "Unknown option '--form'"],
    [['encrypt-esdb-log', '--from'], "Option '--from <value>' argument missing"],
  ])('refuses %j: %s', (args, message) => {
    expect(() => parsePrivacyArgs(args)).toThrow(PrivacyUsageError);
    expect(() => parsePrivacyArgs(args)).toThrow(message);
  });

  it('exits 2 with the usage on stderr before connecting to anything', async () => {
    const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/privacy.ts', '--', 'encrypt-esdb-log', '--from', from], {
      // Nothing here could be reached: a run that connected would fail differently (exit 1).
      env: { ...process.env, DATABASE_URL: 'postgres://nobody@127.0.0.1:9/none', EVENTSTORE_URL: '' },
      timeout: 120_000,
    });
    const failure = (await run.then(
      () => null,
      (error: unknown) => error,
    )) as { code: number; stderr: string } | null;
    expect(failure?.code).toBe(2);
    expect(failure?.stderr).toContain('--to is required (an esdb:// connection string)');
    expect(failure?.stderr).toContain('usage: npm run privacy -- <command>');
  }, 180_000);
});

describe('npm run privacy -- encrypt-esdb-log: a run', () => {
  let pool: pg.Pool;
  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: await createTestDatabase(), max: 4 });
    await migrate(pool);
  });
  afterAll(async () => pool?.end());

  it('copies the old log into the empty one, encrypted, prints what it did (no password), and refuses a target that holds events', async () => {
    const codec = await PersonalDataCodec.create(new SubjectKeyStore(pool, randomBytes(32)));
    const servers = new Map([
      ['esdb://old-store:2113?tls=false', memoryClient()],
      ['esdb://admin:secret-pass@new-store:2113?tls=false', memoryClient()],
    ]);
    const openEsdb = (url: string) => new EventStoreDbEventStore('esdb://unused:2113?tls=false', { client: servers.get(url)!.client });
    const customerId = randomUUID();
    const email = `cli-${customerId}@example.in`;
    const metadata = { correlationId: randomUUID(), timestamp: '2026-01-05T10:00:00.000Z' };
    const old = openEsdb('esdb://old-store:2113?tls=false');
    await old.appendStored(
      `customer-${customerId}`,
      [{ type: 'CustomerRegistered', data: { customerId, email, fullName: 'Clear Name Shopper', passwordHash: 'scrypt$clear' }, metadata }],
      { expectedVersion: 'no_stream' },
    );
    await old.appendStored(`customer-email-${email}`, [{ type: 'EmailClaimed', data: { email, customerId }, metadata }], { expectedVersion: 'no_stream' });

    const command = parsePrivacyArgs([
      'encrypt-esdb-log',
      '--from',
      'esdb://old-store:2113?tls=false',
      '--to',
      'esdb://admin:secret-pass@new-store:2113?tls=false',
    ]);
    const lines: string[] = [];
    expect(await runPrivacyCli(command, { codec, openEsdb }, (line) => lines.push(line))).toBe(0);
    expect(JSON.parse(lines.join('\n'))).toEqual({
      from: 'esdb://old-store:2113?tls=false',
      to: 'esdb://admin:***@new-store:2113?tls=false',
      copied: 2,
      events: 2,
      streams: 2,
    });
    expect(lines.join('\n')).not.toContain('secret-pass');

    const copy = servers.get('esdb://admin:secret-pass@new-store:2113?tls=false')!.all;
    const stored = JSON.stringify(copy.map((e) => [e.streamId, e.data]));
    for (const secret of ['Clear Name Shopper', email, 'scrypt$clear']) expect(stored).not.toContain(secret);
    expect(copy.map((e) => e.type)).toEqual(['CustomerRegistered', 'EmailClaimed', 'PersonalDataLogEncrypted']);
    expect((await verifyStoreChains(openEsdb('esdb://admin:secret-pass@new-store:2113?tls=false'))).ok).toBe(true);

    await expect(runPrivacyCli(command, { codec, openEsdb }, () => undefined)).rejects.toThrow(/already holds events/);
  });
});
