import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The sweeps: files whose one or two tests visit every route of every mandant or every story, minutes each
 * and growing with the mandant folders. Vitest orders files it has no timings for (a fresh clone, as CI
 * has) by size, largest first, so these small files came last and ran alone at the end of the browser
 * project while the other worker idled (conformance: 2½ minutes of a 35-minute run).
 */
export const SWEEPS = ['tests/browser/conformance.test.ts', 'tests/browser/storybook.test.ts'];

/** Vitest's own order (groups, then projects, then its file order), with each project's sweeps first. */
export class SweepsFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const projectStart = new Map<string, number>();
    sorted.forEach((file, index) => {
      if (!projectStart.has(file.project.name)) projectStart.set(file.project.name, index);
    });
    const isSweep = (file: TestSpecification) =>
      SWEEPS.some((sweep) => file.moduleId.replaceAll('\\', '/').endsWith(sweep));
    // Array sort is stable: Vitest's order stays within each project, sweeps moved to its front.
    return [...sorted].sort(
      (a, b) =>
        (projectStart.get(a.project.name) ?? 0) - (projectStart.get(b.project.name) ?? 0) ||
        Number(isSweep(b)) - Number(isSweep(a)),
    );
  }
}
