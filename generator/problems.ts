/**
 * Problems found in the manifest. Every stage collects all of them before failing, so one run lists
 * every offending entry with its file and key (docs/architecture.md "Generators").
 */
export interface Problem {
  /** Manifest file, relative to the repository, e.g. "manifest/routes/user.yaml". */
  readonly file: string;
  /** Key path inside the file, e.g. "routes[12].permissions[0]". */
  readonly key: string;
  readonly message: string;
}

export class ManifestError extends Error {
  constructor(readonly problems: readonly Problem[]) {
    super(problems.map(formatProblem).join('\n'));
    this.name = 'ManifestError';
  }
}

/** "manifest/routes/user.yaml: routes[12].permissions[0]: unknown permission \"x\"" */
export function formatProblem(problem: Problem): string {
  return `${problem.file}: ${problem.key}: ${problem.message}`;
}
