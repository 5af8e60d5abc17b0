import { blogPostsGrid } from '../../../../generated/grids';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { BlogEditor, EMPTY_POST, type PostValues } from './components/blog-editor';
import { ManifestGrid } from '../../components/grid/manifest-grid';
import { currentT, useT } from '../../i18n/texts';
import '../../components/content/content.css';
import './components/admin.css';
import { href } from '../../../../generated/routes';

/**
 * SPEC §2 blog admin (/admin/blog/:id?, blog-admin-center-view; opened in a new tab from the admin
 * sidebar): the list of posts, and the editor for a new (`new`) or existing post.
 */
export default function BlogAdmin({ params }: PageProps) {
  const navigate = useNavigate();
  const t = useT();
  const id = params.id;
  const [post, setPost] = useState<PostValues | null>(id === 'new' ? EMPTY_POST : null);
  useEffect(() => {
    if (!id || id === 'new') {
      setPost(id === 'new' ? EMPTY_POST : null);
      return;
    }
    setPost(null);
    call('admin_blog_post_get', { params: { id } }).then(
      ({ data }) => setPost(data.post),
      () => navigate(href('blog_admin')),
    );
  }, [id, navigate]);
  const save = async (values: PostValues) => {
    try {
      const { data, message } = await (id && id !== 'new'
        ? call('admin_blog_post_update', { params: { id }, body: values })
        : call('admin_blog_post_create', { body: values }));
      emitToast({ message: message ?? currentT()('admin.saved'), variant: 'success', duration: SUCCESS_TOAST_MS });
      if (id === 'new') navigate(href('blog_admin', { id: data.id }), { replace: true });
      return true;
    } catch {
      return false; /* the toast explains */
    }
  };
  if (id) {
    return (
      <section className="admin-page" aria-labelledby="page-heading">
        <p>
          <Link to={href('blog_admin')}>{t('blog.all_posts')}</Link>
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
        <Link className="button" to={href('blog_admin', { id: 'new' })}>
          {t('admin.blog.write')}
        </Link>
      </p>
      {/* The posts are the declared grid manifest/grids/blog_posts.yaml, newest change first (SPEC §2). */}
      <ManifestGrid grid={blogPostsGrid} idPrefix="blog" />
    </section>
  );
}
