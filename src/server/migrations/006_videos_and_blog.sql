-- The video library (SPEC §1 "a video library", §2 /user/video_library) and the blog (SPEC §1
-- "blog", §2 /blogs/en/blog and the /en/blog/<slug> redirect targets), both edited by admins.
CREATE TABLE videos (
  id serial PRIMARY KEY,
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 120),
  url text NOT NULL CHECK (length(url) BETWEEN 1 AND 500),
  category text NOT NULL,
  description text NOT NULL DEFAULT '' CHECK (length(description) <= 1000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE blog_posts (
  id serial PRIMARY KEY,
  slug text NOT NULL UNIQUE CHECK (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND length(slug) <= 120),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 150),
  summary text NOT NULL CHECK (length(summary) BETWEEN 1 AND 300),
  body text NOT NULL CHECK (length(body) BETWEEN 1 AND 50000),
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  published_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX blog_posts_published ON blog_posts (status, published_at DESC);

-- Which content/ seeds have been loaded once, so posts or videos an admin removed stay removed.
CREATE TABLE content_seeds (
  name text PRIMARY KEY,
  seeded_at timestamptz NOT NULL DEFAULT now()
);
