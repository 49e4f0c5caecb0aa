// The journeys' REST client: they set up what a screen needs through the portal's public API (partners,
// clients, applications, fees), so a journey looks only at the screens it is about.

/** The bootstrap admin every journey's portal starts with (ADMIN_EMAIL, ADMIN_PASSWORD). */
export const ADMIN = { email: 'admin@e2e.test', password: 'admin-password-123' };

/** A complete partner application (POST /api/partners) for journeys that seed applicants through the API. */
export function sampleApplication(companyName: string, contactName: string) {
  return {
    companyName,
    contactName,
    companyType: 'agency',
    expectedVolume: '3-5 referrals/month',
    paymentMethod: 'Wire',
    bankName: 'First Bank of Oregon',
    bankRoutingNumber: '021000021',
    bankAccountNumber: '000123456789',
    bankAccountType: 'checking',
    bankAccountHolderName: companyName,
    bankAddress: '1 Main St, Portland, OR',
    beneficiaryAddress: '2 Side St, Portland, OR',
    agreementSigned: true,
  };
}

/** A partner the admin creates directly (approved, agreement signed); the rest of the form has defaults. */
export interface PartnerSeed {
  email: string;
  password: string;
  companyName: string;
  contactName: string;
  companyType?: string;
  expectedVolume?: string;
  website?: string;
}

/** The password of the partners journeys seed; a journey about passwords chooses its own. */
export const PARTNER_PASSWORD = 'partner-password-1';

/** A partner to seed, signing in with PARTNER_PASSWORD; `details` fills more of the form than the defaults. */
export function partnerSeed(
  email: string,
  companyName: string,
  contactName: string,
  details: Pick<PartnerSeed, 'companyType' | 'expectedVolume' | 'website'> = {},
): PartnerSeed {
  return { email, password: PARTNER_PASSWORD, companyName, contactName, ...details };
}

export interface SeededPartner {
  id: string;
  token: string;
  referralCode: string;
  status: string;
}

/** Wire bank details as a partner enters them in Settings. */
const WIRE_DETAILS = {
  paymentMethod: 'Wire',
  bankName: 'First Bank of Oregon',
  bankRoutingNumber: '021000021',
  bankAccountNumber: '000123456789',
  bankAccountType: 'checking',
  bankAddress: '1 Main St, Portland, OR 97204',
  beneficiaryAddress: '2 Market St, Portland, OR 97204',
} as const;

/** A client the admin adds for a partner (the Add Client form's fields). */
export interface ClientSeed {
  partnerId: string;
  clientCompanyName: string;
  serviceType: string;
  monthlyValue: number | string;
  [field: string]: unknown;
}

/** Won with annual sales past the agreement's qualification threshold. */
const WON = { annualSales: '1000000.00' };

export type ApiClient = ReturnType<typeof api>;

/** A small REST client for setting up journeys through the public API. */
export function api(baseUrl: string) {
  async function call<T = unknown>(
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ): Promise<{ status: number; body: T; headers: Headers }> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as T, headers: res.headers };
  }
  /** A call that must answer `expected` (one status or several): answers its body, or throws with what came back. */
  async function expectCall<T = unknown>(
    expected: number | number[],
    method: string,
    path: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<T> {
    const res = await call<T>(method, path, body, token, headers);
    if (!([] as number[]).concat(expected).includes(res.status))
      throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  }
  async function login(email: string, password: string): Promise<string> {
    const res = await call<{ token: string }>('POST', '/api/auth/login', { email, password });
    if (res.status !== 200) throw new Error(`login failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token;
  }
  async function register(email: string, password: string): Promise<string> {
    const res = await call<{ token: string }>('POST', '/api/auth/register', { email, password });
    if (res.status !== 200 && res.status !== 201)
      throw new Error(`register failed for ${email}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.token;
  }
  /** The bootstrap admin's session token. */
  const adminToken = () => login(ADMIN.email, ADMIN.password);
  /**
   * The admin creates an approved partner (POST /api/admin/partners); answers its id, referral code
   * and a session of its own.
   */
  async function createPartner(adminToken: string, partner: PartnerSeed): Promise<SeededPartner> {
    const { id } = await expectCall<{ id: string }>(
      201,
      'POST',
      '/api/admin/partners',
      { companyType: 'agency', expectedVolume: '3-5 referrals/month', ...partner },
      adminToken,
    );
    const token = await login(partner.email, partner.password);
    // Registration asks for bank details; a partner the admin creates adds them in Settings, and a payout
    // pays nobody without them.
    await expectCall(
      200,
      'PUT',
      '/api/partners/payment-method',
      { ...WIRE_DETAILS, bankAccountHolderName: partner.companyName, currentPassword: partner.password },
      token,
    );
    const me = await expectCall<{ referralCode: string; status: string }>(
      200,
      'GET',
      '/api/partners/me',
      undefined,
      token,
    );
    return { id, token, referralCode: me.referralCode, status: me.status };
  }
  /**
   * The admin adds a client for a partner (POST /api/admin/referrals) and moves it to Won with `won`'s
   * fields; answers the referral as the create answered it.
   */
  async function addWonClient<T extends { id: string } = { id: string }>(
    adminToken: string,
    client: ClientSeed,
    won: Record<string, unknown> = WON,
  ): Promise<T> {
    const created = await expectCall<T>(201, 'POST', '/api/admin/referrals', client, adminToken);
    await expectCall(200, 'PATCH', `/api/admin/referrals/${created.id}`, { stage: 'won', ...won }, adminToken);
    return created;
  }
  return {
    call,
    expectCall,
    login,
    adminToken,
    createPartner,
    /** The bootstrap admin creates an approved partner (`createPartner` under `adminToken`). */
    createPartnerAsAdmin: async (partner: PartnerSeed) => createPartner(await adminToken(), partner),
    addWonClient,
    /**
     * The admin creates an approved partner (`createPartner`) and adds its won clients (`addWonClient`), one for
     * each [company name, service type] of `clients` in that order, each with `fields` (monthly value, contract
     * start …); answers the partner.
     */
    async createPartnerWithWonClients(
      adminToken: string,
      partner: PartnerSeed,
      clients: ReadonlyArray<readonly [clientCompanyName: string, serviceType: string]>,
      fields: Pick<ClientSeed, 'monthlyValue'> & Record<string, unknown>,
    ): Promise<SeededPartner> {
      const created = await createPartner(adminToken, partner);
      for (const [clientCompanyName, serviceType] of clients)
        await addWonClient(adminToken, { partnerId: created.id, clientCompanyName, serviceType, ...fields });
      return created;
    },
    /**
     * Fees from the monthly accrual instead of client payments: the admin switches the fee basis to
     * activeMonth and accrues `month`.
     */
    async accrueActiveMonth(adminToken: string, month: string): Promise<void> {
      await expectCall(200, 'PATCH', '/api/admin/program-settings', { feeBasis: 'activeMonth' }, adminToken);
      await expectCall(200, 'POST', '/api/admin/commissions/accrue', { month }, adminToken);
    },
    /** Signs up and submits a complete application (`sampleApplication` with `overrides`); answers the session and the application's id. */
    async apply(
      email: string,
      password: string,
      companyName: string,
      contactName: string,
      overrides: Record<string, unknown> = {},
    ): Promise<{ token: string; id: string }> {
      const token = await register(email, password);
      const application = { ...sampleApplication(companyName, contactName), ...overrides };
      const { id } = await expectCall<{ id: string }>(201, 'POST', '/api/partners', application, token);
      return { token, id };
    },
    /** An application the admin approves (through the approval endpoint, as the queue's button does). */
    async approve(adminToken: string, partnerId: string): Promise<void> {
      await expectCall(200, 'POST', `/api/admin/partners/${partnerId}/approve`, {}, adminToken);
    },
    register,
  };
}
