import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskQuotedValues, withoutParameters } from '../../server/db/databaseErrors.ts';
import { withoutPersonalSegments, withoutSecrets } from '../../server/http/logSerializers.ts';
import {
  credentialFor,
  type FuzzTarget,
  fuzzTarget,
  type JsonSchema,
  newCanary,
  type Operation,
} from './fuzz/openApiProbes.ts';
import { databases } from './helpers.ts';

/**
 * Issue 17: logs never hold personal data. A canary e-mail and name go through every route of the OpenAPI
 * document (well-formed requests, so handlers run, with the credential the route wants), and through
 * failing database queries on PGlite and PostgreSQL; the captured log (pino, level info) must not contain
 * them. Database errors log the statement with its `$n` placeholders, never the values.
 */
describe('database errors lose their values before they can be logged', () => {
  it('drops PGlite params, hides detail and where, masks quoted values in message and stack', () => {
    const error = Object.assign(new Error('invalid input syntax for type uuid: "anna@example.org"'), {
      severity: 'ERROR',
      code: '22P02',
      where: "unnamed portal parameter $1 = '...'",
      detail: 'Key (email)=(anna@example.org) already exists.',
      query: 'select "id" from "account" where "email" = $1',
      params: ['anna@example.org'],
      queryOptions: { rowMode: 'object' },
    });
    withoutParameters(error);
    const logged = JSON.stringify({ ...error, message: error.message, stack: error.stack });
    expect(logged).not.toContain('anna@example.org');
    expect(error.message).toBe('invalid input syntax for type uuid: "[value]"');
    expect(error).toMatchObject({
      code: '22P02',
      statement: 'select "id" from "account" where "email" = $1',
    });
    expect(error.detail).toContain('anna@example.org');
    expect(Object.keys(error)).not.toContain('detail');
  });

  it('keeps names of the statement, the error and encodings in a message', () => {
    const names = new Set(['account', 'account_email_check', 'UTF8']);
    expect(
      maskQuotedValues(
        'new row for relation "account" violates check constraint "account_email_check"',
        names,
      ),
    ).toBe('new row for relation "account" violates check constraint "account_email_check"');
    expect(maskQuotedValues('invalid byte sequence for encoding "UTF8": 0x00', new Set())).toBe(
      'invalid byte sequence for encoding "UTF8": 0x00',
    );
    expect(maskQuotedValues('value "Anna ""Nana"" Beispiel" is out of range', names)).toBe(
      'value "[value]" is out of range',
    );
  });

  it('leaves other errors alone', () => {
    const error = new TypeError('x is not a function');
    expect(withoutParameters(error)).toBe(error);
    expect(error.message).toBe('x is not a function');
  });
});

describe('path segments in the request log', () => {
  it.each([
    [
      '/api/v1/telko/empfehlen/anna%40example.org',
      '/api/v1/:mandant/empfehlen/:nr',
      '/api/v1/telko/empfehlen/:value',
    ],
    [
      '/api/v1/telko/praemie/Anna/Beispiel',
      '/api/v1/:mandant/praemie/:id/:variant',
      '/api/v1/telko/praemie/:value/:value',
    ],
    ['/api/v1/telko/Empfehlen/create', '/api/v1/:mandant/Empfehlen/create', '/api/v1/telko/Empfehlen/create'],
    [
      '/api/v1/telko/agentur/A-1001/export.csv?x',
      '/api/v1/:mandant/agentur/:nr/export.csv',
      '/api/v1/telko/agentur/A-1001/export.csv?x',
    ],
    ['/de/agentur/auftraege', '/*', '/de/agentur/auftraege'],
    ['/api/v1/telko/Einladung/:secret/registrieren', undefined, '/api/v1/telko/:value/:secret/registrieren'],
  ])('%s (%s) → %s', (url, pattern, expected) => {
    expect(withoutPersonalSegments(withoutSecrets(url), pattern)).toBe(expected);
  });
});

/** A well-formed value of `schema` carrying the canary: e-mails get the address, other text the name. */
function canaryValue(
  schema: JsonSchema | undefined,
  key: string,
  canary: ReturnType<typeof newCanary>,
): unknown {
  if (!schema) return canary.name;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const variant = (schema.anyOf ?? schema.oneOf)?.[0];
  if (variant) return canaryValue(variant, key, canary);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    return Object.fromEntries(
      Object.entries(schema.properties ?? {}).map(([name, child]) => [
        name,
        canaryValue(child, name, canary),
      ]),
    );
  }
  if (type === 'array') return [canaryValue(schema.items, key, canary)];
  if (type === 'integer' || type === 'number') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (type === 'boolean') return true;
  if (type === 'null') return null;
  const email = /mail/i.test(key) || (typeof schema.pattern === 'string' && schema.pattern.includes('@'));
  if (email) return canary.email;
  // A field with a pattern that refuses an e-mail is an identifier (a variable name, a code), no place a
  // person types a name into: it gets a value of its pattern (docs/adr/0023-bad-input-and-fuzzing.md).
  if (typeof schema.pattern === 'string' && !new RegExp(schema.pattern).test(canary.email)) {
    try {
      return fc.sample(fc.stringMatching(new RegExp(schema.pattern)), { seed: 17, numRuns: 1 })[0];
    } catch {
      return canary.name;
    }
  }
  return canary.name;
}

describe.each(databases)('no canary in the log on $name', (database) => {
  let target: FuzzTarget;
  const canary = newCanary();

  beforeAll(async () => {
    target = await fuzzTarget(database);
  }, 180_000);
  afterAll(() => target?.app.close());

  const leaks = () => target.lines.filter((line) => line.includes(canary.marker));

  it('sends the canary through every route of the OpenAPI document and finds it in no log line', async () => {
    const seen: string[] = [];
    for (const operation of target.operations) {
      const probe = canaryProbe(operation, canary);
      const answer = await target.inject(operation, probe);
      seen.push(`${operation.method} ${operation.path}: ${answer.statusCode}`);
    }
    expect(seen.filter((line) => / 5\d\d$/.test(line))).toEqual([]);
    // The probes did reach handlers: well-formed requests are accepted on many routes.
    expect(seen.filter((line) => / 2\d\d$/.test(line)).length).toBeGreaterThan(40);
    expect(target.lines.length).toBeGreaterThan(target.operations.length);
    expect(leaks()).toEqual([]);
  }, 300_000);

  it('logs a failing query with its statement, never the canary bound to it', async () => {
    const db = target.app.database.kysely;
    const failures: unknown[] = [];
    const attempts: (() => Promise<unknown>)[] = [
      () => sql`select ${canary.email}::uuid`.execute(db),
      () => sql`select ${canary.name}::integer`.execute(db),
      () =>
        db
          .insertInto('account')
          .values({
            mandant_id: 'telko',
            email: canary.email.toUpperCase(),
            password_hash: 'x',
            vorname: canary.name,
            nachname: canary.name,
            empfehler_hash: canary.marker,
          })
          .execute(),
      () =>
        db
          .insertInto('account')
          .values(
            [1, 2].map((n) => ({
              mandant_id: 'telko',
              email: `${n}${canary.email}`,
              password_hash: 'x',
              vorname: canary.name,
              nachname: canary.name,
              empfehler_hash: canary.marker,
            })),
          )
          .execute(),
      () => target.app.database.scriptTransaction((tx) => tx.query('select $1::uuid', [canary.email])),
    ];
    for (const attempt of attempts) {
      try {
        await attempt();
        failures.push('no error');
      } catch (error) {
        failures.push(error);
        // As the error handler does for an unexpected error.
        target.app.log.error({ err: error }, 'request failed');
      }
    }
    expect(failures.map((error) => (error as { code?: string }).code)).toEqual([
      '22P02',
      '22P02',
      '23514',
      '23505',
      '22P02',
    ]);
    const logged = target.lines.filter((line) => line.includes('"request failed"')).slice(-attempts.length);
    expect(logged).toHaveLength(attempts.length);
    for (const line of logged) expect(line).toMatch(/"statement":"(select|insert)/);
    expect(logged.join('\n')).toContain('$1');
    expect(leaks()).toEqual([]);
  });
});

/** A well-formed request with the canary in every text of body and query (the path: e-mail only). */
function canaryProbe(operation: Operation, canary: ReturnType<typeof newCanary>) {
  const params: Record<string, string> = {};
  const query: [string, string][] = [];
  const headers: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in === 'path')
      params[parameter.name] = parameter.name === 'mandant' ? 'telko' : canary.email;
    else if (parameter.in === 'query')
      query.push([parameter.name, String(canaryValue(parameter.schema, parameter.name, canary))]);
    else if (!/idempotency|webhook|signature|api-key/i.test(parameter.name)) {
      headers[parameter.name.toLowerCase()] = String(canaryValue(parameter.schema, parameter.name, canary));
    }
  }
  const body = operation.body
    ? JSON.stringify(canaryValue(operation.body, '', canary))
    : operation.looseBody
      ? JSON.stringify({ Email: canary.email, Vorname: canary.name, Nachname: canary.name })
      : undefined;
  return { params, query, headers, body, credential: credentialFor(operation) };
}
