import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createI18n } from '../../runtime/i18n/createI18n.ts';
import de from '../../runtime/i18n/de.json';
import en from '../../runtime/i18n/en.json';
import { I18nContext } from '../../runtime/i18n/I18nContext.ts';
import { AppErrorBoundary } from '../../runtime/page/AppErrorBoundary.tsx';
import type { BlockRegistry } from '../../runtime/page/BlockRegistry.ts';
import { BlockSlot } from '../../runtime/page/BlockSlot.tsx';
import { failureCode } from '../../runtime/page/failureCode.ts';
import { ChunkLoadError } from '../../runtime/page/lazyBlock.ts';
import { ERRORS } from '../../schemas/errors.ts';
import { renderInRuntime } from './fixtures.tsx';

let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('which text a failure shows (SPEC 8)', () => {
  it.each<[string, unknown, boolean, string]>([
    ['an unknown failure: the default technical error', new TypeError('x is undefined'), true, 'PSOF0001'],
    ['offline: the network error', new TypeError('x'), false, 'PSOF0002'],
    ['a chunk that did not load: the network error', new ChunkLoadError('Hero'), true, 'PSOF0002'],
    ['an API call without answer: the network error', { code: 'PSOF0002' }, true, 'PSOF0002'],
    ['an API error with another code: the default', { code: 'PSOF0203' }, true, 'PSOF0001'],
    ['not even an Error', 'boom', true, 'PSOF0001'],
  ])('%s', (_rule, error, online, expected) => {
    expect(failureCode(error, online)).toBe(expected);
  });

  it('the runtime bundles those two texts word for word from the catalogue (they must show offline)', () => {
    for (const code of ['PSOF0001', 'PSOF0002'] as const) {
      expect(de[`errors.${code}`]).toBe(ERRORS[code].de);
      expect(en[`errors.${code}`]).toBe(ERRORS[code].en);
    }
  });
});

function Broken(): never {
  throw new Error('render failed on purpose');
}

describe('a failed render (SPEC 8: logged, never a blank screen)', () => {
  it('shows an error page with the default technical error and logs the error', () => {
    const i18n = createI18n({ language: 'de', fallbackLanguage: 'de', resources: { de } });
    render(
      <I18nContext.Provider value={i18n}>
        <AppErrorBoundary>
          <Broken />
        </AppErrorBoundary>
      </I18nContext.Provider>,
    );
    expect(
      screen.getByRole('heading', { level: 1, name: 'Die Seite konnte leider nicht angezeigt werden' }),
    ).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(ERRORS.PSOF0001.de);
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeTruthy();
    expect(consoleError.mock.calls.some((call) => String(call[0]).includes('could not be rendered'))).toBe(
      true,
    );
    expect(document.body.dataset.pageReady).toBe('error');
  });
});

function Loaded() {
  return <p>geladen</p>;
}

/** A registry whose Hero chunk never arrives the first time and arrives the second time. */
function registryWithSlowHero(loads: { count: number }): BlockRegistry {
  const hero = () => {
    loads.count += 1;
    return loads.count === 1
      ? new Promise<never>(() => {})
      : Promise.resolve({ default: Loaded as ComponentType<never> });
  };
  return { Hero: hero } as unknown as BlockRegistry;
}

describe('lazy block timeout (SPEC 8: 120 s, reported as a chunk load error)', () => {
  it('after the timeout shows the chunk-load error with a retry that loads the block again', async () => {
    const loads = { count: 0 };
    const onSettled = vi.fn();
    renderInRuntime(
      <BlockSlot
        block={{ id: 'hero', type: 'Hero', props: {} }}
        registry={registryWithSlowHero(loads)}
        onSettled={onSettled}
        timeoutMs={30}
      />,
    );
    // Generous waits: the whole suite runs in parallel on two cores.
    const alert = await screen.findByRole('alert', {}, { timeout: 5_000 });
    expect(alert.textContent).toBe(ERRORS.PSOF0002.de);
    expect(consoleError.mock.calls.some((call) => String(call[1]).includes('ChunkLoadError'))).toBe(true);
    expect(onSettled).toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Erneut versuchen' })));
    expect(await screen.findByText('geladen', {}, { timeout: 5_000 })).toBeTruthy();
    expect(loads.count).toBe(2);
  });

  it('waits the full 120 s by default', async () => {
    vi.useFakeTimers();
    const loads = { count: 0 };
    renderInRuntime(
      <BlockSlot
        block={{ id: 'hero', type: 'Hero', props: {} }}
        registry={registryWithSlowHero(loads)}
        onSettled={() => {}}
      />,
    );
    await act(async () => vi.advanceTimersByTime(119_000));
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => vi.advanceTimersByTime(1_000));
    vi.useRealTimers();
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ERRORS.PSOF0002.de));
  });
});
