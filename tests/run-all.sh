#!/usr/bin/env bash
# The whole suite, as `npm test` and CI run it (README "Tests").
set -euo pipefail
cd "$(dirname "$0")/.."

# Browser tests need Debian's Chromium; never a downloaded browser.
if [ ! -x /usr/bin/chromium ]; then
  echo "Installing Debian's chromium for the browser tests..."
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq chromium >/dev/null
fi

# Backup and restore of PostgreSQL go through its own pg_dump and pg_restore.
if ! command -v pg_dump >/dev/null || ! command -v pg_restore >/dev/null; then
  echo "Installing Debian's postgresql-client for the backup tests..."
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq postgresql-client >/dev/null
fi

# Report PDFs are checked through poppler-utils' pdftotext and pdfinfo.
if ! command -v pdftotext >/dev/null || ! command -v pdfinfo >/dev/null; then
  echo "Installing Debian's poppler-utils for the PDF checks..."
  if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq && $SUDO apt-get install -y -qq poppler-utils >/dev/null
fi

echo "== generated code in step with the manifest"
npm run -s generate -- --check

echo "== type check"
npx tsc --noEmit -p .

echo "== lint (import boundaries, no cycles, correctness: eslint.config.js)"
npm run -s lint

echo "== format (Prettier: .prettierrc, .prettierignore)"
npm run -s format:check

echo "== unit and generator tests"
npx vitest run --project unit --passWithNoTests

echo "== API integration on PGlite"
DATABASE_URL= npx vitest run --project api --passWithNoTests

PG_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
echo "== API integration on PostgreSQL ($PG_URL)"
TEST_DATABASE_URL="$PG_URL" npx vitest run --project api --passWithNoTests

echo "== durability: fsync before acknowledging, SIGKILL under load, backup and restore (PGlite and $PG_URL)"
TEST_DATABASE_URL="$PG_URL" npx vitest run --project durability --passWithNoTests

echo "== build (and each page's JavaScript within its budget: src/web/build/page-budgets.ts)"
npx vite build --logLevel warn
npx tsx src/web/build/page-budget.ts
npx tsx src/web/build/prerender.ts

# The crawl (the longest browser file) runs beside the other browser files: two files at once, each
# mostly waiting on the other's page loads, on 2 cores. Its report follows theirs.
echo "== browser tests in Chromium (the crawl of every route runs alongside)"
crawl_log="$(mktemp)"
npx vitest run --project crawl --passWithNoTests >"$crawl_log" 2>&1 &
crawl_pid=$!
e2e_status=0
npx vitest run --project e2e --passWithNoTests || e2e_status=$?
crawl_status=0
wait "$crawl_pid" || crawl_status=$?
echo "== the crawl of every route for every demo account"
cat "$crawl_log"
rm -f "$crawl_log"
[ "$e2e_status" -eq 0 ] && [ "$crawl_status" -eq 0 ]
