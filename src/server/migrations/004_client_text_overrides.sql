-- A client's own wording, per language, for texts the product otherwise takes from content/
-- (SPEC §2 Admin routes: the client-editing sub-pages for self-assessment, ergo-eval, their lab
-- variants and cms, in en, es, pt, cn, ja, ko, fr, de). Keys are the content's text keys.
CREATE TABLE client_text_overrides (
  client_id integer NOT NULL REFERENCES clients(id) ON DELETE CASCADE,
  scope text NOT NULL CHECK (scope IN ('self-assessment', 'self-assessment-lab', 'ergo-eval', 'ergo-eval-lab', 'cms')),
  language text NOT NULL CHECK (language IN ('en', 'es', 'pt', 'cn', 'ja', 'ko', 'fr', 'de')),
  text_key text NOT NULL CHECK (length(text_key) BETWEEN 1 AND 200),
  text text NOT NULL CHECK (length(text) <= 4000),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (client_id, scope, language, text_key)
);
