/** Every CLI command's register function, in help order. Add one line per command module. */
import type { Command } from 'commander';
import { registerServe } from './serve.js';

export type RegisterCommand = (program: Command) => void;

export const COMMANDS: RegisterCommand[] = [registerServe];
