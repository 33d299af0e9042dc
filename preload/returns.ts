/**
 * The type markers of the IPC contract (preload/contract.ts): outputs and event payloads are
 * produced by main and validated by nothing at run time, so the contract carries only their
 * type.
 */

/** Phantom type carrier for outputs and event payloads: no run-time value, only a type. */
export interface Returns<T> {
  readonly __returns?: T;
}

/** Marks the output (or event payload) type of a contract entry. */
export function returns<T>(): Returns<T> {
  return {};
}
