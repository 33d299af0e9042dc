/**
 * One call from a renderer: channel name + raw input → validated input → handler → result.
 * Used by the Electron ipcMain registration (main/electron/ipc-main.ts) and the WebSocket
 * bridge (main/bridge/), so both validate and report errors the same way. Never throws.
 */
import { CONTRACT, type ApiResult, type Channel } from '../../preload/contract.js';
import { zodIssueText } from '../contract/zod-issues.js';
import { HandlerError, toFailure } from './errors.js';
import type { Handlers } from './handler-types.js';

/** Options of {@link dispatch}. */
export interface DispatchOptions {
  /** Secrets to redact from failure messages (the current API key). */
  secrets?: () => readonly (string | null | undefined)[];
  /** Called with every failure of kind 'internal' (a bug): log it. */
  onInternalError?: (channel: string, err: unknown) => void;
}

/** Whether `name` is a channel of the contract (own property, not a prototype key). */
export function isChannel(name: unknown): name is Channel {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(CONTRACT, name);
}

/**
 * Runs `channel` with `rawInput`.
 * @returns `{ok: true, value}`, or `{ok: false, error}` with kind 'input' for an unknown channel
 *   or an input the channel's schema refuses, or the kind of whatever the handler threw.
 */
export async function dispatch(
  handlers: Handlers,
  channel: unknown,
  rawInput: unknown,
  opts: DispatchOptions = {},
): Promise<ApiResult<Channel>> {
  const secrets = (): readonly (string | null | undefined)[] => {
    try {
      return opts.secrets?.() ?? [];
    } catch {
      return [];
    }
  };
  if (!isChannel(channel)) {
    return {
      ok: false,
      error: toFailure(
        new HandlerError('input', `unknown channel ${JSON.stringify(String(channel)).slice(0, 80)}`),
      ),
    };
  }
  const parsed = CONTRACT[channel].input.safeParse(rawInput);
  if (!parsed.success)
    return { ok: false, error: { kind: 'input', message: `${channel}: ${zodIssueText(parsed.error)}` } };
  try {
    const handler = handlers[channel] as (input: unknown) => unknown;
    const value = await handler(parsed.data);
    return { ok: true, value: (value === undefined ? null : value) as never };
  } catch (err) {
    const error = toFailure(err, secrets());
    if (error.kind === 'internal') opts.onInternalError?.(channel, err);
    return { ok: false, error };
  }
}
