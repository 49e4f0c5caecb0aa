// The deployment files a newcomer runs with `docker compose up`: parsed and checked here because
// no Docker engine runs on the CI machine.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { findRepoRoot, loadConfig } from '../../src/config';
import { SERVER_NODE_FLAGS } from '../../src/heap-policy';

const root = findRepoRoot(import.meta.dirname);
const read = (name: string) => readFileSync(join(root, name), 'utf8');

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string> | string[];
  healthcheck?: { test?: string[] | string };
  depends_on?: Record<string, { condition?: string }> | string[];
  ports?: string[];
}

const compose = parse(read('docker-compose.yml')) as { services: Record<string, ComposeService> };

function environmentOf(service: ComposeService): Record<string, string> {
  const env = service.environment ?? {};
  if (!Array.isArray(env)) return env;
  return Object.fromEntries(env.map((line) => [line.split('=')[0] ?? '', line.slice(line.indexOf('=') + 1)]));
}

describe('docker-compose.yml', () => {
  it('runs postgres, redis, minio and the app', () => {
    expect(Object.keys(compose.services)).toEqual(expect.arrayContaining(['postgres', 'redis', 'minio', 'app']));
  });

  it.each(['postgres', 'redis', 'mailpit', 'minio', 'app'])('gives %s a health check', (name) => {
    const test = compose.services[name]?.healthcheck?.test;
    expect(test, `${name} has no healthcheck.test`).toBeTruthy();
    expect(Array.isArray(test) ? test.length : String(test).length).toBeGreaterThan(0);
  });

  it('checks the app through /api/ready (database, Redis and storage), not mere liveness', () => {
    expect(JSON.stringify(compose.services.app?.healthcheck?.test)).toContain('/api/ready');
  });

  it('runs MinIO with a health check and creates the bucket at start', () => {
    const minio = compose.services.minio as ComposeService;
    expect(minio.image).toMatch(/^minio\/minio/);
    expect(JSON.stringify(minio.healthcheck?.test)).toContain('ready');
    const init = compose.services['minio-init'] as ComposeService & {
      entrypoint?: string[] | string;
      command?: string[] | string;
    };
    expect(init.image).toMatch(/^minio\/mc/);
    expect((init.depends_on as Record<string, { condition?: string }>).minio?.condition).toBe('service_healthy');
    expect(JSON.stringify([init.entrypoint, init.command])).toMatch(/mc mb --ignore-existing local\/portal-files/);
  });

  it('stores uploaded files in the MinIO bucket, shared by every replica', () => {
    const app = compose.services.app as ComposeService;
    const env = environmentOf(app);
    expect(env).toMatchObject({
      STORAGE_DRIVER: 's3',
      S3_ENDPOINT: 'http://minio:9000',
      S3_BUCKET: 'portal-files',
      S3_FORCE_PATH_STYLE: 'true',
    });
    for (const name of ['S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PUBLIC_ENDPOINT'])
      expect(env[name], `${name} missing from app.environment`).toBeTruthy();
    const minioEnv = environmentOf(compose.services.minio as ComposeService);
    expect(env.S3_ACCESS_KEY_ID).toBe(minioEnv.MINIO_ROOT_USER);
    expect(env.S3_SECRET_ACCESS_KEY).toBe(minioEnv.MINIO_ROOT_PASSWORD);
    const conditions = app.depends_on as Record<string, { condition?: string }>;
    expect(conditions.minio?.condition).toBe('service_healthy');
    expect(conditions['minio-init']?.condition).toBe('service_completed_successfully');
    // The app's environment is accepted by its own configuration.
    const resolved = Object.fromEntries(
      Object.entries(env).map(([name, value]) => [
        name,
        value.replace(/\$\{[A-Z0-9_]+:[-?]([^}]*)\}/g, (_, fallback: string) => fallback.split(',')[0] ?? ''),
      ]),
    );
    expect(
      loadConfig({
        ...resolved,
        JWT_SECRET: 'x'.repeat(48),
        DATA_ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
      }).storage,
    ).toMatchObject({ driver: 's3', bucket: 'portal-files' });
  });

  it('starts the app only once postgres is healthy (and redis)', () => {
    const dependsOn = compose.services.app?.depends_on;
    expect(dependsOn && !Array.isArray(dependsOn)).toBe(true);
    const conditions = dependsOn as Record<string, { condition?: string }>;
    expect(conditions.postgres?.condition).toBe('service_healthy');
    expect(conditions.redis?.condition).toBe('service_healthy');
  });

  it('gives the app its database, secrets and shared throttling store', () => {
    const app = compose.services.app as ComposeService;
    const env = environmentOf(app);
    for (const name of ['DATABASE_URL', 'JWT_SECRET', 'DATA_ENCRYPTION_KEY', 'REDIS_URL']) {
      expect(env[name], `${name} missing from app.environment`).toBeTruthy();
    }
    expect(env.DATABASE_URL).toMatch(/^postgres(ql)?:\/\/.+@postgres:5432\//);
    expect(env.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
    expect(env.HOST).toBe('0.0.0.0');
    expect(app.build).toBeTruthy();
  });

  it('runs Mailpit (SMTP 1025, web UI 8025) and sends the app’s mail to it, with absolute links', () => {
    const mailpit = compose.services.mailpit as ComposeService;
    expect(mailpit?.image).toMatch(/^axllent\/mailpit:/);
    expect(mailpit.ports).toContain('8025:8025');
    expect(JSON.stringify(mailpit.healthcheck?.test)).toContain('readyz');
    const app = compose.services.app as ComposeService;
    const env = environmentOf(app);
    expect(env.SMTP_URL).toMatch(/smtp:\/\/mailpit:1025/);
    expect(env.MAIL_FROM).toBeTruthy();
    expect(env.PUBLIC_URL).toMatch(/https?:\/\//);
    expect((app.depends_on as Record<string, { condition?: string }>).mailpit?.condition).toBe('service_healthy');
  });

  it('does not ship a default secret', () => {
    const env = environmentOf(compose.services.app as ComposeService);
    expect(env.JWT_SECRET).toMatch(/^\$\{JWT_SECRET:\?/);
    expect(env.DATA_ENCRYPTION_KEY).toMatch(/^\$\{DATA_ENCRYPTION_KEY:\?/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const froms = instructions.filter((line) => /^FROM\s/i.test(line));

  it('is multi-stage', () => {
    expect(froms.length).toBeGreaterThanOrEqual(2);
    expect(instructions.some((line) => /^COPY\s+--from=/i.test(line))).toBe(true);
  });

  it('runs the final stage as a non-root user', () => {
    const lastFrom = instructions.lastIndexOf(froms[froms.length - 1] as string);
    const users = instructions.slice(lastFrom).filter((line) => /^USER\s/i.test(line));
    expect(users.length).toBeGreaterThan(0);
    const user = (users[users.length - 1] as string).split(/\s+/)[1];
    expect(user).toBeTruthy();
    expect(['root', '0', '0:0']).not.toContain(user);
  });

  it('installs with the frozen lockfile and starts the built server', () => {
    expect(dockerfile).toContain('pnpm install --frozen-lockfile');
    expect(dockerfile).toMatch(/CMD \["node", .*"dist\/main\.js"\]/);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/api\/health/);
  });

  it('keeps node_modules and local data out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((line) => line.trim());
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/.data', '.git']));
  });
});

describe("the server's heap policy", () => {
  // V8 reads the young generation's size only at start-up: every start path passes the flags.
  it('starts dist/main.js with SERVER_NODE_FLAGS in the Dockerfile and in `pnpm start`', () => {
    const cmd = read('Dockerfile')
      .split('\n')
      .find((line) => line.startsWith('CMD ['));
    expect(JSON.parse(cmd?.slice('CMD '.length) ?? '[]')).toEqual(['node', ...SERVER_NODE_FLAGS, 'dist/main.js']);
    // `pnpm start` ends in scripts/start.sh, which execs the Node binary itself with the flags.
    const api = JSON.parse(read('apps/api/package.json')) as { scripts: Record<string, string> };
    expect(api.scripts.start).toBe('exec scripts/start.sh');
    const exec = read('apps/api/scripts/start.sh')
      .split('\n')
      .find((line) => line.startsWith('exec '));
    expect(exec).toBe(`exec "$(node -p process.execPath)" ${SERVER_NODE_FLAGS.join(' ')} dist/main.js "$@"`);
  });
});
