/**
 * Sends one tracking request. `keepalive` lets it finish while the page unloads (exit intent on a hidden
 * tab), like sendBeacon; unlike sendBeacon it can omit credentials, so the tracker's own cookies on its
 * domain never travel with our hits. `no-cors`: the answer is of no interest and needs no CORS headers.
 */
export function sendHit(url: string): void {
  fetch(url, {
    method: 'GET',
    keepalive: true,
    mode: 'no-cors',
    credentials: 'omit',
    cache: 'no-store',
  }).catch(() => {
    // Analytics is best effort: an unreachable tracker must not disturb the visitor.
  });
}
