import { useEffect } from 'react';
import { useSnackbar } from 'notistack';
import { onToast } from '../api/toast-bus';
import { currentT, messageText } from '../i18n/texts';

/** Shows the API client's toasts with notistack (SPEC §8: top-right; 2 s success, 5 s error). */
export function ToastBridge() {
  const { enqueueSnackbar } = useSnackbar();
  useEffect(
    () =>
      onToast((t) => {
        enqueueSnackbar(messageText(currentT(), t.message, t.coded), { variant: t.variant, autoHideDuration: t.duration });
      }),
    [enqueueSnackbar],
  );
  return null;
}
