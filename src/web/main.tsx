import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes, routeAt } from './app/router';
import { preloadPage } from './app/page-registry';
import { forwardToAppHost } from './app/host-forwarding';
import { setNavigator } from './session/navigation';
import { useSession } from './session/store';
import { FullPageLoader } from './shell/full-page-loader';
import { LazyToaster } from './shell/lazy-toaster';
import { currentLanguage, loadTexts, useT } from './i18n/texts';
import './styles/app.css';

forwardToAppHost();

function App() {
  const busy = useSession((s) => s.busy);
  const t = useT();
  return (
    <>
      <AppRoutes onNavigate={setNavigator} />
      {busy && <FullPageLoader label={t('shell.please_wait')} />}
      <LazyToaster />
    </>
  );
}

// The sign-in check, the page's chunk and its content start together, before React renders.
const sessionReady = useSession.getState().load();
const firstRoute = routeAt(window.location.pathname);
const pageReady = firstRoute ? preloadPage(firstRoute) : Promise.resolve();
const rootElement = document.getElementById('root')!;
const render = () =>
  createRoot(rootElement).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// A pre-rendered page (public, or a guidance page the server sent to a signed-in caller) stays as it
// is until its page and content, and for a signed-in page the session, are ready, so React replaces
// it with the same content rather than with a loader (its largest paint stays the static HTML's).
// It also waits for the reader's interface texts when they are not English, so the page switches
// language in one step rather than from English to English-then-translated.
const textsReady = (firstRoute?.access === 'public' ? Promise.resolve() : sessionReady).then(() => loadTexts(currentLanguage()));
if (rootElement.hasChildNodes() && firstRoute)
  void Promise.all([pageReady, firstRoute.access === 'public' ? null : sessionReady, textsReady]).then(render);
else render();
