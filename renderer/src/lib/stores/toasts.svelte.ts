/**
 * Toasts: short messages in a corner, with what to do next (`tip`). Errors stay until
 * dismissed; info and success fade after a few seconds.
 */

/** How serious a toast is. */
export type Severity = 'info' | 'success' | 'warning' | 'error';

/** One toast on screen. */
export interface Toast {
  id: number;
  severity: Severity;
  message: string;
  /** What the user can do about it (from the error's `tip`). */
  tip?: string;
}

/** Milliseconds a non-error toast stays on screen. */
const AUTO_DISMISS_MS = 5000;

/** The toast list. */
export class ToastManager {
  items = $state<Toast[]>([]);
  #next = 1;

  /** Shows a toast and returns its id. Identical error messages already on screen are not repeated. */
  show(severity: Severity, message: string, tip?: string): number {
    const same = this.items.find((t) => t.message === message && t.severity === severity);
    if (same) return same.id;
    const id = this.#next++;
    this.items.push({ id, severity, message, ...(tip ? { tip } : {}) });
    if (severity !== 'error' && typeof setTimeout === 'function') setTimeout(() => this.dismiss(id), AUTO_DISMISS_MS);
    return id;
  }

  /** Removes toast `id` (no-op when it is gone). */
  dismiss(id: number): void {
    this.items = this.items.filter((t) => t.id !== id);
  }
}

/** The app's toasts. */
export const toasts = new ToastManager();
