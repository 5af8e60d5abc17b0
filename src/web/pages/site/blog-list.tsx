import type { ApiResponse } from '../../../../generated/api-types';
import { useEffect, useState } from 'react';
import { Link } from '../../app/history';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import { useLanguage, useT } from '../../i18n/texts';
import './components/blog.css';
import { href } from '../../../../generated/routes';

type Summary = ApiResponse<'blog_posts'>['posts'][number];

/** SPEC §2 /blogs/en/blog: published posts, newest first, in the reader's language where translated (the server also renders this page as HTML, in English). */
export default function BlogList(_props: PageProps) {
  const [posts, setPosts] = useState<Summary[] | null>(null);
  const t = useT();
  // The reader's language, as the marketing pages pick theirs: a post's translation where one is written, else English.
  const lang = useLanguage();
  useEffect(() => {
    call('blog_posts', { query: { lang } }, { guestAllowed: true }).then(
      ({ data }) => setPosts(data.posts),
      () => setPosts([]),
    );
  }, [lang]);
  return (
    <section className="content-page blog-list" aria-labelledby="page-heading" aria-busy={posts === null}>
      <h1 id="page-heading">{t('nav.blog')}</h1>
      <p className="lead">{t('blog.lead')}</p>
      {posts === null && <p role="status">{t('blog.loading_posts')}</p>}
      {posts?.length === 0 && <p>{t('blog.no_posts')}</p>}
      {posts && posts.length > 0 && (
        <ul className="blog-cards">
          {posts.map((p) => (
            <li key={p.slug} className="blog-card">
              <h2>
                <Link to={href('blog_post', { slug: p.slug })}>{p.title}</Link>
              </h2>
              <p className="muted">
                <time dateTime={p.published_at.slice(0, 10)}>{p.published_at.slice(0, 10)}</time>
              </p>
              <p>{p.summary}</p>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
