import type { ApiResponse } from '../../../../generated/api-types';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { SUCCESS_TOAST_MS, emitToast } from '../../api/toast-bus';
import { BlogEditor, EMPTY_POST, type PostValues } from './components/blog-editor';
import '../../components/content/content.css';
import './components/admin.css';

type Row = ApiResponse<'admin_blog_posts'>['posts'][number];

/**
 * SPEC §2 blog admin (/admin/blog/:id?, blog-admin-center-view; opened in a new tab from the admin
 * sidebar): the list of posts, and the editor for a new (`new`) or existing post.
 */
export default function BlogAdmin({ params }: PageProps) {
  const navigate = useNavigate();
  const id = params.id;
  const [rows, setRows] = useState<Row[] | null>(null);
  const [post, setPost] = useState<PostValues | null>(id === 'new' ? EMPTY_POST : null);
  useEffect(() => {
    if (id) return;
    call('admin_blog_posts').then(
      ({ data }) => setRows(data.posts),
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
      ({ data }) => setPost(data.post),
      () => navigate('/admin/blog'),
    );
  }, [id, navigate]);
  const save = async (values: PostValues) => {
    try {
      const { data, message } = await (id && id !== 'new'
        ? call('admin_blog_post_update', { params: { id }, body: values })
        : call('admin_blog_post_create', { body: values }));
      emitToast({ message: message ?? 'Saved', variant: 'success', duration: SUCCESS_TOAST_MS });
      if (id === 'new') navigate(`/admin/blog/${data.id}`, { replace: true });
      return true;
    } catch {
      return false; /* the toast explains */
    }
  };
  if (id) {
    return (
      <section className="admin-page" aria-labelledby="page-heading">
        <p>
          <Link to="/admin/blog">All posts</Link>
        </p>
        <h1 id="page-heading">{id === 'new' ? 'New post' : 'Edit post'}</h1>
        {post === null ? (
          <p role="status">Loading the post…</p>
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
      <h1 id="page-heading">Blog Admin</h1>
      <p>
        <Link className="button" to="/admin/blog/new">
          Write a new post
        </Link>
      </p>
      {rows === null ? (
        <p role="status">Loading posts…</p>
      ) : rows.length === 0 ? (
        <p>No posts yet.</p>
      ) : (
        <table className="data-table">
          <caption className="visually-hidden">Blog posts</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Status</th>
              <th scope="col">Last changed</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <td>{r.title}</td>
                <td>{r.status === 'published' ? 'Published' : 'Draft'}</td>
                <td>{new Date(r.updated_at).toISOString().slice(0, 10)}</td>
                <td>
                  <Link to={`/admin/blog/${r.id}`}>
                    Edit<span className="visually-hidden"> {r.title}</span>
                  </Link>
                  {r.status === 'published' && (
                    <>
                      {' '}
                      ·{' '}
                      <a href={`/en/blog/${r.slug}`} target="_blank" rel="noopener">
                        View<span className="visually-hidden"> {r.title}</span>
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
