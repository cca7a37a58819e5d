import { execFileSync } from 'node:child_process';

/**
 * What a server render sees of the browser: nothing. The stories project runs in jsdom, which puts the
 * browser's globals (window, document, navigator, localStorage, HTMLElement, matchMedia …) on Node's global
 * object. `withoutBrowserGlobals` takes away, for the duration of a call, every global that a plain Node
 * process does not have, plus the ones a block must never read while rendering even where a newer Node has
 * them (`navigator` exists from Node 21 on). A render that reads one of them then fails as it would on the
 * server: `ReferenceError: window is not defined`, and `typeof window === 'undefined'` holds.
 */
const ALWAYS_HIDDEN = [
  'window',
  'self',
  'document',
  'navigator',
  'localStorage',
  'sessionStorage',
  'location',
];

/** The globals of a plain Node process of the same version, asked once of a child process. */
function nodeGlobalNames(): ReadonlySet<string> {
  const names = execFileSync(
    process.execPath,
    ['-e', 'process.stdout.write(JSON.stringify(Object.getOwnPropertyNames(globalThis)))'],
    { encoding: 'utf8' },
  );
  return new Set(JSON.parse(names) as string[]);
}

/** The globals jsdom added to this test's global object and a server has not. */
export function browserOnlyGlobals(): string[] {
  const jsdomWindow = (globalThis as { jsdom?: { window: object } }).jsdom?.window;
  if (!jsdomWindow) throw new Error('withoutBrowserGlobals needs the jsdom environment');
  const node = nodeGlobalNames();
  const fromJsdom = Object.getOwnPropertyNames(jsdomWindow).filter((name) => !node.has(name));
  return [...new Set([...ALWAYS_HIDDEN, ...fromJsdom])].filter((name) => Object.hasOwn(globalThis, name));
}

let hiddenNames: string[] | undefined;

/**
 * Runs `render` with the browser's globals taken away and puts them back afterwards, also when it throws.
 * Only one call at a time: the globals are the process's.
 */
export async function withoutBrowserGlobals<T>(render: () => Promise<T>): Promise<T> {
  hiddenNames ??= browserOnlyGlobals();
  const saved = new Map<string, PropertyDescriptor>();
  for (const name of hiddenNames) {
    const descriptor = Object.getOwnPropertyDescriptor(globalThis, name);
    if (!descriptor) continue;
    if (!descriptor.configurable) throw new Error(`cannot hide the global ${name} (not configurable)`);
    saved.set(name, descriptor);
    Reflect.deleteProperty(globalThis, name);
  }
  try {
    return await render();
  } finally {
    for (const [name, descriptor] of saved) Object.defineProperty(globalThis, name, descriptor);
  }
}
