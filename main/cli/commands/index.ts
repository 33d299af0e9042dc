/** Every CLI command's register function, in help order. Add one line per command module. */
import type { Command } from 'commander';
import { registerExport } from './export.js';
import { registerImport } from './import.js';
import { registerAnalyze } from './analyze.js';
import { registerCheck } from './check.js';
import { registerLibrary } from './library.js';
import { registerTennis } from './tennis.js';
import { registerServe } from './serve.js';

export type RegisterCommand = (program: Command) => void;

export const COMMANDS: RegisterCommand[] = [registerServe, registerAnalyze, registerCheck, registerTennis, registerLibrary, registerExport, registerImport];
