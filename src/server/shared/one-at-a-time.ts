/**
 * One run at a time in this process: a call while a run is under way gets that run's promise. Scheduled
 * jobs use it (alert digest, applicant mail); other processes are kept out by the jobs' own claims.
 */
export function oneAtATime<T>(run: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | null = null;
  return () => {
    running ??= run().finally(() => {
      running = null;
    });
    return running;
  };
}
