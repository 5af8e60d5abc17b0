import { blogPostsGrid } from '../../../../generated/grids';
import { useCallback, useEffect, useState } from 'react';
import { Link, useNavigate } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import type { ApiBody } from '../../../../generated/api-types';
import type { FormValues } from '../../components/form/manifest-form';
import { LazyManifestForm as ManifestForm } from '../../components/form/lazy-manifest-form';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { useT } from '../../i18n/texts';
import '../../components/content/content.css';
import './components/admin.css';
import { href } from '../../../../generated/routes';

const NEW_POST: FormValues = { status: 'draft' };
/** A new post's address follows its title until the address is typed. */
const slugOf = (title: unknown) =>
  String(title ?? '')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 120);
const followTitle = (next: FormValues, previous: FormValues): FormValues =>
  next.title !== previous.title && (previous.slug ?? '') === slugOf(previous.title)
    ? { ...next, slug: slugOf(next.title) || undefined }
    : next;

/**
 * SPEC §2 blog admin (/admin/blog/:id?, blog-admin-center-view; opened in a new tab from the admin
 * sidebar): the list of posts, and the manifest's blog post form for a new (`new`) or existing post:
 * a preview rendered and sanitised by the server (exactly what readers will see), and save as draft
 * or publish. A taken address is refused under its field.
 */
export default function BlogAdmin({ params }: PageProps) {
  const navigate = useNavigate();
  const t = useT();
  const id = params.id;
  const [values, setValues] = useState<FormValues>(NEW_POST);
  const [preview, setPreview] = useState<string | null>(null);
  // Another post (or a new one) starts from its own values, without the last one's preview.
  useEffect(() => {
    setValues(NEW_POST);
    setPreview(null);
  }, [id]);
  const showPreview = async (typed: FormValues) => {
    try {
      setPreview((await call('admin_blog_preview', { body: { body: String(typed.body ?? '') } })).data.html);
    } catch {
      /* the toast explains */
    }
  };
  const load = useCallback(
    () =>
      call('admin_blog_post_get', { params: { id: id! } }).then(
        ({ data: { post } }) => ({ title: post.title, slug: post.slug, summary: post.summary, body: post.body, status: post.status }),
        (error: unknown) => {
          navigate(href('blog_admin'));
          throw error;
        },
      ),
    [id, navigate],
  );
  if (id) {
    const published = values.status === 'published';
    const slug = typeof values.slug === 'string' ? values.slug : '';
    return (
      <section className="admin-page" aria-labelledby="page-heading">
        <p>
          <Link to={href('blog_admin')}>{t('blog.all_posts')}</Link>
        </p>
        <h1 id="page-heading">{t(id === 'new' ? 'admin.blog.new' : 'admin.blog.edit')}</h1>
        <p className="muted">
          {t('admin.blog.status')} <strong>{t(published ? 'admin.blog.published' : 'admin.blog.draft_private')}</strong>
        </p>
        <ManifestForm
          key={id}
          form="blog_post"
          label={t('admin.blog.post')}
          initial={id === 'new' ? NEW_POST : undefined}
          load={id === 'new' ? undefined : load}
          loadingText={t('blog.loading_post')}
          adjust={id === 'new' ? followTitle : undefined}
          onValues={setValues}
          uiSchema={{
            slug: {
              'ui:help': t('admin.blog.page', {
                path: slug ? href('blog_post', { slug }) : `${href('blog_post', { slug: '-' }).slice(0, -1)}…`,
              }),
            },
            summary: { 'ui:title': t('admin.blog.summary') },
            body: { 'ui:title': t('admin.blog.body') },
          }}
          submitText={t('admin.blog.save_draft')}
          buttons={[
            { label: t('admin.templates.preview'), secondary: true, run: showPreview },
            { label: t(published ? 'admin.blog.unpublish' : 'admin.blog.save_draft'), secondary: true, saveWith: { status: 'draft' } },
            { label: t(published ? 'admin.blog.update' : 'admin.blog.publish'), saveWith: { status: 'published' } },
          ]}
          submit={(body) =>
            id === 'new'
              ? call('admin_blog_post_create', { body: body as ApiBody<'admin_blog_post_create'> })
              : call('admin_blog_post_update', { params: { id }, body: body as ApiBody<'admin_blog_post_update'> })
          }
          // The post stays open: a new one under its own address.
          onSaved={(result) => {
            if (id === 'new') navigate(href('blog_admin', { id: (result.data as { id: number }).id }), { replace: true });
          }}
        />
        {preview !== null && (
          <section className="panel content-page" aria-labelledby="preview-heading">
            <h2 id="preview-heading">{t('admin.templates.preview')}</h2>
            <h3>{String(values.title ?? '')}</h3>
            <p className="lead">{String(values.summary ?? '')}</p>
            <div className="content-body blog-preview" dangerouslySetInnerHTML={{ __html: preview }} />
          </section>
        )}
      </section>
    );
  }
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.blog_admin')}</h1>
      <p>
        <Link className="button" to={href('blog_admin', { id: 'new' })}>
          {t('admin.blog.write')}
        </Link>
      </p>
      {/* The posts are the declared grid manifest/grids/blog_posts.yaml, newest change first (SPEC §2). */}
      <ManifestGrid grid={blogPostsGrid} idPrefix="blog" />
    </section>
  );
}
