import { StrictMode, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/router';
import { forwardToAppHost } from './app/host-forwarding';
import { setNavigator } from './session/navigation';
import { useSession } from './session/store';
import { FullPageLoader } from './shell/full-page-loader';
import { LazyToaster } from './shell/lazy-toaster';
import './styles/app.css';

forwardToAppHost();

function App() {
  const busy = useSession((s) => s.busy);
  const load = useSession((s) => s.load);
  useEffect(() => { void load(); }, [load]);
  return (
    <>
      <BrowserRouter><AppRoutes onNavigate={setNavigator} /></BrowserRouter>
      {busy && <FullPageLoader label="Please wait" />}
      <LazyToaster />
    </>
  );
}

createRoot(document.getElementById('root')!).render(<StrictMode><App /></StrictMode>);
