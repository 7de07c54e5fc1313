/** Calls `onGone` when the launcher that holds this process's stdin is gone, however it ended. */
export function whenLauncherGoes(onGone: () => void): void;
