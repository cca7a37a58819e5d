import { describe, expect, it } from 'vitest';
import { FORM_SCHEMAS } from '../../runtime/forms/formSchemas.ts';

describe('form schemas', () => {
  it.each(Object.entries(FORM_SCHEMAS))(
    '%s has its name as $id (its precompiled validator is found by it)',
    (name, schema) => {
      expect(schema.$id).toBe(name);
    },
  );
});
