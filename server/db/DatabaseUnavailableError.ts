/** The database cannot be reached or opened at start; main prints the message (no stack) and exits. */
export class DatabaseUnavailableError extends Error {
  constructor(
    readonly target: string,
    cause: unknown,
  ) {
    super(`Cannot reach the database ${target}: ${describeCause(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}

/** Node's happy-eyeballs connect throws an AggregateError with an empty message; show its parts instead. */
export function describeCause(cause: unknown): string {
  if (cause instanceof AggregateError && cause.message === '') {
    return cause.errors.map(describeCause).join('; ') || 'connection failed';
  }
  if (cause instanceof Error) {
    const code = (cause as Error & { code?: unknown }).code;
    return cause.message || (typeof code === 'string' ? code : cause.name);
  }
  return String(cause);
}
