#!/usr/bin/env node
// The `layerloom` command: runs the built engine CLI (run `npm run build` first).
import { runCli } from '../dist/cli/run-cli.js';

const status = await runCli(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  isTty: Boolean(process.stderr.isTTY),
});
process.exitCode = status;
