import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/** Test helper: runs the `npm run audit` entry point (src/audit.ts) against a database; stdout and stderr together. */
export async function auditCli(databaseUrl: string, ...args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'src/audit.ts', ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl, EVENTSTORE_URL: '' },
      timeout: 60_000,
    });
    return { code: 0, stdout };
  } catch (error) {
    const e = error as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? -1, stdout: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}
