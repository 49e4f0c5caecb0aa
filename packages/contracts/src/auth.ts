import { z } from 'zod';
import { AUTH_PASSWORD_MIN } from './constants';
import { USER_ROLES } from './enums';
import { emailField, passwordField } from './fields';
import { MESSAGES } from './messages';

export const credentialsInput = z.object({
  email: emailField,
  password: passwordField(AUTH_PASSWORD_MIN, MESSAGES.authPasswordMin),
});
export type CredentialsInput = z.input<typeof credentialsInput>;

export const userOutput = z.object({ id: z.uuid(), email: z.string(), role: z.enum(USER_ROLES) });
export type SessionUserOutput = z.infer<typeof userOutput>;

export const authResultOutput = z.object({ token: z.string(), user: userOutput });
export type AuthResult = z.infer<typeof authResultOutput>;

export const okOutput = z.object({ ok: z.literal(true) });
