// Configuration that must refuse to start or name what is wrong: missing secrets, wrong values,
// DEMO_DATA, TRUST_PROXY, DATA_ENCRYPTION_OLD_KEYS, HOST and CORS_ORIGINS.

import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEMO_ACH_ORIGINATOR, loadConfig } from '../../src/config';
import { portalLink } from '../../src/services/notifications';

const key = () => randomBytes(32).toString('base64');

describe('configuration', () => {
  it('names a missing JWT_SECRET and DATA_ENCRYPTION_KEY with DATABASE_URL', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: 'postgres://localhost/x' })).toThrow(
      /JWT_SECRET[\s\S]*DATA_ENCRYPTION_KEY/,
    );
  });

  it('names a wrong PORT', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('refuses an encryption key that is not 32 bytes', () => {
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: Buffer.from('short').toString('base64') })).toThrow(
      /DATA_ENCRYPTION_KEY/,
    );
  });

  it('defaults to the embedded database with demo data on', () => {
    const config = loadConfig({});
    expect(config.databaseUrl).toBeUndefined();
    expect(config.demoData).toBe(true);
    expect(config.port).toBe(3000);
  });
});

describe('DEMO_DATA', () => {
  it('is on only for a development start on the embedded database (pnpm start leaves NODE_ENV unset)', () => {
    expect(loadConfig({}).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'development' }).demoData).toBe(true);
    expect(loadConfig({ NODE_ENV: 'production' }).demoData).toBe(false);
    expect(loadConfig({ NODE_ENV: 'test' }).demoData).toBe(false);
    expect(
      loadConfig({ DATABASE_URL: 'postgres://localhost/x', JWT_SECRET: 'x'.repeat(32), DATA_ENCRYPTION_KEY: key() })
        .demoData,
    ).toBe(false);
  });

  it('gives a demo start sample ACH originator settings unless real ones are set, and no other start any', () => {
    expect(loadConfig({}).ach).toEqual(DEMO_ACH_ORIGINATOR);
    expect(loadConfig({ NODE_ENV: 'test', DEMO_DATA: 'true' }).ach).toEqual(DEMO_ACH_ORIGINATOR);
    expect(loadConfig({ NODE_ENV: 'test' }).ach).toBeUndefined();
    expect(loadConfig({ NODE_ENV: 'development', DEMO_DATA: 'false' }).ach).toBeUndefined();
    const real = {
      ACH_IMMEDIATE_DESTINATION: '021000021',
      ACH_IMMEDIATE_ORIGIN: '1987654321',
      ACH_COMPANY_NAME: 'THE FIRM',
      ACH_COMPANY_ID: '1987654321',
      ACH_ODFI_ROUTING: '011000015',
    };
    expect(loadConfig(real).ach).toMatchObject({ companyName: 'THE FIRM', immediateDestination: '021000021' });
  });

  it('is on when asked for explicitly outside production', () => {
    expect(loadConfig({ NODE_ENV: 'test', DEMO_DATA: 'true' }).demoData).toBe(true);
    expect(
      loadConfig({
        DEMO_DATA: 'true',
        DATABASE_URL: 'postgres://localhost/x',
        JWT_SECRET: 'x'.repeat(32),
        DATA_ENCRYPTION_KEY: key(),
      }).demoData,
    ).toBe(true);
    expect(loadConfig({ DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('refuses DEMO_DATA=true with NODE_ENV=production, naming the variable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'true' })).toThrow(
      /DEMO_DATA: is refused with NODE_ENV=production/,
    );
    expect(loadConfig({ NODE_ENV: 'production', DEMO_DATA: 'false' }).demoData).toBe(false);
  });

  it('never seeds demo accounts beside ADMIN_EMAIL', () => {
    expect(loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'admin-password' }).demoData).toBe(false);
    expect(() =>
      loadConfig({ ADMIN_EMAIL: 'boss@example.com', ADMIN_PASSWORD: 'admin-password', DEMO_DATA: 'true' }),
    ).toThrow(/DEMO_DATA: cannot be combined with ADMIN_EMAIL/);
  });
});

describe('TRUST_PROXY', () => {
  it('refuses true (every hop trusted), naming the variable', () => {
    for (const value of ['true', 'TRUE', ' true '])
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: true is refused/);
  });

  it('takes a hop count or addresses and CIDRs', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }).trustProxy).toBe('10.0.0.0/8,127.0.0.1');
    expect(loadConfig({}).trustProxy).toBe(false);
  });
});

describe('DATA_ENCRYPTION_OLD_KEYS', () => {
  it('refuses an entry that is not 32 bytes in base64, naming the variable and the entry', () => {
    expect(() => loadConfig({ DATA_ENCRYPTION_OLD_KEYS: `${key()},${randomBytes(16).toString('base64')}` })).toThrow(
      /DATA_ENCRYPTION_OLD_KEYS: entry 2 must be 32 bytes/,
    );
    expect(() => loadConfig({ DATA_ENCRYPTION_OLD_KEYS: 'not a key' })).toThrow(/DATA_ENCRYPTION_OLD_KEYS: entry 1/);
  });

  it('keeps well-formed entries', () => {
    const [a, b] = [key(), key()];
    expect(loadConfig({ DATA_ENCRYPTION_OLD_KEYS: ` ${a} , ${b} ` }).dataEncryptionOldKeys).toEqual([a, b]);
  });
});

describe('HOST', () => {
  /** The reset link a mail gets on a start without PUBLIC_URL. */
  const resetLink = (host: string) =>
    portalLink(loadConfig({ HOST: host, PORT: '4585' }), '/reset-password', { token: 't' });

  it('takes IPv4 and IPv6 addresses and host names, and links to them in a form a browser opens', () => {
    expect(resetLink('127.0.0.1')).toBe('http://127.0.0.1:4585/reset-password?token=t');
    expect(resetLink('0.0.0.0')).toBe('http://localhost:4585/reset-password?token=t');
    expect(resetLink('::')).toBe('http://localhost:4585/reset-password?token=t');
    expect(resetLink('::1')).toBe('http://[::1]:4585/reset-password?token=t');
    expect(resetLink('2001:db8::7')).toBe('http://[2001:db8::7]:4585/reset-password?token=t');
    expect(resetLink('fe80::1%eth0')).toBe('http://localhost:4585/reset-password?token=t');
    expect(resetLink('portal.internal')).toBe('http://portal.internal:4585/reset-password?token=t');
    expect(resetLink('localhost')).toBe('http://localhost:4585/reset-password?token=t');
  });

  it('links to PUBLIC_URL whatever the address it listens on', () => {
    expect(
      portalLink(loadConfig({ HOST: '::', PUBLIC_URL: 'https://portal.example.com' }), '/reset-password', {
        token: 't',
      }),
    ).toBe('https://portal.example.com/reset-password?token=t');
  });

  it('refuses a value that is neither an IP address nor a host name, naming HOST', () => {
    for (const host of ['999.1.1.1', '1.2.3', 'http://example.com', '[::1]', 'two words', 'under_score.example', ''])
      expect(() => loadConfig({ HOST: host }), host).toThrow(/HOST: must be an IP address/);
  });
});

describe('CORS_ORIGINS', () => {
  it('takes origins: scheme, host and an optional port', () => {
    expect(
      loadConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:5173,https://Admin.Example.com' })
        .corsOrigins,
    ).toEqual(['https://app.example.com', 'http://localhost:5173', 'https://admin.example.com']);
  });

  it('refuses an entry with a path, a trailing slash or no scheme, naming CORS_ORIGINS and the entry', () => {
    for (const entry of [
      'https://app.example.com/',
      'https://app.example.com/portal',
      'app.example.com',
      'notanorigin',
    ])
      expect(() => loadConfig({ CORS_ORIGINS: `https://ok.example.com,${entry}` }), entry).toThrow(
        new RegExp(`CORS_ORIGINS: "${entry.replace(/[./]/g, '\\$&')}" is not an origin`),
      );
  });
});
