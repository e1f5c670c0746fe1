import { spawn } from 'node:child_process';
import { FfmpegMissingError } from '../errors/animation-errors.ts';

/** What a finished ffmpeg or ffprobe run printed. */
export interface FfmpegRun {
  stdout: Buffer;
  stderr: string;
}

/**
 * Runs `ffmpeg` or `ffprobe` with arguments (no shell) and resolves with its output; rejects with
 * the last lines of its error output when it exits non-zero, or `FfmpegMissingError` when it cannot start.
 */
export function runFfmpeg(program: 'ffmpeg' | 'ffprobe', args: readonly string[]): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => {
      // Only the end matters for errors; keep it bounded.
      stderr = (stderr + chunk.toString()).slice(-4000);
    });
    child.on('error', (error) => reject(new FfmpegMissingError({ cause: error })));
    child.on('close', (code) => {
      if (code === 0) resolve({ stdout: Buffer.concat(out), stderr });
      else reject(new Error(lastLine(stderr) || `${program} exited with code ${code}`));
    });
  });
}

/** The last non-empty line of a program's error output. */
export function lastLine(text: string): string {
  return (
    text
      .trim()
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .pop() ?? ''
  );
}
