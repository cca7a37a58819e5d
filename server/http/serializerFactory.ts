import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';

type SerializerFactory = ReturnType<typeof SerializerSelector>;
type SerializerCompiler = ReturnType<SerializerFactory>;

/**
 * Fastify's own response serializer (fast-json-stringify), given only the shared schemas a route's
 * response schema reaches through `$ref`.
 *
 * Fastify hands every response schema of every route all the schemas added with `addSchema`
 * (server/http/apiSchemas.ts), and fast-json-stringify checks each of them against the JSON Schema
 * meta-schema again on every compile: with about 220 routes that was most of a start's two seconds of
 * serializer work (`tsx --cpu-prof`: fast-json-stringify's schema-validator was the largest item of an app
 * start), paid again by every test app. What a schema cannot reach cannot change its serializer, so the
 * result is the same; a `$ref` that names no shared schema (a local `#/…` pointer aside) gets them all, so
 * fast-json-stringify reports it as it would. The compilers for one set of shared schemas are built once.
 */
export function reachableSchemasSerializerFactory(): SerializerFactory {
  const fastJsonStringify = SerializerSelector();
  return (externalSchemas, options) => {
    const shared = (externalSchemas ?? {}) as Record<string, unknown>;
    const compilers = new Map<string, SerializerCompiler>();
    const compilerFor = (ids: string[] | undefined): SerializerCompiler => {
      const key = ids === undefined ? '*' : ids.join(' ');
      let compiler = compilers.get(key);
      if (!compiler) {
        const schemas = ids === undefined ? shared : Object.fromEntries(ids.map((id) => [id, shared[id]]));
        compiler = fastJsonStringify(schemas, options);
        compilers.set(key, compiler);
      }
      return compiler;
    };
    return (route) => compilerFor(reachableIds(route.schema, shared))(route);
  };
}

/** The ids of the shared schemas `schema` reaches through `$ref`, sorted; undefined for one it cannot name. */
export function reachableIds(schema: unknown, shared: Record<string, unknown>): string[] | undefined {
  const found = new Set<string>();
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (node === null || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      pending.push(...node);
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const id = value.split('#')[0] ?? '';
        if (id === '') continue; // a pointer into the schema itself
        if (!(id in shared)) return undefined;
        if (!found.has(id)) {
          found.add(id);
          pending.push(shared[id]);
        }
      } else pending.push(value);
    }
  }
  return [...found].sort();
}
