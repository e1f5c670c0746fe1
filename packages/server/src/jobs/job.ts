/**
 * A job's lifecycle: queued → running → succeeded | failed | cancelled (running → queued again after a
 * restart). A job split into chunks is stored as `waiting` while they run, then queued again for its
 * final step; to anyone watching it, it is running all along.
 */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** A durable background job as stored. */
export interface Job {
  id: string;
  kind: string;
  ownerId: string | null;
  payload: unknown;
  status: JobStatus;
  done: number;
  total: number;
  error: string | null;
  result: unknown;
  attempts: number;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  /** Last change, and while running the runner's last heartbeat (a silent runner is presumed dead). */
  updatedAt: string;
}

/** What a job's subscribers hear: its status and progress, with an ETA once it can be estimated. */
export interface JobProgress {
  id: string;
  status: JobStatus;
  done: number;
  total: number;
  /** Seconds left at the current rate, or null before the first unit is done. */
  etaSeconds: number | null;
  error: string | null;
}

/** What a handler gets besides the job: a signal that aborts on cancel or shutdown, and a progress reporter. */
export interface JobContext {
  signal: AbortSignal;
  progress(done: number, total: number): void;
  /** Whether the handler may answer a `JobSplit` (a runner shared by several workers). */
  canSplit: boolean;
  /** True when this run follows the job's chunks, which all succeeded: only its final step is left. */
  afterChunks: boolean;
}

/**
 * A handler's answer that hands its work to chunk jobs any worker may take (one per payload, of the
 * same kind). The job waits, its progress the sum of theirs out of `total`; once every chunk has
 * succeeded it is queued again and its handler runs with `afterChunks` to do the final step.
 */
export class JobSplit {
  constructor(
    readonly payloads: unknown[],
    readonly total: number,
  ) {}
}

/** Runs one kind of job. It must be resumable: a job interrupted by a restart is run again from the start of the handler. */
export type JobHandler = (job: Job, context: JobContext) => Promise<unknown>;

/** Whether a status is final. */
export function isFinished(status: JobStatus): boolean {
  return status === 'succeeded' || status === 'failed' || status === 'cancelled';
}
