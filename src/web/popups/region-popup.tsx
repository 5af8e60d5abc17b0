import { useState } from 'react';
import { call } from '../api/typed';
import { SUCCESS_TOAST_MS, emitToast } from '../api/toast-bus';
import { useSession } from '../session/store';
import { Dialog } from './dialog';
import { messageText, useT } from '../i18n/texts';

/**
 * SPEC §2 / §4 Region popup: forced while the user has no region; options are the client's regions;
 * closes after a successful save.
 */
export function RegionPopup() {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const setSession = useSession((s) => s.setSession);
  const t = useT();
  const [region, setRegion] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  if (!user || !client || user.region) return null;
  const save = async () => {
    if (!region) {
      setError(t('staff.pop.region_required'));
      return;
    }
    setSaving(true);
    try {
      const { message } = await call('update_user_region', { body: { region } });
      emitToast({
        message: message ? messageText(t, message) : t('staff.pop.region_saved'),
        variant: 'success',
        duration: SUCCESS_TOAST_MS,
      });
      setSession({ user: { ...user, region } });
    } catch {
      setSaving(false);
    }
  };
  return (
    <Dialog title={t('staff.pop.choose_region')}>
      <p>{t('staff.pop.region_text')}</p>
      <div className="field">
        <label htmlFor="region-select">{t('staff.overview.region')}</label>
        <select
          id="region-select"
          value={region}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? 'region-error' : undefined}
          onChange={(e) => {
            setRegion(e.target.value);
            setError(e.target.value ? '' : t('staff.pop.region_required'));
          }}
          onBlur={() => setError(region ? '' : t('staff.pop.region_required'))}
        >
          <option value="">{t('staff.pop.select_region')}</option>
          {client.client_regions.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        {error && (
          <p id="region-error" className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <div className="dialog-actions">
        <button type="button" className="button" disabled={saving} onClick={() => void save()}>
          {t('staff.pop.save')}
        </button>
      </div>
    </Dialog>
  );
}
