import { chromium } from 'playwright-core';
import { generate } from 'otplib';
import { readFileSync } from 'node:fs';
const base = 'http://127.0.0.1:3456';
const pw = 'demo-password-2026';
const j = async (method, path, body, token, extra = {}) => {
  const r = await fetch(base + path, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...extra }, body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  let json; try { json = JSON.parse(text); } catch { json = text; }
  return { status: r.status, json };
};
const login = async (email, password = pw) => (await j('POST', '/api/auth/login', { email, password })).json.token;
const admin = await login('admin@partnerportal.demo');
// A finance member with two-factor on, through an invitation.
const email = `finance-${Date.now().toString(36)}@partnerportal.demo`;
await j('POST', '/api/admin/team/invitations', { email, role: 'finance' }, admin);
await new Promise((r) => setTimeout(r, 3000));
const log = readFileSync('/tmp/shots-server.log', 'utf8');
const token = [...log.matchAll(/accept-invitation\?token=([A-Za-z0-9_-]+)/g)].map((m) => m[1]).at(-1);
const accepted = await j('POST', '/api/auth/accept-invitation', { token, password: 'Finance-Password-2026' });
let ft = accepted.json.token;
const setup = await j('POST', '/api/auth/mfa/setup', {}, ft);
const en = await j('POST', '/api/auth/mfa/enable', { code: await generate({ secret: setup.json.secret }), currentPassword: 'Finance-Password-2026' }, ft);
console.log('invite', accepted.status, 'enable', en.status);
// A password reset mail, so the Email log has a cleared one.
await j('POST', '/api/auth/forgot-password', { email: 'maya@northwind-growth.demo' });
await new Promise((r) => setTimeout(r, 3000));
const maya = await login('maya@northwind-growth.demo');

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox', '--disable-gpu'] });
async function shot(name, token, path, width, scheme, act) {
  const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 }, colorScheme: scheme });
  const page = await ctx.newPage();
  await page.addInitScript(([t, s]) => { localStorage.setItem('auth_token', t); localStorage.setItem('mantine-color-scheme-value', s); }, [token, scheme]);
  await page.goto(base + path);
  await page.waitForLoadState('networkidle');
  if (act) await act(page);
  await page.waitForTimeout(600);
  await page.screenshot({ path: `/tmp/shots/${name}-${width}-${scheme}.png`, fullPage: true });
  await ctx.close();
}
for (const width of [1366, 390]) for (const scheme of ['light', 'dark']) {
  await shot('tax-edit', maya, '/dashboard', width, scheme, async (p) => {
    await p.getByRole('tab', { name: 'Settings' }).click();
    const card = p.locator('.mantine-Card-root').filter({ has: p.getByRole('heading', { name: 'Tax information' }) });
    const edit = card.getByRole('button', { name: 'Edit' });
    if (await edit.count()) await edit.click();
    await card.getByRole('button', { name: 'Save tax information' }).scrollIntoViewIfNeeded();
  });
  await shot('team', admin, '/admin/team', width, scheme);
  await shot('team-reset-dialog', admin, '/admin/team', width, scheme, async (p) => { await p.getByRole('button', { name: /Reset two-factor sign-in of/ }).first().click(); await p.getByRole('dialog').waitFor(); });
  await shot('emails', admin, '/admin/emails', width, scheme);
  await shot('settings', maya, '/dashboard', width, scheme, async (p) => {
    await p.getByRole('tab', { name: 'Settings' }).click();
    await p.getByRole('button', { name: 'Set up two-factor sign-in' }).click();
    await p.getByTestId('mfa-secret').waitFor();
  });
}
await browser.close();
