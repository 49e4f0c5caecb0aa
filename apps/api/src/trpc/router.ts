// The AppRouter: four namespaces (DESIGN §2). Each area's procedures live in their own file.

import { adminActivityProcedures } from '../routers/admin-activity';
import { adminCommissionProcedures } from '../routers/admin-commissions';
import { adminEmailProcedures } from '../routers/admin-emails';
import { adminIntegrationProcedures } from '../routers/admin-integrations';
import { mailPreferenceProcedures } from '../routers/mail-preferences';
import { adminPartnerProcedures } from '../routers/admin-partners';
import { adminReferralProcedures } from '../routers/admin-referrals';
import { adminLeadProcedures, partnerLeadProcedures } from '../routers/lead-capture';
import { adminClientPaymentProcedures, partnerClientPaymentProcedures } from '../routers/admin-client-payments';
import { adminTeamProcedures } from '../routers/admin-team';
import { authProcedures } from '../routers/auth';
import { adminChartProcedures, partnerChartProcedures } from '../routers/charts';
import { adminMaterialProcedures, partnerMaterialProcedures } from '../routers/materials';
import { partnerBookProcedures } from '../routers/partner-books';
import { partnerCommissionProcedures } from '../routers/partner-commissions';
import { partnerProfileProcedures } from '../routers/partner-profile';
import { partnerReferralProcedures } from '../routers/partner-referrals';
import { programSettingsProcedures } from '../routers/program-settings';
import {
  adminProgramTermsProcedures,
  partnerAgreementProcedures,
  publicProgramTermsProcedures,
} from '../routers/program-terms';
import { siteProcedures } from '../routers/public';
import { publicReferralProcedures } from '../routers/public-referrals';
import { createCallerFactory, router } from './init';

export const appRouter = router({
  auth: router(authProcedures),
  partner: router({
    ...partnerProfileProcedures,
    ...partnerReferralProcedures,
    ...partnerCommissionProcedures,
    ...partnerBookProcedures,
    ...partnerMaterialProcedures,
    ...mailPreferenceProcedures,
    ...partnerChartProcedures,
    ...partnerLeadProcedures,
    ...partnerClientPaymentProcedures,
    ...partnerAgreementProcedures,
  }),
  admin: router({
    ...adminPartnerProcedures,
    ...adminReferralProcedures,
    ...adminCommissionProcedures,
    ...adminMaterialProcedures,
    ...adminEmailProcedures,
    ...adminChartProcedures,
    ...adminIntegrationProcedures,
    ...adminActivityProcedures,
    ...adminTeamProcedures,
    ...programSettingsProcedures,
    ...adminLeadProcedures,
    ...adminClientPaymentProcedures,
    ...adminProgramTermsProcedures,
  }),
  public: router({ ...siteProcedures, ...publicReferralProcedures, ...publicProgramTermsProcedures }),
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
