import { useState, type FormEvent } from 'react';
import { call } from '../../../api/typed';
import { validateForm } from '../../../../shared/validation/validate-form';
import { formMessage } from '../../../i18n/form-texts';
import { useT } from '../../../i18n/texts';
import { href } from '../../../../../generated/routes';

export type PostValues = { title: string; slug: string; summary: string; body: string; status: 'draft' | 'published' };
export const EMPTY_POST: PostValues = { title: '', slug: '', summary: '', body: '', status: 'draft' };
const slugOf = (title: string) =>
  title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);

/**
 * Write or edit a post: the manifest's rules on input and blur, a preview rendered and sanitised by
 * the server (exactly what readers will see), and save as draft or publish.
 */
export function BlogEditor({
  initial,
  isNew,
  onSave,
}: {
  initial: PostValues;
  isNew: boolean;
  onSave: (values: PostValues) => Promise<boolean>;
}) {
  const t = useT();
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [slugEdited, setSlugEdited] = useState(!isNew);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = Object.fromEntries(
    Object.entries(validateForm('blog_post', values)).map(([f, m]) => [f, formMessage('blog_post', m)]),
  ) as Partial<Record<keyof PostValues, string>>;
  const set = (key: keyof PostValues, value: string) => {
    const next = { ...values, [key]: value } as PostValues;
    if (key === 'title' && !slugEdited) next.slug = slugOf(value);
    if (key === 'slug') setSlugEdited(true);
    setValues(next);
    setTouched({ ...touched, [key]: true });
  };
  const showPreview = async () => {
    try {
      setPreview((await call('admin_blog_preview', { body: { body: values.body } })).data.html);
    } catch {
      /* the toast explains */
    }
  };
  const submit = async (status: PostValues['status'], e?: FormEvent) => {
    e?.preventDefault();
    setTouched({ title: true, slug: true, summary: true, body: true, status: true });
    if (Object.keys(validateForm('blog_post', { ...values, status })).length) return;
    setBusy(true);
    // The status shown changes only once the server has accepted it.
    if (await onSave({ ...values, status })) setValues((v) => ({ ...v, status }));
    setBusy(false);
  };
  const error = (key: keyof PostValues) =>
    touched[key] && errors[key] ? (
      <p className="field-error" id={`post-${key}-error`}>
        {errors[key]}
      </p>
    ) : null;
  const attrs = (key: keyof PostValues) => ({
    id: `post-${key}`,
    value: values[key],
    onChange: (e: { target: { value: string } }) => set(key, e.target.value),
    onBlur: () => setTouched({ ...touched, [key]: true }),
    'aria-invalid': Boolean(touched[key] && errors[key]),
    'aria-describedby': touched[key] && errors[key] ? `post-${key}-error` : undefined,
  });
  return (
    <>
      <form className="admin-form" onSubmit={(e) => void submit(values.status, e)} noValidate aria-label={t('admin.blog.post')}>
        <p className="muted">
          {t('admin.blog.status')} <strong>{t(values.status === 'published' ? 'admin.blog.published' : 'admin.blog.draft_private')}</strong>
        </p>
        <div className="field">
          <label htmlFor="post-title">{t('form.blog_post.title')}</label>
          <input {...attrs('title')} />
          {error('title')}
        </div>
        <div className="field">
          <label htmlFor="post-slug">{t('form.blog_post.slug')}</label>
          <input {...attrs('slug')} />
          <p className="muted">
            {t('admin.blog.page', {
              path: values.slug ? href('blog_post', { slug: values.slug }) : `${href('blog_post', { slug: '-' }).slice(0, -1)}…`,
            })}
          </p>
          {error('slug')}
        </div>
        <div className="field">
          <label htmlFor="post-summary">{t('admin.blog.summary')}</label>
          <textarea {...attrs('summary')} rows={2} />
          {error('summary')}
        </div>
        <div className="field">
          <label htmlFor="post-body">{t('admin.blog.body')}</label>
          <textarea {...attrs('body')} rows={18} />
          {error('body')}
        </div>
        <button type="button" className="button secondary" onClick={() => void showPreview()}>
          {t('admin.templates.preview')}
        </button>{' '}
        <button type="button" className="button secondary" disabled={busy} onClick={() => void submit('draft')}>
          {t(values.status === 'published' ? 'admin.blog.unpublish' : 'admin.blog.save_draft')}
        </button>{' '}
        <button type="button" className="button" disabled={busy} onClick={() => void submit('published')}>
          {t(values.status === 'published' ? 'admin.blog.update' : 'admin.blog.publish')}
        </button>
      </form>
      {preview !== null && (
        <section className="panel content-page" aria-labelledby="preview-heading">
          <h2 id="preview-heading">{t('admin.templates.preview')}</h2>
          <h3>{values.title}</h3>
          <p className="lead">{values.summary}</p>
          <div className="content-body blog-preview" dangerouslySetInnerHTML={{ __html: preview }} />
        </section>
      )}
    </>
  );
}
