/**
 * The error the renderer throws for a failed main-process call: the contract's typed failure
 * (kind, message, tip) as an Error, so `handleError` can show the tip.
 */
import type { ApiErrorKind, ApiFailure } from '../../../preload/contract.js';

/** A failed call on `channel`. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly tip: string | undefined;
  readonly channel: string;

  constructor(channel: string, failure: ApiFailure) {
    super(failure.message);
    this.name = 'ApiError';
    this.kind = failure.kind;
    this.tip = failure.tip;
    this.channel = channel;
  }
}
