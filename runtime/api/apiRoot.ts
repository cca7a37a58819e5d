/** Root of every API path; mandant-scoped calls live below `/api/v1/{mandant}` (SPEC section 7). */
export const API_ROOT = '/api/v1';
