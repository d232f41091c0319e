/** Runs synchronous jobs one per event-loop turn, in order. */
export interface TurnLane {
  run<T>(job: () => T): Promise<T>;
}

/**
 * A lane for costly synchronous work (reading a large callback body): each job runs in its own
 * `setImmediate` turn, so the I/O that arrived meanwhile (other users' requests) is served
 * between two jobs instead of waiting behind all the bodies that finished arriving together.
 */
export function createTurnLane(): TurnLane {
  const jobs: Array<() => void> = [];
  let scheduled = false;
  const next = () => {
    scheduled = false;
    jobs.shift()?.();
    if (jobs.length > 0) {
      scheduled = true;
      setImmediate(next);
    }
  };
  return {
    run(job) {
      return new Promise((resolve, reject) => {
        jobs.push(() => {
          try {
            resolve(job());
          } catch (error) {
            reject(error);
          }
        });
        if (!scheduled) {
          scheduled = true;
          setImmediate(next);
        }
      });
    },
  };
}
