import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../helpers/agent';
import { ACCOUNTS, PASSWORD } from '../helpers/accounts';
import { readAuthnRequest, TestSamlIdp } from '../helpers/saml-idp';
import { samlForm } from '../helpers/saml-setup';
import { signIn, startProduct, type Product } from './support/product';

let product: Product;
let northwindId: number;
// The IdP lives on another site (localhost, not 127.0.0.1), so its form post to the ACS is cross-site.
const idp = new TestSamlIdp('https://idp.northwind.example/saml', 'http://localhost:9/saml/sso');

beforeAll(async () => {
  product = await startProduct();
  northwindId = (
    await product.server.ctx.db.selectFrom('clients').select('id').where('company_code', '=', 'NW01').executeTakeFirstOrThrow()
  ).id;
  const admin = new Agent(product.server.url);
  expect((await admin.login(ACCOUNTS.admin, PASSWORD)).status).toBe(200);
  expect((await admin.post('/admin/sso-configurations', samlForm(northwindId, idp, 'northwind.example'))).status).toBe(200);
});
afterAll(async () => {
  await product?.close();
});

describe('SAML 2.0 single sign-on in the browser', () => {
  it('goes to the IdP, comes back with a cross-site form post and lands signed in', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    // The IdP's page: answers the AuthnRequest with a signed assertion in an HTTP-POST form.
    await context.route('http://localhost:9/**', async (route) => {
      const request = readAuthnRequest(route.request().url());
      const xml = idp.signAssertion(
        idp.response({
          inResponseTo: request.id,
          acsUrl: request.acsUrl,
          audience: request.issuer,
          nameId: 'e2e-ada',
          email: 'ada.saml@northwind.example',
          givenName: 'Ada',
        }),
      );
      await route.fulfill({
        contentType: 'text/html',
        body: `<!doctype html><html lang="en"><title>IdP</title><form method="post" action="${request.acsUrl}"><input type="hidden" name="SAMLResponse" value="${Buffer.from(xml).toString('base64')}"><button>Continue to the portal</button></form></html>`,
      });
    });
    await page.goto('/user/sso-login');
    await page.getByRole('button', { name: 'Ok' }).click();
    await page.getByLabel('Work email').fill('ada.saml@northwind.example');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Continue to the portal' }).click();
    await page.waitForURL((url) => url.origin === product.server.url && url.pathname === '/user');
    expect(await page.evaluate(() => localStorage.getItem('loginType'))).toBe('1');
    expect(await page.evaluate(async () => (await fetch('/blogs/api/get-user', { credentials: 'include' })).status)).toBe(200);
    await context.close();
  });

  it('an administrator sees the SAML fields, not the OpenID ones, and saves them', async () => {
    const context = await product.newContext();
    const page = await context.newPage();
    await signIn(page, ACCOUNTS.admin);
    await page.goto('/admin/sso_configuration');
    await page.locator('#root_client_id').selectOption({ label: 'Northwind' });
    await expect.poll(() => page.getByLabel(/^IdP single sign-on URL/).inputValue()).toBe(idp.ssoUrl);
    expect(await page.getByLabel('SAML 2.0').isChecked()).toBe(true);
    expect(await page.getByLabel(/^Client secret/).count()).toBe(0);
    await page.getByText(`/blogs/api/sso/saml/metadata/${northwindId}`).first().waitFor();
    await page.getByLabel(/^E-mail domains/).fill('northwind.example, northwind.co.uk');
    await page.getByRole('button', { name: 'Save SSO configuration' }).click();
    await page.getByText('The SSO configuration has been saved.').waitFor();
    const row = await product.server.ctx.db
      .selectFrom('sso_configurations')
      .select(['protocol', 'domains'])
      .where('client_id', '=', northwindId)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ protocol: 'saml', domains: ['northwind.example', 'northwind.co.uk'] });
    await context.close();
  });
});
