import type { BenchScenario } from '../harness';

/** Issue 2: the landing page for a visitor, served from the production build. */
export const landingScenario: BenchScenario = {
  name: 'landing',
  description: 'GET / (landing page, visitor)',
  load: { method: 'GET', path: '/' },
};

/** Issue 47: the same page from the compiled server `npm start` runs; `npm run bench -- landing landing-compiled` gives both in one run. */
export const landingCompiledScenario: BenchScenario = { ...landingScenario, name: 'landing-compiled', description: 'GET / (landing page, visitor), compiled server', compiled: true };
