/**
 * Concurrency for the crawl: several browser pages at once spend the time one page waits on the
 * server, on React or on axe doing work in another page's renderer process.
 */

/** How many pages the crawl keeps open at once in this process (CRAWL_PAGES, default 3). */
export const CRAWL_PAGES = Math.max(1, Number(process.env.CRAWL_PAGES ?? 3));

/** A counting semaphore: at most `size` tasks run at once, whoever starts them. */
export class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(size: number) {
    this.free = size;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.free > 0) this.free -= 1;
    else await new Promise<void>((take) => this.waiting.push(take));
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    }
  }
}

/** The crawl's pages at once across every crawl of the file (several accounts may crawl together). */
export const crawlSlots = new Slots(CRAWL_PAGES);

/**
 * Takes items off `queue` with `workers` workers until it is empty and no worker is busy; `handle`
 * may push more items (links found on a page). Each worker has a number, for a page of its own.
 */
export async function drain<T>(queue: T[], workers: number, handle: (item: T, worker: number) => Promise<void>): Promise<void> {
  let busy = 0;
  const idle: (() => void)[] = [];
  const wakeAll = () => {
    for (const wake of idle.splice(0)) wake();
  };
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      for (;;) {
        const item = queue.shift();
        if (item === undefined) {
          if (busy === 0) {
            wakeAll();
            return;
          }
          await new Promise<void>((wake) => idle.push(wake));
          continue;
        }
        busy += 1;
        try {
          await handle(item, worker);
        } finally {
          busy -= 1;
          wakeAll();
        }
      }
    }),
  );
}
