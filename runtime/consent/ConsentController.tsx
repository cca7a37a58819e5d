import { useAtom, useAtomValue, useSetAtom, useStore } from 'jotai';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useMandant } from '../state/hooks.ts';
import { currentNavigation, onNavigated } from '../tracking/navigatedEvents.ts';
import { ConsentUi } from './ConsentUi.tsx';
import { consentAtom } from './consentAtom.ts';
import { UNSET_CONSENT } from './consentState.ts';
import {
  bannerAtBootAtom,
  consentDialogOpenAtom,
  consentMountedAtom,
  pendingConsentChoiceAtom,
} from './consentUiAtoms.ts';
import { shouldShowBanner } from './shouldShowBanner.ts';
import { type ConsentRuntime, consentRuntimeFor } from './startConsentRuntime.ts';

const subscribeRoute = (listener: () => void) => onNavigated(listener);
const currentRoute = () => currentNavigation()?.routeName ?? null;

/**
 * Starts the consent runtime (decision, trackers, channel cookie, window API) and shows banner or settings
 * dialog when needed. Default export for React.lazy. Banner and dialog stay in this chunk: loading them as
 * a nested lazy chunk made rolldown move React and jotai out of the entry into shared chunks, about 1.6 KiB
 * more before first paint.
 */
export default function ConsentController({ routeName: shownRoute }: { routeName: string | null }) {
  const store = useStore();
  const mandant = useMandant();
  const [runtime, setRuntime] = useState<ConsentRuntime | null>(null);
  useEffect(() => {
    setRuntime(consentRuntimeFor({ store, mandant, window }));
  }, [store, mandant]);
  const state = useAtomValue(consentAtom);
  const routeName = useSyncExternalStore(subscribeRoute, currentRoute, currentRoute);
  const [dialogOpen, setDialogOpen] = useAtom(consentDialogOpenAtom);
  // A choice made in the first-paint banner before this runtime arrived.
  const [pending, setPending] = useAtom(pendingConsentChoiceAtom);
  const atBoot = useAtomValue(bannerAtBootAtom);
  const setMounted = useSetAtom(consentMountedAtom);
  useEffect(() => {
    setMounted(true);
  }, [setMounted]);
  useEffect(() => {
    if (!runtime || !pending) return;
    runtime.manager.set(pending);
    setPending(null);
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [runtime, pending, setPending]);
  // Until the runtime has read the cookie (and on the server), the banner is what the cookie the page came
  // with says: the same markup on both sides.
  if (!runtime) {
    // Not `pending`: a choice made on the server's markup is applied as soon as the runtime runs; until
    // then this render must equal the server's (it hydrates it).
    // `atBoot` is our manager with nothing decided in the cookie; the page rule is the banner's own.
    const firstBanner =
      atBoot && shouldShowBanner({ mode: 'internal', state: UNSET_CONSENT, routeName: shownRoute });
    return (
      <ConsentUi
        manager={null}
        onPendingChoice={setPending}
        state={state}
        showBanner={firstBanner}
        dialogOpen={false}
        onDialogOpenChange={setDialogOpen}
      />
    );
  }
  if (runtime.manager.mode !== 'internal') return null;
  const showBanner = shouldShowBanner({ mode: runtime.manager.mode, state, routeName });
  if (!showBanner && !dialogOpen) return null;
  return (
    <ConsentUi
      manager={runtime.manager}
      state={state}
      showBanner={showBanner}
      dialogOpen={dialogOpen}
      onDialogOpenChange={setDialogOpen}
    />
  );
}
