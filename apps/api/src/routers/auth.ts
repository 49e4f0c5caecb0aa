import {
  acceptInvitationInput,
  authResultOutput,
  changePasswordInput,
  credentialsInput,
  displayNameOutput,
  forgotPasswordInput,
  loginOutput,
  messageOutput,
  mfaCodeInput,
  mfaEnableInput,
  mfaEnableOutput,
  mfaSetupOutput,
  mfaVerifyInput,
  okOutput,
  resetLinkInput,
  resetLinkStatusOutput,
  resetPasswordInput,
  updateDisplayNameInput,
  userOutput,
  type SessionUserOutput,
} from '@portal/contracts';
import type { TRPCRouterRecord } from '@trpc/server';
import {
  completeMfaSignIn,
  registerAccount,
  sessionUserView,
  signIn,
  signOut,
  disableMfa,
  enableMfa,
  setupMfa,
  acceptInvitation,
  updateDisplayName,
  changePassword,
  requestPasswordReset,
  resetLinkStatus,
  resetPassword,
} from '../services/accounts';
import { authedProcedure, enrolledProcedure, publicProcedure } from '../trpc/init';

/** auth.register, auth.login, auth.me, auth.logout; password recovery and change; invitations. */
export const authProcedures = {
  register: publicProcedure
    .input(credentialsInput)
    .output(authResultOutput)
    .mutation(({ ctx, input }) => registerAccount(ctx.deps, { credentials: input, ip: ctx.ip })),

  login: publicProcedure
    .input(credentialsInput)
    .output(loginOutput)
    .mutation(({ ctx, input }) => signIn(ctx.deps, { credentials: input, ip: ctx.ip })),

  me: authedProcedure
    .meta({ outputSchema: userOutput })
    .query(({ ctx }): SessionUserOutput => sessionUserView(ctx.deps.config, ctx.user)),

  logout: authedProcedure.output(okOutput).mutation(async ({ ctx }) => {
    await signOut(ctx.deps, ctx.user.id);
    return { ok: true as const };
  }),

  forgotPassword: publicProcedure
    .input(forgotPasswordInput)
    .output(messageOutput)
    .mutation(({ ctx, input }) => requestPasswordReset(ctx.deps, { email: input.email, ip: ctx.ip })),

  // A mutation although it changes nothing: the token travels in the body, not in an address that
  // proxies and logs keep.
  checkResetLink: publicProcedure
    .input(resetLinkInput)
    .output(resetLinkStatusOutput)
    .mutation(({ ctx, input }) => resetLinkStatus(ctx.deps, { token: input.token })),

  resetPassword: publicProcedure
    .input(resetPasswordInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => resetPassword(ctx.deps, input)),

  changePassword: authedProcedure
    .input(changePasswordInput)
    .output(authResultOutput)
    .mutation(({ ctx, input }) => changePassword(ctx.deps, { sessionUser: ctx.user, input, ip: ctx.ip })),

  // A team member's own name, as the activity log and the team list show it.
  updateDisplayName: enrolledProcedure
    .input(updateDisplayNameInput)
    .output(displayNameOutput)
    .mutation(({ ctx, input }) => updateDisplayName(ctx.deps.db, { user: ctx.user, displayName: input.displayName })),

  // Two-factor sign-in. The enrolment calls need only a session, so a team member
  // who must enrol (ADMIN_MFA_REQUIRED) can reach them.
  mfaSetup: authedProcedure.output(mfaSetupOutput).mutation(({ ctx }) => setupMfa(ctx.deps, ctx.user)),

  mfaEnable: authedProcedure
    .input(mfaEnableInput)
    .output(mfaEnableOutput)
    .mutation(({ ctx, input }) =>
      enableMfa(ctx.deps, { user: ctx.user, code: input.code, currentPassword: input.currentPassword, ip: ctx.ip }),
    ),

  mfaDisable: authedProcedure
    .input(mfaCodeInput)
    .output(okOutput)
    .mutation(({ ctx, input }) => disableMfa(ctx.deps, { user: ctx.user, code: input.code, ip: ctx.ip })),

  mfaVerify: publicProcedure
    .input(mfaVerifyInput)
    .output(authResultOutput)
    .mutation(({ ctx, input }) => completeMfaSignIn(ctx.deps, { input, ip: ctx.ip })),

  acceptInvitation: publicProcedure
    .input(acceptInvitationInput)
    .output(authResultOutput)
    .mutation(({ ctx, input }) => acceptInvitation(ctx.deps, { input, ip: ctx.ip })),
} satisfies TRPCRouterRecord;
