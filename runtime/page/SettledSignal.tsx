import { useEffect } from 'react';

export interface SettledSignalProps {
  onSettled: () => void;
}

/**
 * Renders nothing; its effect runs once the content beside it has committed. Placed inside a Suspense
 * boundary it fires only after the lazy block has loaded and rendered.
 */
export function SettledSignal({ onSettled }: SettledSignalProps) {
  useEffect(() => {
    onSettled();
  }, [onSettled]);
  return null;
}
