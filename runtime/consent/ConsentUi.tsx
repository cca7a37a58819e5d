import { ConsentBanner } from './ConsentBanner.tsx';
import { ConsentDialog } from './ConsentDialog.tsx';
import type { ConsentChoice, ConsentState } from './consentState.ts';
import type { ConsentManager } from './createConsentManager.ts';

export interface ConsentUiProps {
  /** Null until the consent runtime has started (the server's banner, hydrated): a choice then waits. */
  manager: ConsentManager | null;
  /** Where a choice goes while there is no manager. */
  onPendingChoice?: (choice: ConsentChoice) => void;
  state: ConsentState;
  showBanner: boolean;
  dialogOpen: boolean;
  onDialogOpenChange: (open: boolean) => void;
}

/** Banner and settings dialog: the part of the consent manager only visitors who decide ever load. */
export function ConsentUi({
  manager,
  onPendingChoice,
  state,
  showBanner,
  dialogOpen,
  onDialogOpenChange,
}: ConsentUiProps) {
  const decideInBanner = (choice: ConsentChoice) => {
    if (!manager) {
      onPendingChoice?.(choice);
      return;
    }
    manager.set(choice);
    // The banner and the focused button vanish; the keyboard continues at the content, not at the top.
    document.getElementById('main')?.focus({ preventScroll: true });
  };
  return (
    <>
      {showBanner && <ConsentBanner onDecide={decideInBanner} onSettings={() => onDialogOpenChange(true)} />}
      {dialogOpen && manager && (
        <ConsentDialog
          trackings={manager.trackings}
          state={state}
          onSave={(choice) => manager.set(choice)}
          onClose={() => onDialogOpenChange(false)}
        />
      )}
    </>
  );
}
