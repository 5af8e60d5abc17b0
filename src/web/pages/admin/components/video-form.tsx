import { useState, type FormEvent } from 'react';
import { forms } from '../../../../../generated/forms';
import { validateForm } from '../../../../shared/validation/validate-form';

export type VideoValues = { title: string; url: string; category: string; description: string };
export const EMPTY_VIDEO: VideoValues = { title: '', url: '', category: '', description: '' };
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
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [busy, setBusy] = useState(false);
  const data = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== '')) as Record<string, unknown>;
  const errors = validateForm('video', data);
  const touch = (key: string) => setTouched((t) => ({ ...t, [key]: true }));
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
    <form className="admin-form panel" onSubmit={submit} noValidate aria-label={initial.title ? `Edit ${initial.title}` : 'Add a video'}>
      <div className="field">
        <label htmlFor="video-title">Title</label>
        <input {...attrs('title')} />
        {error('title')}
      </div>
      <div className="field">
        <label htmlFor="video-url">Video URL</label>
        <input {...attrs('url')} type="url" placeholder="https://www.youtube.com/watch?v=…" />
        {error('url')}
      </div>
      <div className="field">
        <label htmlFor="video-category">Category</label>
        <select {...attrs('category')}>
          <option value="">Choose a category</option>
          {CATEGORIES.map((c) => (
            <option key={c}>{c}</option>
          ))}
        </select>
        {error('category')}
      </div>
      <div className="field">
        <label htmlFor="video-description">Description</label>
        <textarea {...attrs('description')} rows={3} />
        {error('description')}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {initial.title ? 'Save video' : 'Add video'}
      </button>{' '}
      <button type="button" className="button secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}
