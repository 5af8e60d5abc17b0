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

# Each step's time, printed as a table at the end: also when a step fails (set -e exits through the
# EXIT trap), so a slow or broken run shows where its time went.
step_names=()
step_seconds=()
step_name=""
step_began=0
run_began=$SECONDS
end_step() {
  if [ -n "$step_name" ]; then
    step_names+=("$step_name$1")
    step_seconds+=($((SECONDS - step_began)))
    step_name=""
  fi
}
# step NAME HEADING: ends the step before, starts NAME and prints its heading.
step() {
  end_step ""
  step_name=$1
  step_began=$SECONDS
  echo "== $2"
}
print_times() {
  local status=$?
  if [ "$status" -eq 0 ]; then end_step ""; else end_step " (failed)"; fi
  echo "== time per step"
  printf '%-28s %8s\n' step seconds
  for i in "${!step_names[@]}"; do printf '%-28s %8s\n' "${step_names[$i]}" "${step_seconds[$i]}"; done
  printf '%-28s %8s\n' total $((SECONDS - run_began))
  exit "$status"
}
trap print_times EXIT

step "generate --check" "generated code in step with the manifest"
npm run -s generate -- --check

# The type check, lint and format check read the same files and depend on nothing of one another:
# they run at the same time (on 2 cores, about the time of the type check alone instead of the sum).
# Each one's own time is printed; a failing one's output is shown and fails the step.
step "static checks" "type check (tsc), lint (import boundaries, no cycles, correctness: eslint.config.js), format (Prettier: .prettierrc, .prettierignore)"
static_dir=$(mktemp -d)
static_names=(tsc eslint prettier)
static_commands=("npx tsc --noEmit -p ." "npm run -s lint" "npm run -s format:check")
static_pids=()
for i in "${!static_names[@]}"; do
  (
    began=$SECONDS
    status=0
    bash -c "${static_commands[$i]}" >"$static_dir/$i.out" 2>&1 || status=$?
    echo "$status $((SECONDS - began))" >"$static_dir/$i.end"
  ) &
  static_pids+=($!)
done
static_failed=0
for i in "${!static_names[@]}"; do
  wait "${static_pids[$i]}" || true
  read -r status seconds <"$static_dir/$i.end"
  if [ "$status" -eq 0 ]; then
    echo "   ${static_names[$i]}: passed in ${seconds} s"
  else
    echo "   ${static_names[$i]}: FAILED (exit $status) in ${seconds} s"
    cat "$static_dir/$i.out"
    static_failed=1
  fi
done
rm -rf "$static_dir"
[ "$static_failed" -eq 0 ]

step "unit" "unit and generator tests"
npx vitest run --project unit --passWithNoTests

step "api on PGlite" "API integration on PGlite"
DATABASE_URL= npx vitest run --project api --passWithNoTests

PG_URL="${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}"
step "api on PostgreSQL" "API integration on PostgreSQL ($PG_URL)"
TEST_DATABASE_URL="$PG_URL" npx vitest run --project api --passWithNoTests

step "durability" "durability: fsync before acknowledging, SIGKILL under load, backup and restore (PGlite and $PG_URL)"
TEST_DATABASE_URL="$PG_URL" npx vitest run --project durability --passWithNoTests

step "build, budget, prerender" "build (and each page's JavaScript within its budget: src/web/build/page-budgets.ts)"
npx vite build --logLevel warn
npx tsx src/web/build/page-budget.ts
npx tsx src/web/build/prerender.ts

# Two browser files at once, each mostly waiting on the other's page loads, on 2 cores; the crawl
# (the longest) starts first (vitest.config.ts, tests/e2e/support/sequencer.ts).
step "browser e2e" "browser tests in Chromium (with the crawl of every kind of page and every account's links)"
npx vitest run --project e2e --passWithNoTests
