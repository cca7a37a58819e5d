import type { ErrorCode } from '../../schemas/errors.ts';

/**
 * Which catalogue text a failure shows (SPEC 8): the network error for anything that could not be
 * loaded (offline, no answer, a chunk that did not arrive), the default technical error otherwise.
 */
export function failureCode(error: unknown, online: boolean): ErrorCode {
  if (!online) return 'PSOF0002';
  if (error instanceof Error && error.name === 'ChunkLoadError') return 'PSOF0002';
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : null;
  return code === 'PSOF0002' ? 'PSOF0002' : 'PSOF0001';
}
