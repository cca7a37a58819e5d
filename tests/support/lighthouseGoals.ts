/**
 * DESIGN.md "Front-end budget" (issue 12) as numbers, and the verdict on one page's Lighthouse figures.
 * Pure: no browser, no server — `npm run bench:lighthouse` holds figures against GOALS, the test gate
 * (tests/browser/lighthouse.test.ts) against GATE. Tune the values here and nowhere else.
 */
export interface LighthouseThresholds {
  /** Lighthouse performance score as shown (0–100), at least. */
  performance: number;
  /** Lighthouse accessibility score as shown (0–100), at least; at 100 no accessibility audit may fail. */
  accessibility: number;
  /** Cumulative layout shift, at most. */
  cls: number;
  /** Largest contentful paint (simulated mobile), at most, in milliseconds. */
  lcpMs: number;
}

/** The goals and the margin the test gate leaves below them (scores vary a few points run to run). */
export const LIGHTHOUSE_TARGETS = {
  goal: { performance: 95, accessibility: 100, cls: 0.05, lcpMs: 2000 },
  margin: { performance: 5, accessibility: 0, cls: 0.05, lcpMs: 500 },
} as const satisfies Record<'goal' | 'margin', LighthouseThresholds>;

/** What the benchmark prints "goal met" for. */
export const GOALS: LighthouseThresholds = LIGHTHOUSE_TARGETS.goal;

/** The goals minus the margin: what the gate asserts on a page that meets the goals. */
export const GATE: LighthouseThresholds = {
  performance: GOALS.performance - LIGHTHOUSE_TARGETS.margin.performance,
  accessibility: GOALS.accessibility - LIGHTHOUSE_TARGETS.margin.accessibility,
  cls: GOALS.cls + LIGHTHOUSE_TARGETS.margin.cls,
  lcpMs: GOALS.lcpMs + LIGHTHOUSE_TARGETS.margin.lcpMs,
};

/**
 * What the gate holds per kind of page, as measured when issue 12 closed (one run, two cores, the gate
 * running alone). Where the goals are not met yet the gate holds a floor below today's figures, so a
 * regression fails while the gap stays visible here and in `npm run bench:lighthouse`:
 * - home and category, rendered on the server: performance 89–100, CLS 0, LCP 1.4–2.6 s;
 * - the recipient landing: 72–99, LCP 1.3–2.8 s, but CLS 0.3 when its view hydrates (the layout-shift work
 *   that fixes it, CLS 0 in the bench, had not landed);
 * - the recommend page loads the form library (rjsf) and the captcha before it is interactive: 36–79,
 *   CLS up to 0.6, LCP up to 7 s;
 * - stadtwerk forces a login: its pages are measured logged in and rendered in the browser only (46–89,
 *   CLS up to 1.2).
 * Raise a floor towards GATE as soon as a page gets better.
 */
export const GATE_BY_KIND = {
  home: { performance: 80, accessibility: 100, cls: 0.1, lcpMs: 3500 },
  category: { performance: 80, accessibility: 100, cls: 0.1, lcpMs: 3500 },
  recipient: { performance: 60, accessibility: 100, cls: 0.4, lcpMs: 3500 },
  recommend: { performance: 30, accessibility: 100, cls: 0.8, lcpMs: 7500 },
} as const satisfies Record<'home' | 'category' | 'recipient' | 'recommend', LighthouseThresholds>;

/** A logged-in page is rendered in the browser only (ADR 0019): its floor, until the server renders it. */
export const GATE_LOGGED_IN: LighthouseThresholds = {
  performance: 30,
  accessibility: 100,
  cls: 1.5,
  lcpMs: 7500,
};

/** The thresholds the gate holds for one page. */
export function gateFor(kind: keyof typeof GATE_BY_KIND, loggedIn: boolean): LighthouseThresholds {
  const byKind = GATE_BY_KIND[kind];
  if (!loggedIn) return byKind;
  return {
    performance: Math.min(byKind.performance, GATE_LOGGED_IN.performance),
    accessibility: 100,
    cls: Math.max(byKind.cls, GATE_LOGGED_IN.cls),
    lcpMs: Math.max(byKind.lcpMs, GATE_LOGGED_IN.lcpMs),
  };
}

/** One page's figures from one Lighthouse run (or the median of several). */
export interface LighthouseFigures {
  performance: number;
  accessibility: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  /** Bytes of JavaScript on the wire (transfer sizes, as the server sent them). */
  jsTransferBytes: number;
  /** Ids of the accessibility audits that failed, e.g. `color-contrast`. */
  failingAccessibilityAudits: string[];
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** Every threshold the figures miss, one readable phrase each; empty when all are met. */
export function missedThresholds(figures: LighthouseFigures, limits: LighthouseThresholds): string[] {
  const missed: string[] = [];
  if (figures.performance < limits.performance)
    missed.push(`performance ${figures.performance} < ${limits.performance}`);
  const failing = figures.failingAccessibilityAudits;
  if (figures.accessibility < limits.accessibility || (limits.accessibility === 100 && failing.length > 0))
    missed.push(
      `accessibility ${figures.accessibility}${failing.length > 0 ? ` (${failing.join(', ')})` : ''}` +
        ` < ${limits.accessibility}`,
    );
  if (figures.cls > limits.cls) missed.push(`CLS ${figures.cls.toFixed(3)} > ${limits.cls}`);
  if (figures.lcpMs > limits.lcpMs) missed.push(`LCP ${seconds(figures.lcpMs)} > ${seconds(limits.lcpMs)}`);
  return missed;
}

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * The median of several runs, figure by figure; an accessibility audit counts as failing when it failed in
 * any run (the accessibility audits do not depend on timing, so a difference means a flaky page).
 */
export function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  if (runs.length === 0) throw new Error('no Lighthouse run to take the median of');
  const of = (pick: (figures: LighthouseFigures) => number) => median(runs.map(pick));
  return {
    performance: of((f) => f.performance),
    accessibility: of((f) => f.accessibility),
    lcpMs: of((f) => f.lcpMs),
    cls: of((f) => f.cls),
    tbtMs: of((f) => f.tbtMs),
    fcpMs: of((f) => f.fcpMs),
    jsTransferBytes: of((f) => f.jsTransferBytes),
    failingAccessibilityAudits: [...new Set(runs.flatMap((f) => f.failingAccessibilityAudits))].sort(),
  };
}
