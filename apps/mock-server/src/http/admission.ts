import type { Request, RequestHandler, Response } from 'express';
import { createWorkGate, GateFullError, type WorkGate } from '../features/session/logon-gate';

/** How many requests a server works on at once, how many may wait, and for how long. */
export interface RequestLimit {
  concurrency: number;
  queue: number;
  /** Longest wait for a slot in milliseconds; a request still waiting then is answered busy. */
  waitMs: number;
}

/** The answer to a request refused for want of capacity (it did nothing). */
export const SERVER_BUSY_MESSAGE = 'The server is busy. Try again in a moment.';

/**
 * Admission control for the API and the callback: at most `concurrency` requests are worked on at
 * once and `queue` more wait; any more, or one that waited `waitMs`, or whose client went away while
 * waiting, is refused at once without running (`onBusy`: 503 SERVER_BUSY with `Retry-After`). A
 * burst far beyond capacity therefore costs a bounded amount of memory and work, and the server
 * serves normally again as soon as it ends. A request holds its slot until its answer is sent or
 * its connection closes.
 */
export function createAdmission(limit: RequestLimit) {
  const gate: WorkGate = createWorkGate({ concurrency: limit.concurrency, queue: limit.queue });
  return {
    gate,
    /** The middleware; `onBusy` answers a refused request in its route's own format. */
    admit(onBusy: (req: Request, res: Response) => void): RequestHandler {
      return (req, res, next) => {
        const giveUp = new AbortController();
        const timer = setTimeout(() => giveUp.abort(), limit.waitMs);
        const leave = () => giveUp.abort();
        res.once('close', leave);
        gate
          .run(
            () =>
              new Promise<void>((done) => {
                clearTimeout(timer);
                res.off('close', leave);
                if (res.writableFinished || res.destroyed) {
                  done();
                  return;
                }
                res.once('close', () => done());
                next();
              }),
            { signal: giveUp.signal },
          )
          .catch((error: unknown) => {
            clearTimeout(timer);
            if (!(error instanceof GateFullError)) {
              next(error);
              return;
            }
            if (res.destroyed || res.headersSent) return;
            res.setHeader('Retry-After', '1');
            onBusy(req, res);
          });
      };
    },
  };
}
