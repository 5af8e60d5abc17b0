import { useEffect, useRef, useState } from 'react';
import { Link } from '../app/history';
import { fillNodes } from '../i18n/fill';
import { useT } from '../i18n/texts';
import { href } from '../../../generated/routes';

const ACCEPTED_KEY = 'cookieNoticeAccepted';
/** The notice's height, read by app.css: the page keeps that much room below its content. */
const HEIGHT_VAR = '--cookie-notice-height';

/**
 * SPEC §1 cookie notice "Your Privacy" with an Ok button, linking to the privacy policy and terms.
 * A compact bar along the bottom whose height the page reserves (body padding, app.css), so it never
 * covers a page's last control, such as the contact form's Send button on a phone.
 */
export function CookieNotice() {
  const [open, setOpen] = useState(() => localStorage.getItem(ACCEPTED_KEY) !== '1');
  const t = useT();
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const notice = ref.current;
    const root = document.documentElement;
    if (!open || !notice) return undefined;
    const reserve = () => root.style.setProperty(HEIGHT_VAR, `${Math.ceil(notice.getBoundingClientRect().height)}px`);
    reserve();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(reserve);
    observer?.observe(notice);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(HEIGHT_VAR);
    };
  }, [open]);
  if (!open) return null;
  return (
    <aside ref={ref} className="cookie-notice" role="region" aria-labelledby="cookie-notice-title">
      <div className="cookie-notice-text">
        <h2 id="cookie-notice-title">{t('cookie.title')}</h2>
        <p>
          {fillNodes(t('cookie.text'), {
            privacy: <Link to={href('privacy_policy')}>{t('cookie.privacy')}</Link>,
            terms: <Link to={href('terms_of_service')}>{t('cookie.terms')}</Link>,
          })}
        </p>
      </div>
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
