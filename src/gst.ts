import { loadEnv } from './config/env.js';
import { connectToStore } from './db/connect-to-store.js';
import { GST_USAGE, GstUsageError, runGstCli } from './modules/gst/cli.js';

/** `npm run gst -- gstr1 --month 2026-11 [--format csv]`: reads the invoices read model of the store's database. */
async function main(args: string[]): Promise<number> {
  const db = await connectToStore(loadEnv());
  try {
    return await runGstCli(args, db, (line) => console.log(line));
  } finally {
    await db.close();
  }
}

main(process.argv.slice(2).filter((a, i) => !(i === 0 && a === '--'))).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof GstUsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      console.error(`${(error as Error).message}\n\n${GST_USAGE}`);
      process.exit(2);
    }
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
