import type { ApiResponse } from '../../../generated/api-types';
import { useEffect, useState } from 'react';
import { brandedClient } from '../../../generated/branding';
import { isBrandedCode } from '../../shared/session-facts';
import { call } from '../api/typed';
import { SUCCESS_TOAST_MS, emitToast } from '../api/toast-bus';
import { navigateTo } from '../session/navigation';
import { useSession } from '../session/store';
import { Dialog } from './dialog';
import { messageText, useT } from '../i18n/texts';
import { href } from '../../../generated/routes';

type ClientOption = ApiResponse<'clients'>['clients'][number];
/** SPEC §9: delay before leaving after a client switch. */
export const SWITCH_REDIRECT_MS = 2000;

/**
 * SPEC §2 Popups / §4 Client switch: clients as radio cards; SSO users also pick a region (Change
 * Client and Login), others press Update; closing asks the server (remove-user) and closes only when
 * it answers delete 0 (otherwise `onAbandoned` runs: the server ended a pending SSO sign-in).
 */
export function ClientSwitchPopup({ onClose, onAbandoned }: { onClose: () => void; onAbandoned?: () => void }) {
  const user = useSession((s) => s.user);
  const current = useSession((s) => s.client?.id);
  const load = useSession((s) => s.load);
  const sso = user?.sso_status === 1;
  const t = useT();
  const [clients, setClients] = useState<ClientOption[] | null>(null);
  const [clientId, setClientId] = useState<number | null>(null);
  const [regions, setRegions] = useState<string[]>([]);
  const [region, setRegion] = useState('');
  const [errors, setErrors] = useState<{ client?: string; region?: string }>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    call('check_domain').then(
      ({ data }) => {
        setClients(data.clients);
        // The client the person is on now starts selected (SPEC §2 Switch Client), unless an SSO
        // sign-in is still choosing its first client.
        if (!sso && current !== undefined && data.clients.some((c) => c.id === current)) setClientId((picked) => picked ?? current);
      },
      () => setClients([]),
    );
  }, [sso, current]);
  useEffect(() => {
    if (!sso || clientId === null) return;
    setRegion('');
    call('get_client_region', { params: { clientId } }).then(
      ({ data }) => setRegions((data.regions ?? []).map((r) => r.name)),
      () => setRegions([]),
    );
  }, [sso, clientId]);

  const close = async () => {
    try {
      const { data } = await call('remove_user');
      if (Number(data?.delete) === 0) onClose();
      // Not 0: the server removed a pending SSO sign-in (no client chosen); the popup stays up while
      // the page takes the person back to sign-in.
      else onAbandoned?.();
    } catch {
      /* the toast says why; the popup stays open */
    }
  };
  const submit = async () => {
    const next = {
      client: clientId === null ? t('staff.pop.client_required') : undefined,
      region: sso && !region ? t('staff.pop.region_required') : undefined,
    };
    setErrors(next);
    if (clientId === null || next.client || next.region) return;
    setSaving(true);
    try {
      const { message, data } = await call('update_sso_clients', { body: sso ? { client_id: clientId, region } : { client_id: clientId } });
      emitToast({
        message: message ? messageText(t, message) : t('staff.pop.client_changed'),
        variant: 'success',
        duration: SUCCESS_TOAST_MS,
      });
      await load();
      setTimeout(() => navigateTo(isBrandedCode(data.companyCode) ? brandedClient.basePath : href('user_home')), SWITCH_REDIRECT_MS);
      onClose();
    } catch {
      setSaving(false);
    }
  };

  return (
    <Dialog title={t('staff.pop.switch_client')} onEscape={() => void close()}>
      {clients === null && <p role="status">{t('staff.pop.loading_clients')}</p>}
      {clients?.length === 0 && <p className="empty-state">{t('staff.pop.no_client')}</p>}
      {clients && clients.length > 0 && (
        <fieldset className="client-cards" aria-describedby={errors.client ? 'client-error' : undefined}>
          <legend>{t('staff.pop.choose_client')}</legend>
          {clients.map((c) => (
            <label key={c.id} className={`client-card${clientId === c.id ? ' selected' : ''}`}>
              <input
                type="radio"
                name="client"
                value={c.id}
                checked={clientId === c.id}
                onChange={() => {
                  setClientId(c.id);
                  setErrors({});
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
      )}
      {errors.client && (
        <p id="client-error" className="field-error" role="alert">
          {errors.client}
        </p>
      )}
      {sso && clientId !== null && (
        <div className="field">
          <label htmlFor="switch-region">{t('staff.overview.region')}</label>
          <select
            id="switch-region"
            value={region}
            onChange={(e) => {
              setRegion(e.target.value);
              setErrors({});
            }}
            aria-invalid={Boolean(errors.region)}
          >
            <option value="">{t('staff.pop.select_region')}</option>
            {regions.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
          {errors.region && (
            <p className="field-error" role="alert">
              {errors.region}
            </p>
          )}
        </div>
      )}
      <div className="dialog-actions">
        <button type="button" className="button secondary" onClick={() => void close()}>
          {t('staff.pop.cancel')}
        </button>
        {sso ? (
          <>
            <button
              type="button"
              className="button secondary"
              onClick={() => {
                setClientId(null);
                setRegion('');
              }}
            >
              {t('staff.pop.change_client')}
            </button>
            <button type="button" className="button" disabled={saving} onClick={() => void submit()}>
              {t('staff.pop.login')}
            </button>
          </>
        ) : (
          <button type="button" className="button" disabled={saving} onClick={() => void submit()}>
            {t('staff.pop.update')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
