import { describe, expect, it, vi } from 'vitest';
import { EventBus } from './event-bus.js';
import { handleError, isAbort } from './handle-error.js';
import { ApiError } from './api-error.js';
import { toasts } from './stores/toasts.svelte.js';

describe('EventBus', () => {
  it('delivers to subscribers until they unsubscribe, even when one throws', () => {
    const bus = new EventBus<{ ping: number }>();
    const got: number[] = [];
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    bus.on('ping', () => {
      throw new Error('boom');
    });
    const off = bus.on('ping', (n) => got.push(n));
    bus.emit('ping', 1);
    off();
    bus.emit('ping', 2);
    expect(got).toEqual([1]);
    expect(err).toHaveBeenCalledTimes(2);
    err.mockRestore();
  });
});

describe('handleError', () => {
  it('ignores aborts and shows the rest with their tip', () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    const abort = new Error('stop');
    abort.name = 'AbortError';
    expect(isAbort(abort)).toBe(true);
    expect(handleError(abort, 'Could not load')).toBeNull();
    expect(handleError(new ApiError('jobs.cancel', { kind: 'cancelled', message: 'x' }), 'y')).toBeNull();
    expect(toasts.items).toHaveLength(0);
    const text = handleError(new ApiError('settings.testConnection', { kind: 'auth', message: 'the API key was refused', tip: 'Set a new key.' }), 'Connection test failed');
    expect(text).toBe('Connection test failed: the API key was refused');
    expect(toasts.items.at(-1)).toMatchObject({ severity: 'error', message: text, tip: 'Set a new key.' });
    handleError(new ApiError('library.getSession', { kind: 'network', message: 'socket closed' }), 'Could not open');
    expect(toasts.items.at(-1)?.tip).toMatch(/Test connection/);
    err.mockRestore();
  });
});
