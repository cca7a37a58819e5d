/**
 * Lazy modules (other than blocks) a server render used, by their key in the build manifest (the path
 * below runtime/): the server links their stylesheets in the head, so what they rendered is styled in the
 * first paint although their script comes later.
 */
const used = new Set<string>();

/** Called by a lazy module's loader when it runs on the server. */
export function noteServerModule(manifestKey: string): void {
  used.add(manifestKey);
}

/** The modules noted since the last call (renders run one at a time). */
export function takeServerModules(): string[] {
  const modules = [...used];
  used.clear();
  return modules;
}
