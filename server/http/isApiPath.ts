/** `/api` and everything below it, in any letter case (routing is case-insensitive). */
export function isApiPath(url: string): boolean {
  const path = url.slice(0, 5).toLowerCase();
  return path === '/api' || path === '/api/' || path === '/api?';
}
