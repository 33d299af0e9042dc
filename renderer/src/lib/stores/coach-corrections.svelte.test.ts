import { describe, expect, it } from 'vitest';
import type { SessionDetail } from '../../../../preload/contract.js';
import { createPoseTrack } from '../../../../main/pose/pose-track.js';
import { Failure, installFakeApi } from '../fake-api.test-support.js';
import { coachCorrections, frameNrAtTime } from './coach-corrections.svelte.js';
import { drawings } from './drawings.svelte.js';
import { playback } from './playback.svelte.js';

/** A session of 100 frames at 60 fps whose frame numbers start at 10, with strokes at the given contact frames (the last one primary). */
function sessionDetail(contacts: number[], twoHanded = false): SessionDetail {
  const pose2d = createPoseTrack(100, 2);
  pose2d.timestamps.set(Array.from({ length: 100 }, (_, i) => i / 60));
  pose2d.frameNr.set(Array.from({ length: 100 }, (_, i) => i + 10));
  const strokes = contacts.map((frameNr, i) => ({
    index: i + 1,
    side: 'backhand',
    twoHanded,
    primary: i === contacts.length - 1,
    features: [],
    categories: {},
    leftOut: [],
    contact: { frameNr, timestamp: (frameNr - 10) / 60, realTime: (frameNr - 10) / 60 },
  }));
  return { session: { id: 5, fps: 60, durationS: 100 / 60 }, pose2d, features: [], strokes, consistency: [] } as unknown as SessionDetail;
}

describe('frameNrAtTime', () => {
  it('gives the frame number of the frame shown at a time', () => {
    const track = { timestamps: [0, 0.5, 1], frameNr: [7, 8, 9] };
    expect(frameNrAtTime(track, 0.75)).toBe(8);
    expect(frameNrAtTime(track, 5)).toBe(9);
    expect(frameNrAtTime({ timestamps: [], frameNr: [] }, 1)).toBeNull();
  });
});

describe('coachCorrections', () => {
  it('sets the chosen stroke\'s contact at the frame under a time, undoably; a refusal leaves one line', async () => {
    const before = { strokes: [], features: [], feature_categories: {} };
    const after = { ...before, coach_corrected: true };
    let shown = sessionDetail([30, 45]);
    const api = installFakeApi({
      'library.getSession': () => shown,
      'media.urlFor': () => null,
      'library.listDrawings': () => [],
      'library.correctStroke': (input) => {
        const c = (input as { correction: { op: string; frame?: number } }).correction;
        if (c.op === 'set-contact' && c.frame === 999) throw new Failure({ kind: 'input', message: 'frame 999 is outside the clip of session 5' });
        shown = c.op === 'restore' ? sessionDetail([30, 45]) : sessionDetail([30, c.frame ?? 45]);
        return { detail: shown, before, after };
      },
    });
    await playback.open(5);
    await drawings.load(5);
    expect(playback.stroke).toBe(2);

    await coachCorrections.setContactAt(38.5 / 60); // track index 38 = frame 48
    expect(api.calls.filter((c) => c.channel === 'library.correctStroke').map((c) => c.input)).toEqual([
      { id: 5, correction: { op: 'set-contact', strokeIndex: 2, frame: 48 } },
    ]);
    expect(playback.chosenStroke?.contact.frameNr).toBe(48);
    expect(coachCorrections.busy).toBe(false);
    expect(drawings.canUndo).toBe(true);

    // The contact is there already: nothing is sent.
    await coachCorrections.setContactAt(38.5 / 60);
    expect(api.calls.filter((c) => c.channel === 'library.correctStroke')).toHaveLength(1);

    await drawings.undo();
    expect(api.calls.at(-1)?.input).toEqual({ id: 5, correction: { op: 'restore', result: before } });
    expect(playback.chosenStroke?.contact.frameNr).toBe(45);

    expect(await coachCorrections.apply({ op: 'set-contact', strokeIndex: 2, frame: 999 })).toBe(false);
    expect(coachCorrections.error).toBe('frame 999 is outside the clip of session 5');
    expect(playback.chosenStroke?.contact.frameNr).toBe(45);
  });

  it('sends a backhand\'s two-handed flag as a side correction that keeps the side', async () => {
    let shown = sessionDetail([45]);
    const api = installFakeApi({
      'library.getSession': () => shown,
      'media.urlFor': () => null,
      'library.listDrawings': () => [],
      'library.correctStroke': () => {
        shown = sessionDetail([45], true);
        return { detail: shown, before: {}, after: {} };
      },
    });
    await playback.open(5);
    expect(await coachCorrections.apply({ op: 'set-side', strokeIndex: 1, side: 'backhand', twoHanded: true })).toBe(true);
    expect(api.calls.at(-1)?.input).toEqual({ id: 5, correction: { op: 'set-side', strokeIndex: 1, side: 'backhand', twoHanded: true } });
    expect(playback.chosenStroke).toMatchObject({ index: 1, side: 'backhand', twoHanded: true });
  });
});
