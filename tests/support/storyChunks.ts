/**
 * Loads the lazily imported API client, the form and table chunks and every form's precompiled validator, so
 * that no story pays for their first import (on a busy machine that alone can outlast a story's wait). For a
 * story test's `beforeAll`.
 */
export async function preloadStoryChunks(): Promise<void> {
  await Promise.all([
    import('../../runtime/api/client.ts'),
    import('../../runtime/forms/SchemaForm.tsx'),
    import('../../runtime/table/DataTable.tsx'),
    import('ajv-i18n/localize/de'),
    import('virtual:form-validators').then((index) =>
      Promise.all(Object.values(index.default).map((load) => load())),
    ),
  ]);
}
