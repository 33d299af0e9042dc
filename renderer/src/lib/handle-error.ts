/**
 * The renderer's one error sink (Immich's handleError): ignores aborted work, logs the rest and
 * shows a toast with a readable message and what to do next.
 */
import { ApiError } from './api-error.js';
import { toasts } from './stores/toasts.svelte.js';

/** Whether `err` is a cancellation (AbortController, or a job the user cancelled). */
export function isAbort(err: unknown): boolean {
  if (err instanceof ApiError) return err.kind === 'cancelled';
  return err instanceof Error && err.name === 'AbortError';
}

/**
 * Reports `err` that happened while doing `message` (e.g. "Could not delete the session").
 * Returns the text shown, or null when the error was an abort and nothing was shown.
 */
export function handleError(err: unknown, message: string): string | null {
  if (isAbort(err)) return null;
  console.error(message, err);
  const detail = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  const tip = err instanceof ApiError ? err.tip : undefined;
  const text = detail ? `${message}: ${detail}` : message;
  toasts.show('error', text, tip ?? defaultTip(err));
  return text;
}

/** A next step for errors that came without a tip. */
function defaultTip(err: unknown): string | undefined {
  if (!(err instanceof ApiError)) return undefined;
  switch (err.kind) {
    case 'network':
      return 'Check the connection (Settings → Test connection) and try again.';
    case 'auth':
      return 'Enter a valid API key in Settings.';
    case 'input':
      return 'Correct the highlighted value and try again.';
    case 'not-found':
      return 'It may have been deleted; refresh the library.';
    case 'storage':
      return 'Check that the library folder exists and the disk is not full.';
    default:
      return undefined;
  }
}
