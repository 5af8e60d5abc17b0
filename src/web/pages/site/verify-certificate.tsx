import { useEffect, useState } from 'react';
import type { PageProps } from '../../app/page-props';
import { callRoute } from '../../api/call-core';
import type { ApiResponse, ApiRoute } from '../../../../generated/api-types';
import { useT } from '../../i18n/texts';

type Found = ApiResponse<'certificate_verify'>;

/**
 * The call's route, written here rather than read from the table of every call (typed.ts), which
 * would weigh 2 kB on this public page (page-weight bench); it is manifest/api/training.yaml's
 * certificate_verify, which tests/e2e/training.test.ts calls through this page.
 */
const VERIFY_ROUTE: ApiRoute = ['GET', '/training/verify'];

/**
 * The public check of a training certificate (docs/product.md "Training"): the code printed on it,
 * typed in or given as ?code=, confirms the name, the course and the date, and nothing more.
 */
export default function VerifyCertificatePage(_props: PageProps) {
  const t = useT();
  const [code, setCode] = useState(() => new URLSearchParams(window.location.search).get('code') ?? '');
  const [result, setResult] = useState<Found | 'not_found' | 'failed' | null>(null);
  const [busy, setBusy] = useState(false);
  const check = async (value: string) => {
    if (!value.trim()) return;
    setBusy(true);
    try {
      const { data } = await callRoute('certificate_verify', VERIFY_ROUTE, { query: { code: value.trim() } });
      setResult(data);
    } catch (error) {
      setResult((error as { status?: number }).status === 404 ? 'not_found' : 'failed');
    } finally {
      setBusy(false);
    }
  };
  useEffect(() => {
    if (code) void check(code);
    // Only the address's code is checked on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <section aria-labelledby="page-heading" style={{ maxWidth: '40rem', margin: '2rem auto', padding: '0 1rem' }}>
      <h1 id="page-heading">{t('training.verify.title')}</h1>
      <p>{t('training.verify.intro')}</p>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void check(code);
        }}
        style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap', alignItems: 'flex-end' }}
      >
        <label style={{ display: 'grid', gap: '0.25rem', flex: '1 1 14rem' }}>
          {t('training.verify.code')}
          <input value={code} onChange={(e) => setCode(e.target.value)} maxLength={60} autoComplete="off" spellCheck={false} />
        </label>
        <button type="submit" className="button" disabled={busy}>
          {t('training.verify.check')}
        </button>
      </form>
      <div role="status" aria-live="polite">
        {result === 'not_found' && <p>{t('training.verify.not_found')}</p>}
        {result === 'failed' && <p>{t('training.verify.failed')}</p>}
        {result && typeof result === 'object' && (
          <>
            <p>
              <strong>{t('training.verify.found')}</strong>
            </p>
            <dl>
              <dt>{t('training.verify.name')}</dt>
              <dd>{result.name}</dd>
              <dt>{t('training.verify.course')}</dt>
              <dd>{result.course}</dd>
              <dt>{t('training.verify.date')}</dt>
              <dd>{result.completed_on}</dd>
            </dl>
          </>
        )}
      </div>
    </section>
  );
}
