import { useState } from 'react';
import { Link } from 'react-router-dom';
import { fillNodes } from '../i18n/fill';
import { useT } from '../i18n/texts';

const ACCEPTED_KEY = 'cookieNoticeAccepted';

/** SPEC §1 cookie notice "Your Privacy" with an Ok button, linking to the privacy policy and terms. */
export function CookieNotice() {
  const [open, setOpen] = useState(() => localStorage.getItem(ACCEPTED_KEY) !== '1');
  const t = useT();
  if (!open) return null;
  return (
    <aside className="cookie-notice" role="region" aria-labelledby="cookie-notice-title">
      <h2 id="cookie-notice-title">{t('cookie.title')}</h2>
      <p>
        {fillNodes(t('cookie.text'), {
          privacy: <Link to="/privacy-policy">{t('cookie.privacy')}</Link>,
          terms: <Link to="/terms-of-service">{t('cookie.terms')}</Link>,
        })}
      </p>
      <button
        type="button"
        className="button"
        onClick={() => {
          localStorage.setItem(ACCEPTED_KEY, '1');
          setOpen(false);
        }}
      >
        {t('cookie.ok')}
      </button>
    </aside>
  );
}
