import type { LogEvent } from 'kysely';

/**
 * Database errors log the statement, never its parameters (issue 17, DESIGN "Data"). A failing query's
 * error travels to the error handler and from there to the log, where pino writes every enumerable field:
 * PGlite puts the bound values on the error (`params`), PostgreSQL names them in `detail`
 * ("Key (email)=(…) already exists", "Failing row contains (…)") and `where` ("unnamed portal parameter
 * $2 = '…'"), and a few messages quote the value itself ('invalid input syntax for type uuid: "…"').
 *
 * `withoutParameters` makes such an error safe to log, in place (code that catches it still sees `code`,
 * `constraint`, `table` and `column`, and `detail`/`where`/`hint` stay readable, just not enumerable):
 * the values are gone, `statement` holds the SQL text with its `$n` placeholders.
 */
const VALUE_FIELDS = ['detail', 'where', 'hint', 'internalQuery'] as const;
const DROPPED_FIELDS = ['params', 'parameters', 'queryOptions'] as const;
/** What PostgreSQL quotes in a message that is not a value: names of the objects involved, encodings. */
const NAME_FIELDS = ['table', 'column', 'constraint', 'schema', 'dataType'] as const;
const ENCODINGS = new Set(['UTF8', 'SQL_ASCII', 'LATIN1']);
const SANITIZED = Symbol.for('psof.databaseErrorSanitized');

export function isDatabaseError(error: unknown): error is Error & Record<string, unknown> {
  if (!(error instanceof Error)) return false;
  const fields = error as unknown as Record<string, unknown>;
  return (
    (typeof fields.code === 'string' && /^[0-9A-Z]{5}$/.test(fields.code) && 'severity' in fields) ||
    'params' in fields ||
    'queryOptions' in fields
  );
}

export function withoutParameters<T>(error: T, statement?: string): T {
  if (!isDatabaseError(error) || error[SANITIZED as unknown as string]) return error;
  const fields = error as unknown as Record<string | symbol, unknown>;
  for (const name of DROPPED_FIELDS) delete fields[name];
  for (const name of VALUE_FIELDS) {
    if (name in fields) Object.defineProperty(error, name, { enumerable: false, value: fields[name] });
  }
  const sql = typeof fields.query === 'string' ? fields.query : statement;
  if (sql !== undefined) fields.statement = sql;
  const names = new Set(sql?.match(/[A-Za-z_][A-Za-z0-9_$]*/g) ?? []);
  for (const name of NAME_FIELDS) if (typeof fields[name] === 'string') names.add(fields[name]);
  const message = maskQuotedValues(error.message, names);
  if (message !== error.message) {
    const original = error.message;
    error.message = message;
    if (typeof error.stack === 'string') error.stack = error.stack.split(original).join(message);
  }
  Object.defineProperty(error, SANITIZED, { enumerable: false, value: true });
  return error;
}

/**
 * `"…"` in a message stays only when it is a word of the statement or a name the error carries (a
 * relation, a column, a constraint, a type) or an encoding: values never appear in a parameterised statement.
 */
export function maskQuotedValues(message: string, names: ReadonlySet<string>): string {
  return message.replace(/"((?:[^"]|"")*)"/g, (quoted, inner: string) =>
    ENCODINGS.has(inner) || names.has(inner) ? quoted : '"[value]"',
  );
}

/** Kysely's `log` option: every failing query's error is made safe before it is rethrown to the caller. */
export function logDatabaseEvent(event: LogEvent): void {
  if (event.level === 'error') withoutParameters(event.error, event.query.sql);
}
