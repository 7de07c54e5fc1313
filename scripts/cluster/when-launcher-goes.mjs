// Plain JavaScript, so the compiled instance (scripts/cluster/instance.mjs) runs without a TypeScript
// loader (issue 39); processes.ts re-exports it for the launcher's own code and its test.

/**
 * In a process the launcher started (an instance): calls `onGone` when the launcher is gone, however
 * it ended (even SIGKILL). The launcher holds the write end of this process's stdin; the system closes
 * it when the launcher exits, and stdin ends.
 * @param {() => void} onGone
 * @returns {void}
 */
export function whenLauncherGoes(onGone) {
  let called = false;
  const gone = () => {
    if (called) return;
    called = true;
    onGone();
  };
  process.stdin.on('end', gone);
  process.stdin.on('close', gone);
  process.stdin.on('error', gone);
  process.stdin.resume();
}
