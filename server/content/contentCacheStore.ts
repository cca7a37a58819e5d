import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../db/DatabaseSchema.ts';
import type { CachedCopy, CopyStore } from './ContentCache.ts';

/**
 * Last good copies of one mandant's CMS content in the content_cache table (migration 0006), so that they
 * survive restarts and every instance over the same database has them.
 */
export function contentCacheStore(db: Kysely<DatabaseSchema>, mandantId: string, source: string): CopyStore {
  return {
    async read(key) {
      const row = await db
        .selectFrom('content_cache')
        .select(['payload', 'fetched_at'])
        .where('mandant_id', '=', mandantId)
        .where('source', '=', source)
        .where('cache_key', '=', key)
        .executeTakeFirst();
      if (!row) return undefined;
      const payload = typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload;
      return { value: payload, fetchedAt: new Date(row.fetched_at).getTime() } satisfies CachedCopy<unknown>;
    },
    async write(key, copy) {
      const values = {
        mandant_id: mandantId,
        source,
        cache_key: key,
        payload: JSON.stringify(copy.value),
        fetched_at: new Date(copy.fetchedAt),
      };
      await db
        .insertInto('content_cache')
        .values(values)
        .onConflict((conflict) =>
          conflict
            .columns(['mandant_id', 'source', 'cache_key'])
            // An older copy written late (a slow instance) never replaces a newer one.
            .doUpdateSet({ payload: values.payload, fetched_at: values.fetched_at })
            .where('content_cache.fetched_at', '<', values.fetched_at),
        )
        .execute();
    },
  };
}
