import { lazy, Suspense, useCallback, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Link, useLocation } from '../app/history';
import { useSession } from '../session/store';
import { BackToTop } from '../shell/back-to-top';
import { CookieNotice } from '../shell/cookie-notice';
import { COMPACT_HEADER_PX, useScrollY } from '../shell/use-scroll';
import { useDocumentLanguage } from '../i18n/html-lang';
import { useT } from '../i18n/texts';
import { href } from '../../../generated/routes';

/** Its own chunk: only a user without a region ever sees it (page-weight bench targets). */
const RegionPopup = lazy(() => import('../popups/region-popup').then((m) => ({ default: m.RegionPopup })));

/** SPEC §1 default brand colours, overridden by the client's. */
export const DEFAULT_PRIMARY = '#FF9500';
export const DEFAULT_SECONDARY = '#1A191C';

/** The client's brand colours as CSS variables (--brand-primary, --brand-secondary). */
export function useBrandStyle(): CSSProperties {
  const client = useSession((s) => s.client);
  return {
    '--brand-primary': client?.hex_color || DEFAULT_PRIMARY,
    '--brand-secondary': client?.secondary_hex_color || DEFAULT_SECONDARY,
  } as CSSProperties;
}

/** True while the menu of a header should be open, its setter and a stable close; collapses on navigation (SPEC §2). */
export function useCollapsingMenu(): [boolean, (open: boolean) => void, () => void] {
  const [open, setOpen] = useState(false);
  const location = useLocation();
  useEffect(() => setOpen(false), [location.pathname]);
  const close = useCallback(() => setOpen(false), []);
  return [open, setOpen, close];
}

/**
 * What every layout shares: skip link, a header that turns compact after 50 px, the main landmark,
 * the footer with the dynamic copyright year, back-to-top, the cookie notice and the region popup.
 */
export function Chrome({
  className,
  header,
  footer,
  children,
}: {
  className: string;
  header: ReactNode;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const compact = useScrollY() > COMPACT_HEADER_PX;
  const t = useT();
  useDocumentLanguage();
  const style = useBrandStyle();
  // SPEC §2 / §4: the region popup is forced while the signed-in user has no region.
  const needsRegion = useSession((s) => s.status === 'authenticated' && !!s.user && !!s.client && !s.user.region);
  return (
    <div className={`layout ${className}`} style={style}>
      <a className="skip-link" href="#main">
        {t('shell.skip')}
      </a>
      <header className={`site-header${compact ? ' compact' : ''}`}>{header}</header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      {footer ?? <DefaultFooter />}
      <BackToTop />
      <CookieNotice />
      {needsRegion && (
        <Suspense fallback={null}>
          <RegionPopup />
        </Suspense>
      )}
    </div>
  );
}

export function DefaultFooter() {
  const footer = useSession((s) => s.client?.site_footer);
  const t = useT();
  return (
    <footer className="site-footer">
      <nav aria-label={t('shell.nav_legal')}>
        <Link to={href('privacy_policy')}>{t('shell.privacy_policy')}</Link> <Link to={href('terms_of_service')}>{t('shell.terms')}</Link>{' '}
        <Link to={href('learn_more')}>{t('shell.contact')}</Link>
      </nav>
      {footer && <p>{footer}</p>}
      <p>© {new Date().getFullYear()} ErgoPortal</p>
    </footer>
  );
}

/** The product or client logo linking home (`product`: the product's even when the client has a logo). */
export function Logo({ to = '/', product = false }: { to?: string; product?: boolean }) {
  const client = useSession((s) => s.client);
  const t = useT();
  return (
    <Link to={to} className="logo">
      {client?.logo && !product ? (
        <img src={client.logo} alt={t('shell.logo_home', { company: client.company_name })} height={36} />
      ) : (
        <span className="wordmark">
          Ergo<strong>Portal</strong>
        </span>
      )}
    </Link>
  );
}
