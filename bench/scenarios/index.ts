import type { BenchScenario } from '../harness';
import { landingScenario } from './landing';

/** Every benchmark `npm run bench` runs, in order. Add a scenario file and list it here. */
export const scenarios: BenchScenario[] = [landingScenario];
