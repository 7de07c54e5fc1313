import type { BenchScenario } from '../harness';

/** Issue 2: the landing page for a visitor, served from the production build. */
export const landingScenario: BenchScenario = {
  name: 'landing',
  description: 'GET / (landing page, visitor)',
  load: { method: 'GET', path: '/' },
};
