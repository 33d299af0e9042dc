#!/usr/bin/env node
/**
 * `swing-studio` command line. Each command lives in its own module under main/cli/commands and
 * registers itself on the commander program. Every failure prints one line on stderr and exits
 * non-zero (see runCli).
 */
import { buildProgram, runCli } from './program.js';

await runCli(buildProgram(), process.argv);
