// The part of autocannon's API the drop benchmark uses (the package ships no types).
declare module 'autocannon' {
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    requests: Histogram & { total: number };
    latency: Histogram;
    non2xx: number;
    errors: number;
  }
  interface Options {
    url: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    requests?: { path: string }[];
    /** Traffic sent before sampling starts, left out of the result. */
    warmup?: { connections?: number; duration?: number };
  }
  export default function autocannon(options: Options): Promise<Result>;
}
