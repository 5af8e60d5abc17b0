import type { ReactNode } from 'react';
import { Chrome, Logo } from './chrome';

/** SPEC §2 login screens: header only, a logo linking to / and a login image. */
export function LoginLayout({ children }: { children: ReactNode }) {
  return (
    <Chrome
      className="layout-login"
      header={
        <div className="header-inner">
          <Logo />
        </div>
      }
      footer={
        <footer className="site-footer">
          <p>© {new Date().getFullYear()} ErgoPortal</p>
        </footer>
      }
    >
      <div className="login-grid">
        <div className="login-card">{children}</div>
        <div className="login-image" aria-hidden="true">
          <svg viewBox="0 0 240 200" role="presentation">
            <rect x="30" y="120" width="180" height="10" rx="3" fill="currentColor" opacity=".5" />
            <rect x="90" y="50" width="90" height="58" rx="6" fill="currentColor" opacity=".8" />
            <rect x="128" y="108" width="14" height="14" fill="currentColor" opacity=".6" />
            <circle cx="60" cy="70" r="14" fill="currentColor" opacity=".7" />
            <path d="M60 86 L60 130 L85 130" stroke="currentColor" strokeWidth="10" fill="none" opacity=".7" />
          </svg>
        </div>
      </div>
    </Chrome>
  );
}
