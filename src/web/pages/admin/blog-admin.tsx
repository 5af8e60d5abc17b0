import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { BlogEditor, EMPTY_POST, type PostValues } from './components/blog-editor';
import { currentT, useLocale, useT } from '../../i18n/texts';
import '../../components/content/content.css';
import './components/admin.css';

interface Row {
  id: number;
  slug: string;
  title: string;
  status: 'draft' | 'published';
  updated_at: string;
}

/**
 * SPEC §2 blog admin (/admin/blog/:id?, blog-admin-center-view; opened in a new tab from the admin
 * sidebar): the list of posts, and the editor for a new (`new`) or existing post.
 */
export default function BlogAdmin({ params }: PageProps) {
  const navigate = useNavigate();
  const t = useT();
  const locale = useLocale();
  const id = params.id;
  const [rows, setRows] = useState<Row[] | null>(null);
  const [post, setPost] = useState<PostValues | null>(id === 'new' ? EMPTY_POST : null);
  useEffect(() => {
    if (id) return;
    call('admin_blog_posts').then(
      ({ data }) => setRows((data as { posts: Row[] }).posts),
      () => setRows([]),
    );
  }, [id]);
  useEffect(() => {
    if (!id || id === 'new') {
      setPost(id === 'new' ? EMPTY_POST : null);
      return;
    }
    setPost(null);
    call('admin_blog_post_get', { params: { id } }).then(
      ({ data }) => setPost((data as { post: PostValues }).post),
      () => navigate('/admin/blog'),
    );
  }, [id, navigate]);
  const save = async (values: PostValues) => {
    try {
      const { data, message } = await (id && id !== 'new'
        ? call('admin_blog_post_update', { params: { id }, body: values })
        : call('admin_blog_post_create', { body: values }));
      emitToast({ message: message ?? currentT()('admin.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
      if (id === 'new') navigate(`/admin/blog/${(data as { id: number }).id}`, { replace: true });
      return true;
    } catch {
      return false; /* the toast explains */
    }
  };
  if (id) {
    return (
      <section className="admin-page" aria-labelledby="page-heading">
        <p>
          <Link to="/admin/blog">{t('blog.all_posts')}</Link>
        </p>
        <h1 id="page-heading">{t(id === 'new' ? 'admin.blog.new' : 'admin.blog.edit')}</h1>
        {post === null ? (
          <p role="status">{t('blog.loading_post')}</p>
        ) : (
          <BlogEditor
            key={id}
            initial={{ title: post.title, slug: post.slug, summary: post.summary, body: post.body, status: post.status }}
            isNew={id === 'new'}
            onSave={save}
          />
        )}
      </section>
    );
  }
  return (
    <section className="admin-page" aria-labelledby="page-heading">
      <h1 id="page-heading">{t('route.blog_admin')}</h1>
      <p>
        <Link className="button" to="/admin/blog/new">
          {t('admin.blog.write')}
        </Link>
      </p>
      {rows === null ? (
        <p role="status">{t('blog.loading_posts')}</p>
      ) : rows.length === 0 ? (
        <p>{t('admin.blog.none')}</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">{t('admin.blog.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('form.blog_post.title')}</th>
              <th scope="col">{t('form.blog_post.status')}</th>
              <th scope="col">{t('grid.videos.updated_at')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('admin.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.title}</td>
                <td>{t(r.status === 'published' ? 'admin.blog.published' : 'admin.blog.draft')}</td>
                <td>{new Date(r.updated_at).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' })}</td>
                <td>
                  <Link to={`/admin/blog/${r.id}`}>
                    {t('grid.users.action.edit')}
                    <span className="visually-hidden"> {r.title}</span>
                  </Link>
                  {r.status === 'published' && (
                    <>
                      {' '}
                      ·{' '}
                      <a href={`/en/blog/${r.slug}`} target="_blank" rel="noopener">
                        {t('admin.blog.view')}
                        <span className="visually-hidden"> {r.title}</span>
                      </a>
                    </>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
