/**
 * Remembers what was logged, so that a problem repeating on every request is logged once. Keys can come
 * from request paths (unknown ids), so the memory is bounded: when full it starts over, which at worst logs
 * a problem once more.
 */
export class OnceLog {
  readonly #seen = new Set<string>();

  constructor(private readonly max = 5000) {}

  log(key: string, write: () => void): void {
    if (this.#seen.has(key)) return;
    if (this.#seen.size >= this.max) this.#seen.clear();
    this.#seen.add(key);
    write();
  }
}
