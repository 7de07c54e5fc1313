// One cluster instance: the server (src/server/main.ts), ending with the launcher that started it. When
// the launcher is gone, however it ended, the instance drains and exits as on SIGTERM (decision 0282).
import { whenLauncherGoes } from './processes';

whenLauncherGoes(() => process.kill(process.pid, 'SIGTERM'));
await import('../../src/server/main');
