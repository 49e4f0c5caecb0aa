// Operations from the shell: pnpm --filter @portal/api cli <command> [options]

import { parseArgs } from 'node:util';
import { migrateToLatest } from '@portal/db';
import { monthInput, previousMonthKey } from '@portal/contracts';
import { loadConfig } from '../config';
import { secureDataDir } from '../data-dir';
import { createDeps, openDatabase } from '../deps';
import { createLogger } from '../logger';
import { runAccrual } from '../services/accrual';
import { ensureAdmin } from '../services/admin-bootstrap';
import { formatSignIns, seedDemo } from '../services/demo-seed';
import { reencryptBankNumbers } from '../services/reencrypt';

type Command = (args: string[]) => Promise<void>;

const commands: Record<string, Command> = {
  async migrate() {
    const config = loadConfig();
    secureDataDir(config.dataDir);
    const handle = openDatabase(config);
    try {
      const applied = await migrateToLatest(handle.db);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
    } finally {
      await handle.close();
    }
  },
  /** accrue --month YYYY-MM (default: the month just ended) */
  async accrue(args) {
    const { values } = parseArgs({ args, options: { month: { type: 'string' } }, strict: true });
    const parsed = monthInput.safeParse({ month: values.month ?? previousMonthKey(new Date()) });
    if (!parsed.success) throw new Error(`${parsed.error.issues[0]?.message ?? 'Invalid month'} (usage: cli accrue --month YYYY-MM)`);
    const result = await withDeps((deps) => runAccrual(deps, parsed.data.month, deps.now()));
    console.log(`Accrued ${result.month}: ${result.created} created, ${result.skipped} skipped (already accrued)`);
  },
  /** seed-demo: fills an empty database with the demo program and prints the sign-ins. */
  async 'seed-demo'() {
    if (loadConfig().env === 'production') throw new Error('seed-demo is refused with NODE_ENV=production: the demo accounts have a published password');
    const signIns = await withDeps((deps) => seedDemo(deps));
    console.log(signIns.length ? formatSignIns(signIns) : 'The database is not empty; demo data is only added to an empty database.');
  },
  /** reencrypt: rewrites every bank number with the current key, so DATA_ENCRYPTION_OLD_KEYS can be emptied. */
  async reencrypt() {
    const { result, keyId } = await withDeps(async (deps) => ({ result: await reencryptBankNumbers(deps.db, deps.cipher), keyId: deps.cipher.keyId }));
    console.log(`Re-encrypted ${result.rewritten} bank numbers (${result.current} already current) of ${result.scanned} partners under key ${keyId}`);
    if (result.unreadable.length > 0) {
      throw new Error(`${result.unreadable.length} partners hold a bank number no configured key decrypts (left unchanged; keep the old keys until they are resolved): ${result.unreadable.join(', ')}`);
    }
  },
  async 'create-admin'(args) {
    const { values } = parseArgs({ args, options: { email: { type: 'string' }, password: { type: 'string' } }, strict: true });
    if (!values.email || !values.password) throw new Error('Usage: cli create-admin --email <email> --password <password (at least 12 characters, not a common one)>');
    const { email, password } = values;
    const result = await withDeps((deps) => ensureAdmin(deps, email, password));
    console.log(result.status === 'created' ? `Admin ${email.trim().toLowerCase()} created` : `Admin ${email.trim().toLowerCase()} already exists; nothing changed`);
  },
};

export async function withDeps<T>(run: (deps: ReturnType<typeof createDeps>) => Promise<T>): Promise<T> {
  const config = loadConfig();
  secureDataDir(config.dataDir);
  const handle = openDatabase(config);
  await migrateToLatest(handle.db);
  const deps = createDeps(config, handle, createLogger('warn'));
  try {
    return await run(deps);
  } finally {
    await deps.rateLimits.close();
    await handle.close();
  }
}

export { parseArgs };

const [name, ...rest] = process.argv.slice(2);
const command = name ? commands[name] : undefined;
if (!command) {
  console.error(`Usage: cli <${Object.keys(commands).join('|')}> [options]`);
  process.exit(2);
}
try {
  await command(rest);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
