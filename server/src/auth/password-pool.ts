/**
 * Password hashing on worker threads of its own. argon2 costs tens of milliseconds of CPU and
 * ~19 MiB per call; run on libuv's 4-thread pool (the `argon2` package's async calls), a burst of
 * sign-ins filled that pool and every file read and DNS lookup of the process queued behind it.
 * Here each worker computes argon2 in WebAssembly on its own thread (hash-wasm), so a burst waits
 * in this pool's queue and nothing else does.
 */
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

export type PasswordJob = { op: 'hash'; password: string; params: Argon2Params } | { op: 'verify'; password: string; hash: string };

export interface Argon2Params {
  memorySize: number;
  iterations: number;
  parallelism: number;
}

// Evaluated source rather than a file, so the same pool runs from the build and from the tests'
// TypeScript; hash-wasm's path is resolved here and handed over.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { randomBytes } = require('node:crypto');
const { argon2id, argon2Verify } = require(workerData.hashWasm);
parentPort.on('message', async (job) => {
  try {
    const result = job.op === 'hash'
      ? await argon2id({ password: job.password, salt: randomBytes(16), hashLength: 32, outputType: 'encoded', ...job.params })
      : await argon2Verify({ password: job.password, hash: job.hash });
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});`;

interface Queued {
  job: PasswordJob;
  resolve: (value: string | boolean) => void;
  reject: (error: Error) => void;
}

interface Lane {
  worker: Worker;
  current: Queued | null;
  /** Ends an idle worker: its heap and argon2's 19 MiB of WebAssembly memory never shrink. */
  retirement: NodeJS.Timeout | null;
}

/** How long a worker waits for the next password before it ends (a burst of sign-ins keeps it). */
export const IDLE_WORKER_MS = 10_000;

/** Half the cores, at least one: sign-ins never take every core from the requests. */
export const PASSWORD_THREADS = Math.max(1, Math.floor(availableParallelism() / 2));

export class PasswordPool {
  private readonly lanes: Lane[] = [];
  private readonly queue: Queued[] = [];

  constructor(
    private readonly size = PASSWORD_THREADS,
    private readonly idleMs = IDLE_WORKER_MS,
  ) {}

  /** Workers alive now (for tests). */
  get workers(): number {
    return this.lanes.length;
  }

  run(job: PasswordJob): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ job, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const lane = this.lanes.find((one) => one.current === null) ?? this.spawn();
      if (!lane) return;
      const next = this.queue.shift() as Queued;
      if (lane.retirement) clearTimeout(lane.retirement);
      lane.retirement = null;
      lane.current = next;
      // A worker with a job keeps the process alive until it answers; an idle one does not.
      lane.worker.ref();
      lane.worker.postMessage(next.job);
    }
  }

  /** A new worker while the pool is below its size; null when every worker is busy. */
  private spawn(): Lane | null {
    if (this.lanes.length >= this.size) return null;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { hashWasm: require.resolve('hash-wasm') } });
    const lane: Lane = { worker, current: null, retirement: null };
    worker.on('message', (answer: { result?: string | boolean; error?: string }) => {
      const done = lane.current;
      lane.current = null;
      worker.unref();
      if (answer.error !== undefined) done?.reject(new Error(answer.error));
      else done?.resolve(answer.result as string | boolean);
      this.dispatch();
      if (lane.current === null) this.retireWhenIdle(lane);
    });
    worker.on('error', (error) => this.retire(lane, error));
    worker.on('exit', (code) => this.retire(lane, new Error(`password worker exited with ${code}`)));
    // Idle until dispatched (after the listeners, which would otherwise hold the process again).
    worker.unref();
    this.lanes.push(lane);
    return lane;
  }

  private retireWhenIdle(lane: Lane): void {
    lane.retirement = setTimeout(() => {
      this.retire(lane, new Error('password worker retired'));
      void lane.worker.terminate();
    }, this.idleMs);
    lane.retirement.unref();
  }

  /** A dead worker fails its job only; the next job starts a fresh one. */
  private retire(lane: Lane, error: Error): void {
    const index = this.lanes.indexOf(lane);
    if (index === -1) return;
    if (lane.retirement) clearTimeout(lane.retirement);
    this.lanes.splice(index, 1);
    lane.current?.reject(error);
    lane.current = null;
    this.dispatch();
  }
}
