import type { ApiResponse } from '../../../../generated/api-types';
import { useEffect, useState } from 'react';
import { Link } from '../../app/history';
import { titlePrefix } from '../../../../generated/branding';
import type { PageProps } from '../../app/page-props';
import { call } from '../../api/typed';
import '../../components/content/content.css';
import { useLanguage, useT } from '../../i18n/texts';
import './components/blog.css';
import { href } from '../../../../generated/routes';

type Post = ApiResponse<'blog_post'>['post'];

/**
 * SPEC §2 /en/blog/<slug> (the redirect targets): one published post. Its HTML comes from the
 * server's Markdown renderer, which escapes raw HTML and drops unsafe link addresses; the post reads in
 * the reader's language where content/blog/<language>/ holds its translation, else in English.
 */
export default function BlogPost({ params }: PageProps) {
  const [post, setPost] = useState<Post | null | undefined>(undefined);
  const t = useT();
  const lang = useLanguage();
  useEffect(() => {
    setPost(undefined);
    if (!params.slug) {
      setPost(null);
      return;
    }
    call('blog_post', { params: { slug: params.slug }, query: { lang } }, { quiet: true, guestAllowed: true }).then(
      ({ data }) => setPost(data.post),
      () => setPost(null),
    );
  }, [params.slug, lang]);
  useEffect(() => {
    if (post) document.title = `${titlePrefix} - ${post.title}`;
  }, [post]);
  if (post === undefined)
    return (
      <section className="content-page" aria-busy="true">
        <h1>{t('nav.blog')}</h1>
        <p role="status">{t('blog.loading_post')}</p>
      </section>
    );
  if (post === null) {
    return (
      <section className="content-page" aria-labelledby="page-heading">
        <h1 id="page-heading">{t('blog.not_found')}</h1>
        <p>{t('blog.not_published')}</p>
        <p>
          <Link className="button" to={href('blog')}>
            {t('blog.all_posts')}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <article className="content-page blog-post" aria-labelledby="page-heading">
      <h1 id="page-heading">{post.title}</h1>
      <p className="muted">
        <time dateTime={post.published_at.slice(0, 10)}>{post.published_at.slice(0, 10)}</time>
      </p>
      <p className="lead">{post.summary}</p>
      <div className="content-body" dangerouslySetInnerHTML={{ __html: post.html }} />
      <p>
        <Link to={href('blog')}>{t('blog.all_posts')}</Link>
      </p>
    </article>
  );
}
