import { useState, type FormEvent } from 'react';
import { forms } from '../../../../../generated/forms';
import { validateForm } from '../../../../shared/validation/validate-form';
import { formMessage, useFormTexts } from '../../../i18n/form-texts';
import { useT } from '../../../i18n/texts';

export type VideoValues = { title: string; url: string; category: string; description: string };
export const EMPTY_VIDEO: VideoValues = { title: '', url: '', category: '', description: '' };
/** An example address (the same in every language). */
const URL_EXAMPLE = 'https://www.youtube.com/watch?v=…';
const CATEGORIES = (forms.video.schema.properties as { category: { enum: string[] } }).category.enum;

/** Add or edit a video with the manifest's SPEC §5 rules, checked on input and blur and before saving. */
export function VideoForm({
  initial,
  onSave,
  onCancel,
}: {
  initial: VideoValues;
  onSave: (values: VideoValues) => Promise<boolean>;
  onCancel: () => void;
}) {
  const t = useT();
  const texts = useFormTexts('video');
  const names = (texts.uiSchema.category as { 'ui:enumNames'?: string[] } | undefined)?.['ui:enumNames'] ?? CATEGORIES;
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const data = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) as Record<string, unknown>;
  const errors = Object.fromEntries(Object.entries(validateForm('video', data)).map(([f, m]) => [f, formMessage('video', m)]));
  const touch = (key: string) => setTouched((old) => ({ ...old, [key]: true }));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setTouched({ title: true, url: true, category: true, description: true });
    if (Object.keys(errors).length) return;
    setBusy(true);
    const saved = await onSave(values);
    setBusy(false);
    if (saved) setValues(EMPTY_VIDEO);
  };
  const error = (key: keyof VideoValues) =>
    touched[key] && errors[key] ? (
      <p className="field-error" id={`video-${key}-error`}>
        {errors[key]}
      </p>
    ) : null;
  const attrs = (key: keyof VideoValues) => ({
    id: `video-${key}`,
    value: values[key],
    onBlur: () => touch(key),
    'aria-invalid': Boolean(touched[key] && errors[key]),
    'aria-describedby': touched[key] && errors[key] ? `video-${key}-error` : undefined,
    onChange: (e: { target: { value: string } }) => {
      setValues({ ...values, [key]: e.target.value });
      touch(key);
    },
  });
  return (
    <form
      className="admin-form panel"
      onSubmit={submit}
      noValidate
      aria-label={initial.title ? t('admin.videos.edit_named', { title: initial.title }) : t('admin.videos.add_one')}
    >
      <div className="field">
        <label htmlFor="video-title">{t('form.video.title')}</label>
        <input {...attrs('title')} />
        {error('title')}
      </div>
      <div className="field">
        <label htmlFor="video-url">{t('form.video.url')}</label>
        <input {...attrs('url')} type="url" placeholder={URL_EXAMPLE} />
        {error('url')}
      </div>
      <div className="field">
        <label htmlFor="video-category">{t('form.video.category')}</label>
        <select {...attrs('category')}>
          <option value="">{t('admin.videos.choose_category')}</option>
          {CATEGORIES.map((c, i) => (
            <option key={c} value={c}>
              {names[i] ?? c}
            </option>
          ))}
        </select>
        {error('category')}
      </div>
      <div className="field">
        <label htmlFor="video-description">{t('form.video.description')}</label>
        <textarea {...attrs('description')} rows={3} />
        {error('description')}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {t(initial.title ? 'admin.videos.save' : 'admin.videos.add')}
      </button>{' '}
      <button type="button" className="button secondary" onClick={onCancel}>
        {t('admin.cancel')}
      </button>
    </form>
  );
}
