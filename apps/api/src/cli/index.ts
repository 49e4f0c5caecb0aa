// Operations from the shell: pnpm --filter @portal/api cli <command> [options]

import { parseArgs } from 'node:util';
import { migrateToLatest } from '@portal/db';
import { loadConfig } from '../config';
import { createDeps, openDatabase } from '../deps';
import { createLogger } from '../logger';

type Command = (args: string[]) => Promise<void>;

const commands: Record<string, Command> = {
  async migrate() {
    const config = loadConfig();
    const handle = openDatabase(config);
    try {
      const applied = await migrateToLatest(handle.db);
      console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Already up to date');
    } finally {
      await handle.close();
    }
  },
};

export async function withDeps<T>(run: (deps: ReturnType<typeof createDeps>) => Promise<T>): Promise<T> {
  const config = loadConfig();
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
