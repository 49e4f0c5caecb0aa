import { z } from 'zod';
import { AUTH_PASSWORD_MIN } from './constants';
import { USER_ROLES } from './enums';
import { currentPasswordField, emailField, passwordField, requiredString } from './fields';
import { MESSAGES } from './messages';

export const credentialsInput = z.object({
  email: emailField,
  password: passwordField(AUTH_PASSWORD_MIN, MESSAGES.authPasswordMin),
});
export type CredentialsInput = z.input<typeof credentialsInput>;

export const userOutput = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(USER_ROLES),
  /** A team member's own name (auth.updateDisplayName); null when they have none. */
  displayName: z.string().nullable().optional(),
  /** What this user may do (services/platform/permissions.ts); the web shows or hides actions by it. */
  permissions: z.array(z.string()).optional(),
  mfaEnabled: z.boolean().optional(),
  /** ADMIN_MFA_REQUIRED and no TOTP yet: only enrolment is open until it is on. */
  mfaEnrolmentRequired: z.boolean().optional(),
});
export type SessionUserOutput = z.infer<typeof userOutput>;

export const authResultOutput = z.object({ token: z.string(), user: userOutput });
export type AuthResult = z.infer<typeof authResultOutput>;

export const okOutput = z.object({ ok: z.literal(true) });

// Account recovery. A new password follows the sign-up rule.
export const PASSWORD_RESET_VALID_MINUTES = 30;

export const forgotPasswordInput = z.object({ email: emailField });
export type ForgotPasswordInput = z.input<typeof forgotPasswordInput>;

/** The token travels in the link as 43 base64url characters (32 random bytes). */
export const resetPasswordInput = z.object({
  token: requiredString(MESSAGES.resetLinkInvalid, 200, MESSAGES.resetLinkInvalid),
  password: passwordField(AUTH_PASSWORD_MIN, MESSAGES.authPasswordMin),
});
export type ResetPasswordInput = z.input<typeof resetPasswordInput>;

/** Whether a reset link still works, asked when its page opens; the answer names no account. */
export const resetLinkInput = resetPasswordInput.pick({ token: true });
export const resetLinkStatusOutput = z.object({ valid: z.boolean() });
export type ResetLinkStatus = z.infer<typeof resetLinkStatusOutput>;

export const changePasswordInput = z.object({
  currentPassword: currentPasswordField,
  newPassword: passwordField(AUTH_PASSWORD_MIN, MESSAGES.authPasswordMin),
});
export type ChangePasswordInput = z.input<typeof changePasswordInput>;

export const messageOutput = z.object({ message: z.string() });
