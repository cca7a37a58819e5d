import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { JsonObject } from '../../domain/merge.ts';
import { LAZY_PAGE_TIMEOUT_MS } from '../../schemas/constants.ts';
import type { BlockRegistry } from './BlockRegistry.ts';

export type LazyBlock = LazyExoticComponent<ComponentType<JsonObject>>;

const cache = new WeakMap<BlockRegistry, Map<string, LazyBlock>>();

/** SPEC section 8: a lazy load that takes longer than 120 s is reported as a chunk load error. */
export class ChunkLoadError extends Error {
  constructor(type: string, cause?: unknown) {
    super(`Block "${type}" could not be loaded`, { cause });
    this.name = 'ChunkLoadError';
  }
}

function withTimeout<T>(promise: Promise<T>, type: string, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError(type, `timeout after ${timeoutMs} ms`)),
      timeoutMs,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(type, error));
      },
    );
  });
}

/** Whether the registry has a loader for this type (a page may name a type this build does not know). */
export function isRegistered(registry: BlockRegistry, type: string): type is keyof BlockRegistry {
  return Object.hasOwn(registry, type);
}

/** Forgets a type's lazy component (after a failed load), so the next render loads it again. */
export function evictLazyBlock(registry: BlockRegistry, type: string): void {
  cache.get(registry)?.delete(type);
}

/**
 * One React.lazy component per registry and type, so a block type is fetched once however many pages
 * and instances use it, and re-renders never restart its loading.
 */
export function lazyBlock(
  registry: BlockRegistry,
  type: keyof BlockRegistry,
  timeoutMs = LAZY_PAGE_TIMEOUT_MS,
): LazyBlock {
  let byType = cache.get(registry);
  if (!byType) {
    byType = new Map();
    cache.set(registry, byType);
  }
  let component = byType.get(type);
  if (!component) {
    // Props come from the page schema, which the server validated against this type's props schema,
    // so the loader of one type is used with the plain JSON props here.
    const load = registry[type] as unknown as () => Promise<{ default: ComponentType<JsonObject> }>;
    component = lazy(() => withTimeout(load(), type, timeoutMs));
    byType.set(type, component);
  }
  return component;
}
