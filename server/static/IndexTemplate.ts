import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export interface TemplateVersion {
  text: string;
  /** Changes when the file changes (a rebuild while the server runs). */
  version: string;
}

/**
 * dist/index.html, re-read only when it changes. A stat per page request is cheap and lets `vite build`
 * run beside a running server; a missing file (runtime not built yet) gives undefined.
 */
export class IndexTemplate {
  readonly #file: string | undefined;
  #cached: TemplateVersion | undefined;

  constructor(distDir: string | undefined) {
    this.#file = distDir ? path.join(distDir, 'index.html') : undefined;
  }

  async read(): Promise<TemplateVersion | undefined> {
    if (!this.#file) return undefined;
    const info = await stat(this.#file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    const version = `${info.mtimeMs}:${info.size}`;
    if (this.#cached?.version !== version) {
      const text = await readFile(this.#file, 'utf8').catch(() => undefined);
      if (text === undefined) return undefined;
      this.#cached = { text, version };
    }
    return this.#cached;
  }
}
