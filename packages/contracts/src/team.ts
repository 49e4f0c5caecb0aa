// Admin team and account security: invitations, roles, TOTP two-factor sign-in, and the
// partner's own profile and bank details.

import { z } from 'zod';
import { ADMIN_ACCOUNT_PASSWORD_MIN } from './constants';
import { ADMIN_ROLES, COMPANY_TYPES } from './enums';
import {
  currentPasswordField,
  emailField,
  emptyToNull,
  idField,
  optionalPhone,
  optionalWebsite,
  passwordField,
  requiredString,
  requiredText,
  singleLine,
  timestamp,
} from './fields';
import { MESSAGES } from './messages';
import { authResultOutput } from './auth';
import { wireBankDetails } from './payment-methods';

export const INVITATION_VALID_DAYS = 7;
export const MFA_CHALLENGE_VALID_MINUTES = 5;
export const RECOVERY_CODE_COUNT = 10;

const adminRole = z.enum(ADMIN_ROLES, { error: MESSAGES.invalidRole });

export const inviteMemberInput = z.object({ email: emailField, role: adminRole });
export type InviteMemberInput = z.input<typeof inviteMemberInput>;

export const changeMemberRoleInput = z.object({ userId: idField, role: adminRole });
export const removeMemberInput = z.object({ userId: idField });
/** Revoke or resend a pending invitation. */
export const invitationIdInput = z.object({ invitationId: idField });

const TEAM_MESSAGES_DISPLAY_NAME = 'The name must be at most 100 characters';

/** How the activity log and the team list name a member ("Alex Rivera moved …"); blank is no name (the email then). */
const displayNameText = singleLine(
  'The name',
  z.string({ error: TEAM_MESSAGES_DISPLAY_NAME }).trim().max(100, TEAM_MESSAGES_DISPLAY_NAME),
);

const tokenField = (message: string) => requiredString(message, 200, message);

/** Team accounts follow the administrator password rule (at least 12 characters). */
export const acceptInvitationInput = z.object({
  token: tokenField(MESSAGES.invitationInvalid),
  password: passwordField(ADMIN_ACCOUNT_PASSWORD_MIN, MESSAGES.adminPasswordTooShort),
  displayName: displayNameText.optional().transform((value) => value || undefined),
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationInput>;

/** A team member names themself; an empty name removes it, and the email names them again. */
export const updateDisplayNameInput = z.object({ displayName: displayNameText.transform((value) => value || null) });
export type UpdateDisplayNameInput = z.input<typeof updateDisplayNameInput>;
export const displayNameOutput = z.object({ displayName: z.string().nullable() });
export type DisplayName = z.infer<typeof displayNameOutput>;

export const teamMemberOutput = z.object({
  id: z.uuid(),
  email: z.string(),
  displayName: z.string().nullable(),
  role: z.enum(ADMIN_ROLES),
  active: z.boolean(),
  mfaEnabled: z.boolean(),
  createdAt: timestamp,
  deactivatedAt: timestamp.nullable(),
});
export type TeamMember = z.infer<typeof teamMemberOutput>;

export const teamInvitationOutput = z.object({
  id: z.uuid(),
  email: z.string(),
  role: z.enum(ADMIN_ROLES),
  expiresAt: timestamp,
  createdAt: timestamp,
});
export type TeamInvitation = z.infer<typeof teamInvitationOutput>;

export const teamOutput = z.object({ members: z.array(teamMemberOutput), invitations: z.array(teamInvitationOutput) });
export type Team = z.infer<typeof teamOutput>;

// Two-factor sign-in (RFC 6238 TOTP).
/** A 6-digit code, or a recovery code (xxxxx-xxxxx); spaces are ignored. */
export const mfaCodeField = z
  .string({ error: MESSAGES.mfaCodeRequired })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().min(6, MESSAGES.mfaCodeRequired).max(32, MESSAGES.mfaCodeRequired));

export const mfaCodeInput = z.object({ code: mfaCodeField });
/** Turning two-factor sign-in on asks for the password too: a session alone cannot lock its owner out. */
export const mfaEnableInput = z.object({
  code: mfaCodeField,
  currentPassword: currentPasswordField,
});
export type MfaEnableInput = z.input<typeof mfaEnableInput>;
/** A team admin's reset of a member's two-factor sign-in. */
export const resetMemberMfaInput = z.object({ userId: idField });
export type MfaCodeInput = z.input<typeof mfaCodeInput>;
export const mfaVerifyInput = z.object({ mfaToken: tokenField(MESSAGES.mfaChallengeInvalid), code: mfaCodeField });
export type MfaVerifyInput = z.input<typeof mfaVerifyInput>;

export const mfaSetupOutput = z.object({ secret: z.string(), otpauthUrl: z.string() });
export type MfaSetup = z.infer<typeof mfaSetupOutput>;
/** The recovery codes, shown once, and a new session: turning it on signs every other session out. */
export const mfaEnableOutput = authResultOutput.extend({ recoveryCodes: z.array(z.string()) });

/** Sign-in answers a session, or (MFA on) the token of the code step and no session. */
export const loginOutput = z.union([
  authResultOutput,
  z.object({ mfaRequired: z.literal(true), mfaToken: z.string() }),
]);
export type LoginResult = z.infer<typeof loginOutput>;

// Partner self-service.
/** Absent: unchanged. Empty or null: cleared (website, phone). */
const clearable = <T extends z.ZodType>(schema: T) => z.preprocess(emptyToNull, z.union([z.null(), schema])).optional();

export const updatePartnerProfileInput = z.object({
  companyName: singleLine('Company name', requiredText(MESSAGES.companyNameRequired)).optional(),
  contactName: singleLine('Contact name', requiredText(MESSAGES.contactNameRequired)).optional(),
  companyType: z.enum(COMPANY_TYPES, { error: MESSAGES.companyTypeRequired }).optional(),
  website: clearable(optionalWebsite),
  phone: clearable(optionalPhone),
});
export type UpdatePartnerProfileInput = z.input<typeof updatePartnerProfileInput>;

/** The wire fields of the registration form, all required, and the current password. */
export const updateBankDetailsInput = z.object(wireBankDetails);
export type UpdateBankDetailsInput = z.input<typeof updateBankDetailsInput>;
