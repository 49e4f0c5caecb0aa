// Operations from the shell: pnpm --filter @portal/api cli <command> [options]

import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { migrateToLatest } from '@portal/db';
import { monthInput, previousMonthKey } from '@portal/contracts';
import { loadConfig } from '../config';
import { retireStoredOldKeys } from '../secrets';
import { claimDataDir, requestBackup } from '../control';
import { secureDataDir } from '../data-dir';
import { createDeps, openDatabase } from '../deps';
import { createLogger } from '../logger';
import { runAccrual, taxFieldContext } from '../services/money';
import { ensureAdmin, mfaSecretContext } from '../services/accounts';
import {
  createBackupStream,
  restoreBackup,
  formatSignIns,
  seedDemo,
  reencryptBankNumbers,
  reencryptSealedColumn,
} from '../services/platform';
import { reencryptWebhookSecrets } from '../services/integrations';

type Command = (args: string[]) => Promise<void>;

/**
 * A path the user typed, against the folder they typed the command in: pnpm runs the cli in apps/api
 * and says where it was started in INIT_CWD.
 */
const fromCallerDirectory = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

/**
 * The file a backup or restore names (`--out` or `--from`) and the configuration; both work on the embedded
 * database only, and say what to use instead of them with DATABASE_URL.
 */
function embeddedArchive(args: string[], option: 'out' | 'from', usage: string, withDatabaseUrl: string) {
  const { values } = parseArgs({ args, options: { [option]: { type: 'string' } }, strict: true });
  const file = values[option];
  if (typeof file !== 'string' || !file) throw new Error(usage);
  const config = loadConfig();
  if (config.databaseUrl) throw new Error(withDatabaseUrl);
  return { file, config };
}

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
    if (!parsed.success)
      throw new Error(`${parsed.error.issues[0]?.message ?? 'Invalid month'} (usage: cli accrue --month YYYY-MM)`);
    const result = await withDeps((deps) => runAccrual(deps, { month: parsed.data.month }));
    console.log(`Accrued ${result.month}: ${result.created} created, ${result.skipped} skipped (already accrued)`);
    if (result.reason) console.error(result.reason);
  },
  /** seed-demo: fills an empty database with the demo program and prints the sign-ins. */
  async 'seed-demo'() {
    if (loadConfig().env === 'production')
      throw new Error('seed-demo is refused with NODE_ENV=production: the demo accounts have a published password');
    const signIns = await withDeps((deps) => seedDemo(deps));
    console.log(
      signIns.length
        ? formatSignIns(signIns)
        : 'The database is not empty; demo data is only added to an empty database.',
    );
  },
  /** reencrypt: rewrites every bank number, tax id, two-factor secret and webhook signing secret with the current key, so DATA_ENCRYPTION_OLD_KEYS can be emptied. */
  async reencrypt() {
    const { result, sealed, keyId } = await withDeps(async (deps) => ({
      result: await reencryptBankNumbers(deps.db, { cipher: deps.cipher }),
      sealed: {
        'tax ids': await reencryptSealedColumn(deps.db, {
          cipher: deps.cipher,
          sealed: {
            table: 'tax_profiles',
            key: 'partner_id',
            column: 'tin',
            context: taxFieldContext,
          },
        }),
        'two-factor secrets': await reencryptSealedColumn(deps.db, {
          cipher: deps.cipher,
          sealed: {
            table: 'users',
            key: 'id',
            column: 'mfa_secret',
            context: mfaSecretContext,
          },
        }),
        'webhook signing secrets': await reencryptWebhookSecrets(deps.db, deps.cipher),
      },
      keyId: deps.cipher.keyId,
    }));
    console.log(
      `Re-encrypted ${result.rewritten} bank numbers (${result.current} already current) of ${result.scanned} partners under key ${keyId}`,
    );
    for (const [what, outcome] of Object.entries(sealed)) console.log(`Re-encrypted ${outcome.rewritten} ${what}`);
    const unreadable = Object.entries(sealed).filter(([, outcome]) => outcome.unreadable.length > 0);
    if (unreadable.length > 0) {
      throw new Error(
        `Values no configured key decrypts (left unchanged): ${unreadable.map(([what, outcome]) => `${what} of ${outcome.unreadable.join(', ')}`).join('; ')}`,
      );
    }
    if (result.unreadable.length > 0) {
      throw new Error(
        `${result.unreadable.length} partners hold a bank number no configured key decrypts (left unchanged; keep the old keys until they are resolved): ${result.unreadable.join(', ')}`,
      );
    }
    // Every value reads under the current key: the earlier keys secrets.json kept are no longer needed.
    const retired = retireStoredOldKeys(loadConfig());
    if (retired > 0) console.log(`Removed ${retired} earlier data keys from secrets.json`);
  },
  /**
   * backup --out FILE: the embedded database, uploads and secrets.json in one .tar.gz (mode 600).
   * A running server takes it (through DATA_DIR/control.sock); otherwise this command opens the
   * database itself and holds DATA_DIR meanwhile, so no server starts on it halfway.
   */
  async backup(args) {
    const { file, config } = embeddedArchive(
      args,
      'out',
      'Usage: cli backup --out <file.tar.gz>',
      'cli backup covers the embedded database; with DATABASE_URL use pg_dump and copy DATA_DIR/uploads (see the README).',
    );
    if (!existsSync(join(config.dataDir, 'pglite')))
      throw new Error(`No embedded database in ${config.dataDir} (check DATA_DIR).`);
    const out = fromCallerDirectory(file);
    if (existsSync(out)) throw new Error(`${out} exists; choose a new file name.`);
    process.umask(0o077);
    const partial = `${out}.partial`;
    // 'wx' and mode 600: the archive holds the data key; a second run cannot write into this one.
    try {
      const sink = () => createWriteStream(partial, { flags: 'wx', mode: 0o600 });
      if (!(await requestBackup(config.dataDir, sink))) {
        const claim = await claimDataDir(config.dataDir, {
          backup: () => Promise.reject(new Error('A backup is running')),
        });
        const handle = openDatabase(config);
        try {
          await pipeline(await createBackupStream(handle, { dataDir: config.dataDir }), sink());
        } finally {
          await handle.close();
          await claim.release();
        }
      }
      renameSync(partial, out);
    } catch (error) {
      rmSync(partial, { force: true });
      throw error;
    }
    console.log(
      `Backup written to ${out}. It holds the data key that decrypts bank numbers: keep it as safe as DATA_DIR.`,
    );
  },
  /** restore --from FILE: fills an empty (or missing) DATA_DIR from a backup; refuses a non-empty one. */
  async restore(args) {
    const { file, config } = embeddedArchive(
      args,
      'from',
      'Usage: cli restore --from <file.tar.gz>',
      'cli restore fills the embedded database; with DATABASE_URL use pg_restore and copy the uploads back (see the README).',
    );
    process.umask(0o077);
    const manifest = await restoreBackup(fromCallerDirectory(file), config.dataDir);
    console.log(
      `Restored the backup of ${manifest.createdAt} into ${config.dataDir} (${manifest.uploads} uploaded files).`,
    );
    if (!manifest.secrets)
      console.log(
        'The archive holds no secrets.json: start with the same JWT_SECRET and DATA_ENCRYPTION_KEY as the server that wrote it.',
      );
  },
  async 'create-admin'(args) {
    const { values } = parseArgs({
      args,
      options: { email: { type: 'string' }, password: { type: 'string' } },
      strict: true,
    });
    if (!values.email || !values.password)
      throw new Error(
        'Usage: cli create-admin --email <email> --password <password (at least 12 characters, not a common one)>',
      );
    const { email, password } = values;
    const result = await withDeps((deps) => ensureAdmin(deps, { email, password }));
    console.log(
      result.status === 'created'
        ? `Admin ${email.trim().toLowerCase()} created`
        : `Admin ${email.trim().toLowerCase()} already exists; nothing changed`,
    );
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
