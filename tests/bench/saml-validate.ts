import { performance } from 'node:perf_hooks';
import type { SsoSettings } from '../../src/server/api/sso/config-store';
import { spEndpoints, validateResponse } from '../../src/server/api/sso/saml';
import { TestSamlIdp } from '../helpers/saml-idp';

/**
 * The server-side cost of checking one signed SAML response (parse, RSA-SHA256 signature, conditions),
 * in-process without HTTP or database: the part of the ACS that grows with the IdP's answer.
 */
export async function benchSamlValidate(iterations = Number(process.env.BENCH_SAML_ITERATIONS ?? 300)): Promise<void> {
  const idp = new TestSamlIdp('https://idp.bench.example/saml', 'https://idp.bench.example/sso');
  const sp = spEndpoints('http://127.0.0.1:3000', 1);
  const settings: SsoSettings = {
    clientId: 1,
    protocol: 'saml',
    issuer: idp.entityId,
    oidcClientId: null,
    clientSecret: null,
    samlSsoUrl: idp.ssoUrl,
    samlCertificate: idp.certificate,
    domains: ['bench.example'],
    defaultRoleId: null,
    updatedAt: new Date(),
  };
  const responses = Array.from({ length: iterations }, (_, i) => {
    const xml = idp.response({
      inResponseTo: `_req${i}`,
      acsUrl: sp.acsUrl,
      audience: sp.entityId,
      nameId: `user-${i}`,
      email: `user${i}@bench.example`,
    });
    return { id: `_req${i}`, encoded: Buffer.from(idp.signAssertion(xml)).toString('base64') };
  });
  const times: number[] = [];
  for (const r of responses) {
    const start = performance.now();
    const checked = await validateResponse(settings, sp, r.encoded, { id: r.id, createdAt: new Date() });
    times.push(performance.now() - start);
    if (!checked.ok) throw new Error(`bench response refused: ${checked.detail}`);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  console.log(
    `SAML response check (${iterations} signed responses, in-process): mean ${mean.toFixed(2)} ms, p99 ${times[Math.floor(times.length * 0.99)].toFixed(2)} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await benchSamlValidate();
