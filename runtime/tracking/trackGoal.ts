type GoalSink = (goalId: number, revenue?: number) => void;

/** Goals reached before the tracking runtime (loaded after first paint) is there; it decides on consent. */
const MAX_PENDING = 20;
const pending: [number, number | undefined][] = [];
let sink: GoalSink | null = null;

/**
 * Reports a conversion goal (Matomo `idgoal`, optional revenue in euros) to every tracker whose category
 * has consent; without consent nothing is sent. Safe to call at any time.
 */
export function trackGoal(goalId: number, revenue?: number): void {
  if (!Number.isInteger(goalId) || goalId <= 0) {
    console.warn(`trackGoal: goal id must be a positive integer, got ${goalId}`);
    return;
  }
  if (sink) sink(goalId, revenue);
  else if (pending.length < MAX_PENDING) pending.push([goalId, revenue]);
}

/** The tracking runtime receives goals from here on, the ones waiting first. Returns the disconnect. */
export function connectGoals(next: GoalSink): () => void {
  sink = next;
  for (const [goalId, revenue] of pending.splice(0)) next(goalId, revenue);
  return () => {
    if (sink === next) sink = null;
  };
}
