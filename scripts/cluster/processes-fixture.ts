// A stand-in process for processes.test.ts: "instance" ends when the launcher that holds its stdin goes;
// "launcher" ends when the process that started it goes. Either says "ready" once it watches, and stays
// up until then.
import { whenLauncherGoes, whenParentGoes } from './processes';

if (process.argv[2] === 'instance') whenLauncherGoes(() => process.exit(0));
else whenParentGoes(() => process.exit(0), 50);
process.stdout.write('ready\n');
setInterval(() => undefined, 1000);
