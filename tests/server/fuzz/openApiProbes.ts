import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import {
  integrationKeyCipherContext,
  newIntegrationSecret,
} from '../../../server/integration/integrationSecrets.ts';
import { signRequest } from '../../../server/integration/verifySignature.ts';
import { MANDANTS_DIR } from '../../support/server.ts';
import { insertBackofficeUser } from '../backofficeHelpers.ts';
import { bearer, buildTestApp, type TestDatabase } from '../helpers.ts';

/**
 * Probes for every operation of the OpenAPI document (GET /api/docs), generated from its schemas so a new
 * route joins the fuzzing (fuzzRoutes.test.ts) and the log canary (logCanary.test.ts) by itself (issue 17,
 * docs/adr/0023-bad-input-and-fuzzing.md). A probe is a request as data: path, query, headers and a raw body
 * string (so duplicate JSON keys can be sent), plus which credential to present.
 */
export type JsonSchema = Record<string, unknown> & {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  $ref?: string;
};

interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema?: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI path with `{name}` placeholders. */
  path: string;
  parameters: Parameter[];
  body?: JsonSchema;
  /** A body is accepted but the document has no schema for it (checked in the handler). */
  looseBody: boolean;
  security: 'none' | 'bearer' | 'integrationKey';
}

export type Credential = 'none' | 'recommender' | 'agency' | 'backoffice' | 'garbage';

export interface Probe {
  params: Record<string, string>;
  query: [string, string][];
  headers: Record<string, string>;
  /** undefined: no body; otherwise the raw text sent as application/json (or as `contentType`). */
  body?: string;
  contentType?: string;
  credential: Credential;
}

/** The mandant whose demo data and users the probes use. */
export const MANDANT = 'telko';
const RECOMMENDER = 'anna.beispiel@netzplus.example';
const AGENCY_OWNER = 'agentur@netzplus.example';

/** A random marker in every canary value: finding it in a log line is a leak. */
export function newCanary(): { marker: string; email: string; name: string } {
  // Letters only: a real name has no digits, and the log keeps path segments with digits as identifiers.
  const marker = `cnry${[...randomBytes(10)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
  return { marker, email: `canary-${marker}@example.org`, name: `Canary${marker}` };
}

/** The operations of the document; HEAD follows GET and is left out. */
export function operationsOf(document: {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components?: { schemas?: Record<string, JsonSchema> };
}): Operation[] {
  const components = document.components?.schemas ?? {};
  const resolve = (schema: JsonSchema | undefined, depth = 0): JsonSchema | undefined => {
    if (!schema || depth > 8) return schema;
    if (typeof schema.$ref === 'string')
      return resolve(components[schema.$ref.split('/').pop() ?? ''], depth + 1);
    const out: JsonSchema = { ...schema };
    if (schema.properties) {
      out.properties = Object.fromEntries(
        Object.entries(schema.properties).map(([key, value]) => [key, resolve(value, depth + 1) ?? {}]),
      );
    }
    if (schema.items) out.items = resolve(schema.items, depth + 1);
    if (schema.anyOf) out.anyOf = schema.anyOf.map((item) => resolve(item, depth + 1) ?? {});
    if (schema.oneOf) out.oneOf = schema.oneOf.map((item) => resolve(item, depth + 1) ?? {});
    return out;
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      if (method === 'head' || method === 'parameters') continue;
      const parameters = ((operation.parameters as Parameter[] | undefined) ?? []).map((parameter) => ({
        ...parameter,
        schema: resolve(parameter.schema),
      }));
      const content = (
        operation.requestBody as { content?: Record<string, { schema?: JsonSchema }> } | undefined
      )?.content;
      const body = resolve(content?.['application/json']?.schema);
      const security = JSON.stringify(operation.security ?? []);
      operations.push({
        method: method.toUpperCase(),
        path,
        parameters,
        body,
        looseBody: !body && ['POST', 'PUT', 'PATCH'].includes(method.toUpperCase()),
        security: security.includes('integrationKey')
          ? 'integrationKey'
          : security.includes('bearer')
            ? 'bearer'
            : 'none',
      });
    }
  }
  // Routes that end sessions or erase the recommender go last, so the others still reach their handlers.
  const destructive = (operation: Operation) =>
    /logout|abmelden|delete|loeschen/i.test(operation.path) || operation.method === 'DELETE' ? 1 : 0;
  return operations.sort((a, b) => destructive(a) - destructive(b));
}

/** The credential a route most likely wants, from its path. */
export function credentialFor(operation: Operation): Credential {
  if (operation.security !== 'bearer') return 'none';
  if (/\/backoffice\//i.test(operation.path)) return 'backoffice';
  if (/\/(agentur|einladung)/i.test(operation.path)) return 'agency';
  return 'recommender';
}

// ————— values —————

const ONE_MB = 'x'.repeat(1024 * 1024);

/** Text no handler should see, and other trouble: NUL, lone surrogates, 1 MB, control and odd characters. */
export const hostileString = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('a\u0000b@x.de', '\u0000', 'x\uD800y', '\uDC00@x.de', 'a\uDBFF') },
  { weight: 1, arbitrary: fc.constant(ONE_MB) },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      '\u202E\uFEFF\u200B',
      "'; drop table account; --",
      '%00',
      '../../etc/passwd',
      '99999999999999999999999',
      '-1',
      '1e308',
      'NaN',
      'null',
      'true',
      '[]',
      '{}',
      '😀'.repeat(300),
      '<script>x</script>',
    ),
  },
);

const hostileValue = fc.oneof(
  hostileString,
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    0,
    -1,
    1.5,
    2 ** 53 + 2,
    -(2 ** 63),
    1e308,
    -1e308,
    [],
    {},
    [null],
    { $ne: 1 },
    'x'.repeat(300),
  ),
);

function stringArb(
  schema: JsonSchema,
  canary: ReturnType<typeof newCanary>,
  key: string,
): fc.Arbitrary<string> {
  const options: fc.Arbitrary<string>[] = [];
  const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
  const max = Math.min(typeof schema.maxLength === 'number' ? schema.maxLength : 40, 40);
  if (typeof schema.pattern === 'string') {
    try {
      options.push(fc.stringMatching(new RegExp(schema.pattern)).filter((text) => text.length <= 300));
    } catch {
      // fast-check does not speak every regex; the other options still apply.
    }
  }
  if (/mail/i.test(key) || schema.format === 'email') options.push(fc.constant(canary.email));
  if (/^(vor|nach)?name$|firma/i.test(key)) options.push(fc.constant(canary.name));
  options.push(fc.string({ minLength: Math.min(min, max), maxLength: Math.max(min, max) }));
  options.push(fc.constantFrom(canary.email, canary.name));
  return fc.oneof(...options);
}

/** A value for `schema`, now and then a hostile or wrong-typed one instead. */
export function valueArb(
  schema: JsonSchema | undefined,
  canary: ReturnType<typeof newCanary>,
  key = '',
  depth = 0,
): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 12, arbitrary: validArb(schema ?? {}, canary, key, depth) },
    { weight: 1, arbitrary: hostileValue },
  );
}

function validArb(
  schema: JsonSchema,
  canary: ReturnType<typeof newCanary>,
  key: string,
  depth: number,
): fc.Arbitrary<unknown> {
  if (depth > 5) return fc.constant(null);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants && variants.length > 0)
    return fc.oneof(...variants.map((variant) => validArb(variant, canary, key, depth)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.length > 1) {
    return fc.oneof(...types.map((type) => validArb({ ...schema, type }, canary, key, depth)));
  }
  switch (types[0]) {
    case 'string':
      return stringArb(schema, canary, key);
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : -1000;
      const max = typeof schema.maximum === 'number' ? schema.maximum : 1_000_000;
      return fc.oneof(
        fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) }),
        fc.constantFrom(min, max),
      );
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(valueArb(schema.items, canary, key, depth + 1), { maxLength: 4 });
    default:
      if (types[0] === 'object' || schema.properties) return objectArb(schema, canary, depth + 1);
      return fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(canary.email));
  }
}

/**
 * An object of `schema`: the required properties, some optional ones; now and then a required one is
 * missing, an extra one added (with a canary value), or the properties' values wrong.
 */
export function objectArb(
  schema: JsonSchema,
  canary: ReturnType<typeof newCanary>,
  depth = 0,
): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const keys = Object.keys(properties);
  const entries = keys.map((key) =>
    fc.tuple(
      fc.constant(key),
      valueArb(properties[key], canary, key, depth),
      required.has(key) ? fc.constant(true) : fc.boolean(),
    ),
  );
  return fc
    .tuple(
      fc.tuple(...entries),
      fc.option(
        fc.tuple(
          fc.constantFrom('Extra', 'Email', '__proto__', 'constructor', canary.marker),
          valueArb({}, canary),
        ),
        {
          freq: 4,
        },
      ),
      fc.option(fc.constantFrom(...(keys.length > 0 ? keys : ['x'])), { freq: 6 }),
    )
    .map(([picked, extra, missing]) => {
      const object: Record<string, unknown> = {};
      for (const [key, value, keep] of picked) if (keep && key !== missing) object[key] = value;
      if (extra)
        Object.defineProperty(object, extra[0], {
          value: extra[1],
          enumerable: true,
          writable: true,
          configurable: true,
        });
      return object;
    });
}

// ————— requests —————

/** encodeURIComponent that also takes lone surrogates (as their WTF-8 bytes, which a server must survive). */
export function encodeAny(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    let out = '';
    for (const char of text) {
      const code = char.codePointAt(0) ?? 0;
      if (code >= 0xd800 && code <= 0xdfff) {
        out += `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 63)).toString(16)}%${(0x80 | (code & 63)).toString(16)}`;
      } else out += encodeURIComponent(char);
    }
    return out.toUpperCase();
  }
}

const KNOWN_PARAMS: Record<string, string[]> = {
  mandant: [MANDANT],
  nr: ['4710000002', '4710000001', 'A-1001'],
  empfehlungsnummer: ['4710000002'],
  lang: ['de', 'en'],
  id: ['1', '601', '00000000-0000-0000-0000-000000000000'],
};

function paramArb(parameter: Parameter, canary: ReturnType<typeof newCanary>): fc.Arbitrary<string> {
  const known = KNOWN_PARAMS[parameter.name];
  // In the path the canary is the e-mail only: a name there has the shape of an identifier (a content key,
  // a variant), and routes log identifiers they cannot resolve (docs/adr/0023-bad-input-and-fuzzing.md).
  const own = parameter.in === 'path' ? { ...canary, name: canary.email } : canary;
  const fromSchema = validArb(parameter.schema ?? { type: 'string' }, own, parameter.name, 0).map(String);
  const weighted: fc.WeightedArbitrary<string>[] = [
    { weight: 3, arbitrary: fromSchema },
    { weight: 1, arbitrary: hostileString },
  ];
  if (known)
    weighted.push({ weight: parameter.name === 'mandant' ? 30 : 4, arbitrary: fc.constantFrom(...known) });
  return fc.oneof(...weighted);
}

/** A copy of `value` with its `index`-th leaf (modulo the number of leaves) replaced by `replacement`. */
export function replaceLeaf(value: unknown, index: number, replacement: unknown): unknown {
  const copy = structuredClone(value);
  const leaves: [Record<string | number, unknown>, string | number][] = [];
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    for (const [key, child] of Object.entries(node)) {
      if (child !== null && typeof child === 'object') walk(child);
      else leaves.push([node as Record<string, unknown>, Array.isArray(node) ? Number(key) : key]);
    }
  };
  walk(copy);
  const leaf = leaves[index % Math.max(leaves.length, 1)];
  if (!leaf) return copy;
  leaf[0][leaf[1]] = replacement;
  return copy;
}

/** Raw JSON with trouble: a duplicate key, invalid JSON, deep nesting, a non-object. */
function rawBodyArb(object: fc.Arbitrary<Record<string, unknown>>, canary: ReturnType<typeof newCanary>) {
  return fc.oneof(
    { weight: 4, arbitrary: object.map((value) => JSON.stringify(value)) },
    {
      // One fault at a time: an otherwise well-formed body with one value replaced.
      weight: 6,
      arbitrary: fc
        .tuple(object, fc.nat(), hostileValue)
        .map(([value, index, bad]) => JSON.stringify(replaceLeaf(value, index, bad))),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(object, hostileValue).map(([value, duplicate]) => {
        const keys = Object.keys(value);
        const key = keys[0] ?? 'Email';
        const text = JSON.stringify(value);
        return `{${JSON.stringify(key)}:${JSON.stringify(duplicate ?? null)}${text.length > 2 ? `,${text.slice(1)}` : '}'}`;
      }),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        '{"Email":',
        '',
        'null',
        '[]',
        '"text"',
        '1',
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        `{"Email":"${canary.email}","Email":"${canary.email}"}`,
        '{"__proto__":{"admin":true}}',
        '{"constructor":{"prototype":{"x":1}}}',
      ),
    },
  );
}

export function probeArb(operation: Operation, canary: ReturnType<typeof newCanary>): fc.Arbitrary<Probe> {
  const pathParams = operation.parameters.filter((parameter) => parameter.in === 'path');
  const queryParams = operation.parameters.filter((parameter) => parameter.in === 'query');
  const headerParams = operation.parameters.filter((parameter) => parameter.in === 'header');
  const params = fc
    .tuple(...pathParams.map((parameter) => paramArb(parameter, canary)))
    .map((values) =>
      Object.fromEntries(pathParams.map((parameter, index) => [parameter.name, values[index] ?? ''])),
    );
  const query = fc
    .tuple(
      ...queryParams.map((parameter) =>
        fc.oneof(
          { weight: 3, arbitrary: fc.array(paramArb(parameter, canary), { minLength: 1, maxLength: 1 }) },
          { weight: 1, arbitrary: fc.array(paramArb(parameter, canary), { maxLength: 3 }) },
        ),
      ),
      fc.option(
        fc.tuple(fc.constantFrom('extra', 'email', 'page'), paramArb({ in: 'query', name: 'extra' }, canary)),
      ),
    )
    .map((parts) => {
      // Generated values are reused while shrinking: read them, never change them.
      const extra = parts[parts.length - 1] as [string, string] | null;
      const pairs: [string, string][] = [];
      (parts.slice(0, -1) as string[][]).forEach((values, index) => {
        for (const value of values) pairs.push([queryParams[index]?.name ?? '', value]);
      });
      if (extra) pairs.push(extra);
      return pairs;
    });
  const headers = fc
    .tuple(...headerParams.map((parameter) => fc.option(paramArb(parameter, canary), { freq: 3 })))
    .map((values) => {
      const out: Record<string, string> = {};
      headerParams.forEach((parameter, index) => {
        const value = values[index];
        if (value !== null && value !== undefined && value.length < 8192 && !/[\r\n]/.test(value)) {
          out[parameter.name.toLowerCase()] = value;
        }
      });
      return out;
    });
  const bodySchema = operation.body ?? (operation.looseBody ? { type: 'object' } : undefined);
  const body = bodySchema
    ? fc
        .option(rawBodyArb(objectArb(bodySchema, canary), canary), { freq: 12 })
        .map((value) => value ?? undefined)
    : fc
        .option(fc.constantFrom('{}', `{"Email":"${canary.email}"}`), { freq: 4 })
        .map((value) => value ?? undefined);
  const preferred = credentialFor(operation);
  const credential = fc.oneof(
    { weight: 12, arbitrary: fc.constant(preferred) },
    {
      weight: 1,
      arbitrary: fc.constantFrom<Credential>('none', 'recommender', 'agency', 'backoffice', 'garbage'),
    },
  );
  const contentType = fc.option(
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'),
    {
      freq: 20,
    },
  );
  return fc
    .tuple(
      fc.record({ params, query, headers, body, credential, contentType }),
      fc.nat(),
      hostileString,
      fc.nat(2),
    )
    .map(([{ contentType: type, ...rest }, index, bad, mode]) => {
      const probe: Probe = { ...rest, ...(type ? { contentType: type } : {}) };
      // One fault at a time in the path or query (the mandant stays, so the route is reached).
      if (mode !== 0) return probe;
      const names = Object.keys(probe.params).filter((name) => name !== 'mandant');
      const slots = names.length + probe.query.length;
      if (slots === 0) return probe;
      const slot = index % slots;
      if (slot < names.length) return { ...probe, params: { ...probe.params, [names[slot] ?? '']: bad } };
      const query = probe.query.map((pair, at): [string, string] =>
        at === slot - names.length ? [pair[0], bad] : pair,
      );
      return { ...probe, query };
    });
}

// ————— the app under test —————

export interface FuzzTarget {
  app: FastifyInstance;
  operations: Operation[];
  /** Log lines written so far (pino JSON, level info and up). */
  lines: string[];
  inject: (operation: Operation, probe: Probe) => Promise<{ statusCode: number; body: string }>;
  probesSent: () => number;
}

let nextAddress = 0;

/**
 * The app over the demo mandants with a capturing logger, its operations from the OpenAPI document, and
 * credentials: a recommender, an agency owner, a back-office user with every role, an integration key.
 * Session tokens are issued per call, since a probe may log out.
 */
export async function fuzzTarget(database: TestDatabase): Promise<FuzzTarget> {
  const lines: string[] = [];
  let pending = '';
  const stream = new Writable({
    write(chunk, _encoding, callback) {
      pending += String(chunk);
      const parts = pending.split('\n');
      pending = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
      callback();
    },
  });
  const app = await buildTestApp(database, { mandantsDir: MANDANTS_DIR, logger: { level: 'info', stream } });
  const db = app.database.kysely;
  const recommenderId = (
    await db
      .selectFrom('account')
      .select('id')
      .where('mandant_id', '=', MANDANT)
      .where('email', '=', RECOMMENDER)
      .executeTakeFirstOrThrow()
  ).id;
  const agencyId = (
    await db
      .selectFrom('agency_user')
      .select('id')
      .where('mandant_id', '=', MANDANT)
      .where('email', '=', AGENCY_OWNER)
      .executeTakeFirstOrThrow()
  ).id;
  const backofficeId = await insertBackofficeUser(app, MANDANT, {
    email: 'fuzz@programm.example',
    roles: ['viewer', 'operator', 'finance', 'admin'],
  });
  const keyId = 'fuzz';
  const secret = newIntegrationSecret();
  await db
    .insertInto('integration_key')
    .values({
      mandant_id: MANDANT,
      id: keyId,
      name: 'Fuzz',
      secret_encrypted: app.fieldCipher.encrypt(secret, integrationKeyCipherContext(MANDANT, keyId)),
    })
    .execute();
  const document = (await app.inject({ url: '/api/docs' })).json();
  const operations = operationsOf(document);
  let sent = 0;
  let messages = 0;

  const credentialHeaders = async (credential: Credential): Promise<Record<string, string>> => {
    if (credential === 'recommender')
      return bearer(await app.sessionTokens.issue('user', MANDANT, recommenderId));
    if (credential === 'agency') return bearer(await app.sessionTokens.issue('agency', MANDANT, agencyId));
    if (credential === 'backoffice')
      return bearer(await app.sessionTokens.issue('backoffice', MANDANT, backofficeId));
    if (credential === 'garbage') return bearer('eyJhbGciOiJub25lIn0.e30.');
    return {};
  };

  const inject: FuzzTarget['inject'] = async (operation, probe) => {
    sent += 1;
    nextAddress += 1;
    const path = operation.path.replace(/\{([^}]+)\}/g, (_all, name: string) =>
      encodeAny(probe.params[name] ?? ''),
    );
    const query = probe.query.map(([name, value]) => `${encodeAny(name)}=${encodeAny(value)}`).join('&');
    const headers: Record<string, string> = {
      ...probe.headers,
      ...(await credentialHeaders(probe.credential)),
    };
    if (probe.body !== undefined) headers['content-type'] = probe.contentType ?? 'application/json';
    if (operation.security === 'integrationKey') {
      messages += 1;
      const id = `fuzz-${messages}`;
      const write = operation.method !== 'GET';
      Object.assign(headers, {
        'x-api-key': keyId,
        [write ? 'idempotency-key' : 'webhook-id']: id,
        'webhook-timestamp': String(Math.floor(Date.now() / 1000)),
        'webhook-signature': signRequest(secret, id, probe.body ?? ''),
      });
    }
    const request: InjectOptions = {
      method: operation.method as InjectOptions['method'],
      url: `${path}${query ? `?${query}` : ''}`,
      headers,
      // Own client address per probe: per-client rate limits would otherwise stop probes before the handler.
      remoteAddress: `10.${(nextAddress >> 16) & 255}.${(nextAddress >> 8) & 255}.${nextAddress & 255}`,
      ...(probe.body !== undefined ? { payload: probe.body } : {}),
    };
    const response = await app.inject(request);
    return { statusCode: response.statusCode, body: response.body.slice(0, 500) };
  };
  return { app, operations, lines, inject, probesSent: () => sent };
}

/** A probe, shortened for a failure message (1 MB strings would drown it). */
export function describeProbe(operation: Operation, probe: Probe): string {
  return `${operation.method} ${operation.path} ${JSON.stringify(probe, (_key, value) =>
    typeof value === 'string' && value.length > 120 ? `${value.slice(0, 40)}…(${value.length} chars)` : value,
  )}`;
}
