import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { ApiProblem } from './ApiProblem.ts';
import { escapePointer } from './escapePointer.ts';

/**
 * Text no handler should ever see (docs/adr/0023-bad-input-and-fuzzing.md): U+0000, which PostgreSQL
 * refuses in `text` (a 500 before this check), and lone UTF-16 surrogates, which no UTF-8 text can hold
 * (they turn into U+FFFD on the way to the database, so what is stored differs from what was checked).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is exactly what this refuses.
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isUnsafeText(text: string): boolean {
  return UNSAFE_TEXT.test(text);
}

/**
 * The JSON pointer of the first string in `value` (a parsed body, query or params object) that holds
 * unsafe text, `undefined` when there is none. A key with unsafe text is reported at its object, so the
 * answer never echoes the characters. Iterative: a 100 KB body of nested arrays must not overflow the stack.
 */
export function findUnsafeText(value: unknown, root = ''): string | undefined {
  const pending: [unknown, string][] = [[value, root]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, pointer] = next;
    if (typeof item === 'string') {
      if (UNSAFE_TEXT.test(item)) return pointer;
    } else if (Array.isArray(item)) {
      for (let index = item.length - 1; index >= 0; index -= 1)
        pending.push([item[index], `${pointer}/${index}`]);
    } else if (item !== null && typeof item === 'object' && !Buffer.isBuffer(item)) {
      const entries = Object.entries(item);
      for (let index = entries.length - 1; index >= 0; index -= 1) {
        const [key, child] = entries[index] as [string, unknown];
        if (UNSAFE_TEXT.test(key)) return pointer;
        pending.push([child, `${pointer}/${escapePointer(key)}`]);
      }
    }
  }
  return undefined;
}

function refuse(pointer: string): ApiProblem {
  return new ApiProblem('PSOF0900', [{ pointer, reason: 'contains NUL or a lone surrogate' }]);
}

/**
 * Path, query and headers: checked first of all `onRequest` hooks, so no authentication lookup, rate
 * limit or handler sees them. A callback hook (it runs on every request, the click redirect included).
 */
export function checkRequestLine(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const pointer =
    findUnsafeText(request.params, '/params') ??
    findUnsafeText(request.query, '/querystring') ??
    unsafeHeader(request.headers);
  done(pointer === undefined ? undefined : refuse(pointer));
}

/** The parsed body, before validation and before any route's own `preValidation`/`preHandler` hooks. */
export function checkBody(
  request: FastifyRequest,
  _reply: FastifyReply,
  done: HookHandlerDoneFunction,
): void {
  const pointer = findUnsafeText(request.body);
  done(pointer === undefined ? undefined : refuse(pointer));
}

function unsafeHeader(headers: FastifyRequest['headers']): string | undefined {
  for (const name in headers) {
    if (UNSAFE_TEXT.test(name)) return '/headers';
    const value = headers[name];
    if (typeof value === 'string' ? UNSAFE_TEXT.test(value) : value?.some((item) => UNSAFE_TEXT.test(item))) {
      return `/headers/${escapePointer(name)}`;
    }
  }
  return undefined;
}

/** Adds both checks to every route of `app` (call it on the root instance, before routes are added). */
export function addInputSafetyHooks(app: FastifyInstance): void {
  app.addHook('onRequest', checkRequestLine);
  app.addHook('preValidation', checkBody);
}
