/** One thing wrong in the mandant folders: which file, where in it (JSON pointer), and why. */
export interface ConfigProblem {
  /** Path relative to the working directory, as a person would type it. */
  file: string;
  /** JSON pointer into the file ('' for the file as a whole). */
  pointer: string;
  reason: string;
  /** For JSON syntax errors, where the parser stopped (1-based). */
  line?: number;
  column?: number;
  /** What to do about it, e.g. the closest valid name for a typo. */
  hint?: string;
  /** The mandant a problem in a shared file (_base) concerns, when it concerns one mandant only. */
  mandant?: string;
}

/** `FILE POINTER: reason`, or `FILE:LINE:COLUMN: reason` for syntax errors (editors jump to that). */
export function formatProblem(problem: ConfigProblem): string {
  const hint = problem.hint ? ` (hint: ${problem.hint})` : '';
  if (problem.line !== undefined) {
    return `${problem.file}:${problem.line}:${problem.column ?? 1}: ${problem.reason}${hint}`;
  }
  return `${problem.file}${problem.pointer ? ` ${problem.pointer}` : ''}: ${problem.reason}${hint}`;
}

/**
 * Every problem found in the mandant folders at once, so onboarding staff fix them in one round.
 * main prints the message and exits 1.
 */
export class MandantConfigError extends Error {
  constructor(readonly problems: readonly ConfigProblem[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(
      `Invalid mandant configuration (${count}):\n${problems.map((p) => `  ${formatProblem(p)}`).join('\n')}`,
    );
    this.name = 'MandantConfigError';
  }
}
