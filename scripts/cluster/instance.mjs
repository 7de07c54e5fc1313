// One cluster instance: the compiled server (dist/server-js/main.js, as `npm start` runs it, decision
// 0278), ending with the launcher that started it. When the launcher is gone, however it ended, the
// instance drains and exits as on SIGTERM (decision 0282).
import { whenLauncherGoes } from './when-launcher-goes.mjs';

whenLauncherGoes(() => process.kill(process.pid, 'SIGTERM'));
await import('../../dist/server-js/main.js');
