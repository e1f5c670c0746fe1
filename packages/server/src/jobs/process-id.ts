import { hostname } from 'node:os';

/** Names this process in log lines, as `hostname-pid`. */
export const processId = `${hostname()}-${process.pid}`;
