import type { Guard, GuardContext, GuardDecision } from './Guard.ts';

/** The first guard that decides wins. */
export function runGuards(guards: readonly Guard[], context: GuardContext): GuardDecision | null {
  for (const guard of guards) {
    const decision = guard(context);
    if (decision) return decision;
  }
  return null;
}
