import { loadEnv } from './config/env.js';
import { connectToStore } from './db/connect-to-store.js';
import { EventStoreDbEventStore } from './event-store/eventstoredb.js';
import { PRIVACY_USAGE, PrivacyUsageError, parsePrivacyArgs, runPrivacyCli } from './operations/privacy/cli.js';

/**
 * `npm run privacy -- encrypt-esdb-log --from esdb://old:2113 --to esdb://new:2113`: the arguments are checked before
 * anything is connected; the shoppers' keys come from the store's PostgreSQL database (DATABASE_URL, else the embedded
 * one) and DATA_KEY / DATA_DIR/data-key, as for `npm start`.
 */
async function main(args: string[]): Promise<number> {
  const command = parsePrivacyArgs(args);
  // The store's own EventStoreDB (if any) is not opened here: only the key table and the master key are needed.
  const db = await connectToStore({ ...loadEnv(), EVENTSTORE_URL: undefined });
  try {
    return await runPrivacyCli(command, { codec: db.personalData.codec, openEsdb: (url) => new EventStoreDbEventStore(url) }, (line) => console.log(line));
  } finally {
    await db.personalData.keys.close();
    await db.close();
  }
}

main(process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--'))).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof PrivacyUsageError) {
      console.error(`${error.message}\n\n${PRIVACY_USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
