import { useState, type ChangeEvent, type FormEvent } from 'react';
import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { STORAGE_KEYS } from '../../session/storage';
import { useSession } from '../../session/store';
import { ClientSwitchPopup } from '../../popups/client-switch-popup';
import { required, maxChars } from '../../components/form/use-field';
import { fillNodes } from '../../i18n/fill';
import { useT } from '../../i18n/texts';
import './profile.css';
import { href } from '../../../../generated/routes';

export const LANGUAGES = [
  ['en', 'English'],
  ['es', 'Español'],
  ['pt', 'Português'],
  ['cn', '中文'],
  ['ja', '日本語'],
  ['ko', '한국어'],
  ['fr', 'Français'],
  ['de', 'Deutsch'],
] as const;
const limit = (label: string, v: string) => required(label)(v) || maxChars(label, 20)(v);

/** Shrinks a chosen picture to a 128 px square data URL, kept as user_profile in the browser (SPEC §3). */
async function avatarDataUrl(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 128;
  const side = Math.min(bitmap.width, bitmap.height);
  canvas.getContext('2d')!.drawImage(bitmap, (bitmap.width - side) / 2, (bitmap.height - side) / 2, side, side, 0, 0, 128, 128);
  return canvas.toDataURL('image/jpeg', 0.85);
}

/** SPEC §2 /user/profile: name, e-mail, avatar, region, language and a link to change the password. */
export default function ProfilePage(_props: PageProps) {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  const setSession = useSession((s) => s.setSession);
  const t = useT();
  const [first, setFirst] = useState(user?.first_name ?? '');
  const [last, setLast] = useState(user?.last_name ?? '');
  const [language, setLanguage] = useState(user?.language ?? 'en');
  const [touched, setTouched] = useState(false);
  const [avatar, setAvatar] = useState(() => localStorage.getItem(STORAGE_KEYS.userProfile));
  const [regionOpen, setRegionOpen] = useState(false);
  if (!user) return null;
  const errors = { first: limit(t('field.first_name'), first), last: limit(t('field.last_name'), last) };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (errors.first || errors.last) return;
    try {
      const { message } = await call('update_profile', {
        body: { first_name: first.trim(), last_name: last.trim(), language: language as ApiBody<'update_profile'>['language'] },
      });
      emitToast({ message: message ?? t('profile.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
      setSession({
        user: { ...user, first_name: first.trim(), last_name: last.trim(), language: language as ApiBody<'update_profile'>['language'] },
      });
    } catch {
      /* the toast explains */
    }
  };
  const pickAvatar = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    if (!file) return;
    const url = await avatarDataUrl(file).catch(() => null);
    if (url) {
      localStorage.setItem(STORAGE_KEYS.userProfile, url);
      setAvatar(url);
    }
  };
  return (
    <section className="content-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('profile.title')}</h1>
      <div className="profile-avatar">
        {avatar ? (
          <img src={avatar} alt={t('profile.picture')} width={96} height={96} />
        ) : (
          <span className="avatar large" aria-hidden="true">
            {user.first_name.charAt(0)}
            {user.last_name.charAt(0)}
          </span>
        )}
        <label className="button secondary">
          {t('profile.change_picture')}
          <input type="file" accept="image/*" className="visually-hidden" onChange={(e) => void pickAvatar(e)} />
        </label>
      </div>
      <form onSubmit={save} noValidate>
        <div className="field">
          <label htmlFor="first_name">{t('field.first_name')}</label>
          <input
            id="first_name"
            value={first}
            onChange={(e) => {
              setFirst(e.target.value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && !!errors.first}
            aria-describedby="first_name-error"
          />
          {touched && errors.first && (
            <p id="first_name-error" className="field-error">
              {errors.first}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="last_name">{t('field.last_name')}</label>
          <input
            id="last_name"
            value={last}
            onChange={(e) => {
              setLast(e.target.value);
              setTouched(true);
            }}
            onBlur={() => setTouched(true)}
            aria-invalid={touched && !!errors.last}
            aria-describedby="last_name-error"
          />
          {touched && errors.last && (
            <p id="last_name-error" className="field-error">
              {errors.last}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor="email">{t('field.email')}</label>
          <input id="email" value={user.email} readOnly aria-readonly="true" />
        </div>
        <div className="field">
          <label htmlFor="language">{t('field.language')}</label>
          <select id="language" value={language} onChange={(e) => setLanguage(e.target.value)}>
            {LANGUAGES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button">
          {t('profile.save')}
        </button>
      </form>
      <h2>{t('profile.company_region')}</h2>
      <p>{t('profile.region_line', { company: client?.company_name ?? '', region: user.region ?? t('profile.region_none') })}</p>
      {user.sso_status === 1 && (
        <button type="button" className="button secondary" onClick={() => setRegionOpen(true)}>
          {t('profile.change_client')}
        </button>
      )}
      {regionOpen && <ClientSwitchPopup onClose={() => setRegionOpen(false)} />}
      <h2>{t('profile.password')}</h2>
      <p>{fillNodes(t('profile.password_line'), { link: <Link to={href('user_reset_password')}>{t('profile.change_password')}</Link> })}</p>
    </section>
  );
}
