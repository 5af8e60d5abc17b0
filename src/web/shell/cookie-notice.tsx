import { useState } from 'react';
import { Link } from 'react-router-dom';

const ACCEPTED_KEY = 'cookieNoticeAccepted';

/** SPEC §1 cookie notice "Your Privacy" with an Ok button, linking to the privacy policy and terms. */
export function CookieNotice() {
  const [open, setOpen] = useState(() => localStorage.getItem(ACCEPTED_KEY) !== '1');
  if (!open) return null;
  return (
    <aside className="cookie-notice" role="region" aria-labelledby="cookie-notice-title">
      <h2 id="cookie-notice-title">Your Privacy</h2>
      <p>
        We use only the cookies needed to keep you signed in and to understand which pages help people most. Read our{' '}
        <Link to="/privacy-policy">privacy policy</Link> and <Link to="/terms-of-service">terms of service</Link>.
      </p>
      <button type="button" className="button" onClick={() => { localStorage.setItem(ACCEPTED_KEY, '1'); setOpen(false); }}>Ok</button>
    </aside>
  );
}
