import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate } from '../../app/history';
import { landingPath } from '../../../shared/landing';
import type { PageProps } from '../../app/page-props';
import { ClientSwitchPopup } from '../../popups/client-switch-popup';
import { readEmployeeEmail } from '../../session/storage';
import { useSession } from '../../session/store';
import { startSso, type SsoStart } from './sso-start';
import { fillNodes } from '../../i18n/fill';
import { useT } from '../../i18n/texts';
import { href } from '../../../../generated/routes';

type Choice = NonNullable<SsoStart['clients']>[number];

/** /user/select-client/:multidomain: the e-mail's domain belongs to several companies; pick yours. */
function ChooseCompany({ domain }: { domain: string }) {
  const navigate = useNavigate();
  const t = useT();
  const email = readEmployeeEmail();
  const matches = Boolean(email && email.toLowerCase().endsWith(`@${domain.toLowerCase()}`));
  const [clients, setClients] = useState<readonly Choice[] | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!matches || !email) return;
    startSso(email).then(
      (answer) => {
        if (answer.clients) setClients(answer.clients);
        else if (answer.redirect) navigate(answer.redirect, { replace: true });
      },
      () => setClients([]),
    );
  }, [email, matches, navigate]);
  if (!matches) {
    return <p>{fillNodes(t('select.start_again'), { link: <Link to={href('sso_login')}>{t('select.sso')}</Link> })}</p>;
  }
  const go = async () => {
    if (chosen === null) {
      setError(t('select.required'));
      return;
    }
    setBusy(true);
    try {
      const answer = await startSso(email!, { clientId: chosen });
      if (!answer.authorization_url) navigate(answer.redirect ?? href('sso_login_error', { error: 'unknown-domain' }));
    } catch {
      setBusy(false);
    }
  };
  if (clients === null) return <p role="status">{t('select.loading_companies')}</p>;
  if (clients.length === 0) return <p className="empty-state">{t('select.none')}</p>;
  return (
    <>
      <p>{fillNodes(t('select.several'), { domain: <strong>{domain}</strong> })}</p>
      <fieldset className="client-cards" aria-describedby={error ? 'client-error' : undefined}>
        <legend>{t('select.choose')}</legend>
        {clients.map((c) => (
          <label key={c.id} className={`client-card${chosen === c.id ? ' selected' : ''}`}>
            <input
              type="radio"
              name="client"
              value={c.id}
              checked={chosen === c.id}
              onChange={() => {
                setChosen(c.id);
                setError('');
              }}
            />
            {c.logo ? (
              <img src={c.logo} alt="" />
            ) : (
              <span className="logo-placeholder" aria-hidden="true">
                {c.company_name.charAt(0)}
              </span>
            )}
            <span>{c.company_name}</span>
          </label>
        ))}
      </fieldset>
      {error && (
        <p id="client-error" className="field-error" role="alert">
          {error}
        </p>
      )}
      <button type="button" className="button wide" disabled={busy} onClick={() => void go()}>
        {busy ? t('auth.sso.busy') : t('auth.continue')}
      </button>
    </>
  );
}

/**
 * SPEC §2 /user/select-client/:multidomain? and §4 "Users with sso_status 1 are sent to the SSO
 * client-selection screen": with a domain, a person about to sign in picks their company; without
 * one, a signed-in SSO user who may work for several clients picks the client and region.
 */
export default function SelectClientPage({ params }: PageProps) {
  const navigate = useNavigate();
  const t = useT();
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const status = useSession((s) => s.status);
  const load = useSession((s) => s.load);
  // Once the choice is made the popup itself moves on after SPEC §9's 2 s; stay until then.
  const [opened, setOpened] = useState(false);
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (user?.sso_status === 1) setOpened(true);
  }, [user]);
  const heading = <h1 id="page-heading">{t('select.title')}</h1>;
  if (params.multidomain)
    return (
      <section aria-labelledby="page-heading">
        {heading}
        <ChooseCompany domain={params.multidomain} />
      </section>
    );
  if (status === 'loading') return <p role="status">{t('select.loading')}</p>;
  if (!user)
    return (
      <section aria-labelledby="page-heading">
        {heading}
        <p>{fillNodes(t('select.start_from'), { link: <Link to={href('sso_login')}>{t('select.sso')}</Link> })}</p>
      </section>
    );
  if (user.sso_status !== 1 && !opened) return <Navigate to={landingPath({ user, client })} replace />;
  return (
    <section aria-labelledby="page-heading">
      {heading}
      {closed ? <p role="status">{t('select.changed')}</p> : <p>{t('select.intro')}</p>}
      {!closed && (
        <ClientSwitchPopup
          onClose={() => setClosed(true)}
          onAbandoned={() => {
            void load().then(() => navigate(href('sso_login'), { replace: true }));
          }}
        />
      )}
    </section>
  );
}
