import { describe, expect, it } from 'vitest';
import { authResultOutput, credentialsInput, MESSAGES, userOutput } from '../src';

const firstMessage = (input: unknown) => {
  const result = credentialsInput.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
};

describe('credentialsInput (authentication form)', () => {
  it('trims and lower-cases the email', () => {
    expect(credentialsInput.parse({ email: '  Someone@Example.COM ', password: 'secret1' })).toEqual({
      email: 'someone@example.com',
      password: 'secret1',
    });
  });

  it.each(['', 'plain', 'a@', '@b.co', 'a b@c.co', `${'x'.repeat(250)}@example.com`])(
    "refuses the email %j with the spec's message",
    (email) => {
      expect(firstMessage({ email, password: 'secret1' })).toBe(MESSAGES.invalidEmail);
    },
  );

  it("refuses a missing email with the spec's message", () => {
    expect(firstMessage({ password: 'secret1' })).toBe(MESSAGES.invalidEmail);
  });

  it('refuses a password under 6 characters with "Password must be at least 6 characters"', () => {
    expect(firstMessage({ email: 'a@b.co', password: '12345' })).toBe('Password must be at least 6 characters');
    expect(firstMessage({ email: 'a@b.co' })).toBe(MESSAGES.authPasswordMin);
  });

  it('accepts passwords of 6 and of 128 characters and keeps spaces in them', () => {
    expect(credentialsInput.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
    expect(credentialsInput.parse({ email: 'a@b.co', password: ` ${'p'.repeat(126)} ` }).password).toHaveLength(128);
  });

  it('refuses an absurdly long password', () => {
    expect(firstMessage({ email: 'a@b.co', password: 'p'.repeat(10_000) })).toBe(MESSAGES.passwordMax);
  });

  it('ignores a role sent by the client', () => {
    expect(credentialsInput.parse({ email: 'a@b.co', password: 'secret1', role: 'admin' })).not.toHaveProperty('role');
  });
});

describe('auth outputs', () => {
  it('describe a token and a user with a known role', () => {
    const user = { id: '4f7b2a2e-8d7c-4a51-9d0e-2b4c7d1e9f00', email: 'a@b.co', role: 'partner' };
    expect(authResultOutput.parse({ token: 'x.y.z', user })).toEqual({ token: 'x.y.z', user });
    expect(userOutput.safeParse({ ...user, role: 'owner' }).success).toBe(false);
  });
});
