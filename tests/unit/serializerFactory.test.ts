import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import { describe, expect, it } from 'vitest';
import { reachableIds, reachableSchemasSerializerFactory } from '../../server/http/serializerFactory.ts';

const SHARED = {
  ApiError: {
    $id: 'ApiError',
    type: 'object',
    properties: { code: { type: 'string' }, message: { type: 'string' } },
  },
  Entry: { $id: 'Entry', type: 'object', properties: { Key: { type: 'string' } } },
  List: {
    $id: 'List',
    type: 'object',
    properties: { Items: { type: 'array', items: { $ref: 'Entry#' } }, Count: { type: 'integer' } },
  },
  Unused: { $id: 'Unused', type: 'object', properties: { x: { type: 'number' } } },
};

describe('reachableIds', () => {
  it('follows $ref into shared schemas and on from there, sorted', () => {
    expect(reachableIds({ type: 'object', properties: { list: { $ref: 'List#' } } }, SHARED)).toEqual([
      'Entry',
      'List',
    ]);
    expect(
      reachableIds({ anyOf: [{ $ref: 'ApiError#/properties/code' }, { $ref: 'Entry' }] }, SHARED),
    ).toEqual(['ApiError', 'Entry']);
  });

  it('needs none for a schema without $ref or with pointers into itself', () => {
    expect(reachableIds({ type: 'string' }, SHARED)).toEqual([]);
    expect(
      reachableIds(
        { definitions: { a: { type: 'string' } }, properties: { b: { $ref: '#/definitions/a' } } },
        SHARED,
      ),
    ).toEqual([]);
  });

  it('cannot tell for a $ref that names no shared schema', () => {
    expect(reachableIds({ properties: { a: { $ref: 'Missing#' } } }, SHARED)).toBeUndefined();
  });
});

describe('reachableSchemasSerializerFactory', () => {
  const route = (schema: unknown) => ({ schema, method: 'GET', url: '/x', httpStatus: '200' });
  const body = {
    list: { Items: [{ Key: 'a', extra: 1 }], Count: 2, dropped: true },
    error: { code: 'PSOF0010', message: 'Dieser Mandant ist nicht bekannt.' },
  };
  const schema = {
    type: 'object',
    properties: { list: { $ref: 'List#' }, error: { $ref: 'ApiError#' } },
  };

  it('writes what the serializer given every shared schema writes', () => {
    const ours = reachableSchemasSerializerFactory()(SHARED, {})(route(schema));
    const fastifys = SerializerSelector()(SHARED, {})(route(schema));
    expect(ours(body)).toBe(fastifys(body));
    expect(JSON.parse(ours(body))).toEqual({
      list: { Items: [{ Key: 'a' }], Count: 2 },
      error: { code: 'PSOF0010', message: 'Dieser Mandant ist nicht bekannt.' },
    });
  });

  it('still refuses a $ref to a schema nobody added, as fast-json-stringify does', () => {
    const compile = reachableSchemasSerializerFactory()(SHARED, {});
    expect(() => compile(route({ type: 'object', properties: { a: { $ref: 'Missing#' } } }))).toThrow(
      /Missing/,
    );
  });
});
