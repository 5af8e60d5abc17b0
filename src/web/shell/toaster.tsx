import { SnackbarProvider } from 'notistack';
import { ToastBridge } from './toasts';
import './toaster.css';

/**
 * The toast area (SPEC §8: top-right, at most three). Its own lazy chunk: notistack is loaded when
 * the browser is idle or when the first toast is raised, not before the page's first paint.
 */
export default function Toaster() {
  return (
    <SnackbarProvider anchorOrigin={{ vertical: 'top', horizontal: 'right' }} maxSnack={3}>
      <ToastBridge />
    </SnackbarProvider>
  );
}
