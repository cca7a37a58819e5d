import { type HostIndex, mandantIdForHost } from './hostToMandant.ts';
import type { LoadedMandant } from './LoadedMandant.ts';

/** All loaded mandants, looked up by id (case-insensitive: SPEC's paths mix cases) or by Host header. */
export class MandantRegistry {
  readonly #byId: Map<string, LoadedMandant>;
  readonly #index: HostIndex;

  constructor(mandants: readonly LoadedMandant[], defaultId: string) {
    this.#byId = new Map(mandants.map((mandant) => [mandant.id, mandant]));
    if (!this.#byId.has(defaultId)) throw new Error(`default mandant "${defaultId}" is not loaded`);
    const hosts = new Map<string, string>();
    for (const mandant of mandants)
      for (const host of mandant.config.hosts) hosts.set(host.toLowerCase(), mandant.id);
    this.#index = { defaultId, ids: new Set(this.#byId.keys()), hosts };
  }

  get(id: string): LoadedMandant | undefined {
    return this.#byId.get(id.toLowerCase());
  }

  forHost(host: string | undefined): LoadedMandant | undefined {
    const id = mandantIdForHost(host, this.#index);
    return id === undefined ? undefined : this.#byId.get(id);
  }

  get defaultMandant(): LoadedMandant {
    return this.#byId.get(this.#index.defaultId) as LoadedMandant;
  }

  /**
   * Puts a loaded mandant's effective form in its place (the back office's live settings overrides,
   * server/backoffice/settings); ids and hosts stay as loaded.
   */
  replace(mandant: LoadedMandant): void {
    if (!this.#byId.has(mandant.id)) throw new Error(`mandant "${mandant.id}" is not loaded`);
    this.#byId.set(mandant.id, mandant);
  }

  all(): LoadedMandant[] {
    return [...this.#byId.values()];
  }

  get size(): number {
    return this.#byId.size;
  }
}
