/**
 * The types derived from the IPC contract (preload/contract.ts): channel and event names,
 * request / value / payload types per channel, the failure kinds, and the API the renderer
 * sees. Types only, except the list of failure kinds.
 */
import type { z } from 'zod';
import type { CONTRACT, EVENTS } from './contract.js';
import type { Returns } from './returns.js';

/** Every request channel. */
export type Channel = keyof typeof CONTRACT;
/** Every event name. */
export type EventName = keyof typeof EVENTS;

/** What the renderer sends on channel C (the schema's input type). */
export type ApiRequest<C extends Channel> = z.input<(typeof CONTRACT)[C]['input']>;
/** What the handler receives on channel C after validation (defaults applied). */
export type ParsedRequest<C extends Channel> = z.output<(typeof CONTRACT)[C]['input']>;
/** The value of a successful call on channel C. */
export type ApiValue<C extends Channel> = (typeof CONTRACT)[C]['output'] extends Returns<infer T> ? T : never;
/** Payload of event E. */
export type EventPayload<E extends EventName> = (typeof EVENTS)[E] extends Returns<infer T> ? T : never;

/** What kind of failure, so the renderer can tell them apart (retry, re-enter key, fix input…). */
export const ERROR_KINDS = [
  'network',
  'auth',
  'server',
  'decode',
  'storage',
  'input',
  'not-found',
  'cancelled',
  'internal',
] as const;
export type ApiErrorKind = (typeof ERROR_KINDS)[number];

/** A failed call: `message` is for the user; `tip` says what to do about it. */
export interface ApiFailure {
  kind: ApiErrorKind;
  message: string;
  tip?: string;
}

/** Result of a call on channel C. */
export type ApiResult<C extends Channel> =
  { ok: true; value: ApiValue<C> } | { ok: false; error: ApiFailure };

/** Arguments after the channel: the input is optional when the schema accepts undefined. */
export type InvokeArgs<C extends Channel> =
  undefined extends ApiRequest<C> ? [input?: ApiRequest<C>] : [input: ApiRequest<C>];

/**
 * The API the renderer sees as `window.swingStudio` (Electron preload) or from the WebSocket
 * bridge client (browser). `invoke` never rejects for a failed call: it resolves to an
 * {@link ApiResult}. `on` returns its own unsubscribe.
 */
export interface SwingStudioApi {
  /** Where the renderer runs: inside the Electron app or in a browser through the bridge. */
  readonly mode: 'electron' | 'browser';
  invoke<C extends Channel>(channel: C, ...args: InvokeArgs<C>): Promise<ApiResult<C>>;
  on<E extends EventName>(event: E, listener: (payload: EventPayload<E>) => void): () => void;
}
