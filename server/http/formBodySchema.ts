/**
 * A form's JSON Schema (schemas/forms/) as a route's body schema: the browser's form and the server check the
 * same rules. The `$id` names the form's precompiled validator (runtime/forms); Fastify would register it as
 * a shared schema, so the route takes the schema without it.
 */
export function bodySchemaOf<Schema extends { $id?: string }>(schema: Schema): Omit<Schema, '$id'> {
  const { $id: _id, ...body } = schema;
  return body;
}
