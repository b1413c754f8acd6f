import type { TestSpecification } from 'vitest/node';
import { BaseSequencer } from 'vitest/node';

/**
 * The projects whose files run for minutes (a browser, real processes, fault injection), in the
 * order they start. Vitest otherwise runs projects in the order of their names, which puts the
 * browser tests last: on two workers the longest file then runs alone at the end of the run.
 */
export const slowProjects = ['web-app-e2e', 'member-app-e2e', 'chaos', 'one-box'];

const rank = (spec: TestSpecification) => {
  const index = slowProjects.indexOf(spec.project.name);
  return index === -1 ? slowProjects.length : index;
};

/**
 * Vitest's own order (by project, then the longest or largest file first), with the slow projects
 * moved to the front. The rest keep each project's files together, so a project that shares one
 * module graph across its files (`isolate: false`) keeps its worker from file to file.
 */
export default class SlowProjectsFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
