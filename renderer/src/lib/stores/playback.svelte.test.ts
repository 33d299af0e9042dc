import { describe, expect, it } from 'vitest';
import type { SessionDetail } from '../../../../preload/contract.js';
import { createPoseTrack } from '../../../../main/pose/pose-track.js';
import { installFakeApi } from '../fake-api.test-support.js';
import { PlaybackManager } from './playback.svelte.js';
import type { SessionPlayer } from '../playback/session-player.js';

/** The parts of a <video> the playback store uses. */
function fakeVideo() {
  return {
    currentTime: 0,
    paused: true,
    duration: 100 / 60,
    playbackRate: 1,
    pause() {
      this.paused = true;
    },
    addEventListener() {},
    removeEventListener() {},
    play() {
      this.paused = false;
      return Promise.resolve();
    },
  };
}

function sessionDetail(): SessionDetail {
  const pose2d = createPoseTrack(100, 2);
  pose2d.timestamps.set(Array.from({ length: 100 }, (_, i) => i / 60));
  pose2d.frameNr.set(Array.from({ length: 100 }, (_, i) => i + 10));
  return { session: { id: 5, fps: 60, durationS: 100 / 60 }, pose2d, features: [{ id: 1, score: 80 }, { id: 2, score: 20 }] } as unknown as SessionDetail;
}

describe('PlaybackManager', () => {
  it('opens a session with its clip URL and sorts features weakest first', async () => {
    installFakeApi({ 'library.getSession': () => sessionDetail(), 'media.urlFor': () => 'http://127.0.0.1:1/media/session/5/clip?t=x' });
    const p = new PlaybackManager();
    await p.open(5);
    expect(p.clipUrl).toBe('http://127.0.0.1:1/media/session/5/clip?t=x');
    expect(p.duration).toBeCloseTo(100 / 60, 12);
    expect(p.features.map((f) => f.id)).toEqual([2, 1]);
  });

  it('steps by pose frames, clamps rates, and seeks to a feature event by frame_nr', async () => {
    installFakeApi({ 'library.getSession': () => sessionDetail(), 'media.urlFor': () => null });
    const p = new PlaybackManager();
    await p.open(5);
    const v = fakeVideo();
    p.attach(v as unknown as HTMLVideoElement, null);
    p.tick(10 / 60, 10);
    p.step(1);
    expect(v.currentTime).toBeCloseTo(11 / 60 + 0.001, 12);
    p.tick(11 / 60 + 0.001, 11);
    p.step(-3);
    expect(v.currentTime).toBeCloseTo(8 / 60 + 0.001, 12);
    p.setRate(9);
    expect(v.playbackRate).toBe(2);
    p.changeRate(-1);
    expect(p.rate).toBe(1.5);
    // frame_nr 40 is track index 30 (frame numbers start at 10 in this track)
    expect(p.eventTime({ timestamp: 99, frame_nr: 40 })).toBeCloseTo(30 / 60 + 0.001, 12);
    expect(p.eventTime({ timestamp: 0.25, frame_nr: 999 })).toBeCloseTo(0.251, 12);
    p.keyL();
    expect(v.paused).toBe(false);
    p.keyJ();
    expect(p.rate).toBe(1);
  });

  it('keeps an A/B loop ordered', async () => {
    installFakeApi({ 'library.getSession': () => sessionDetail(), 'media.urlFor': () => null });
    const p = new PlaybackManager();
    await p.open(5);
    p.tick(1, 60);
    p.markLoop('a');
    p.tick(0.5, 30);
    p.markLoop('b');
    expect([p.loopA, p.loopB]).toEqual([0.5, 1]);
    p.clearLoop();
    expect(p.loopA).toBeNull();
  });

  it('opens on the primary stroke; choosing a stroke pauses, seeks to its contact frame and shows its features', async () => {
    const stroke = (index: number, frameNr: number, primary: boolean, features: unknown[]) => ({
      index, primary, features, categories: {}, leftOut: [], contact: { frameNr, timestamp: 99, realTime: 99 },
    });
    const detail = {
      ...sessionDetail(),
      strokes: [
        stroke(1, 20, false, []),
        stroke(2, 40, true, []),
        stroke(3, 70, false, [
          { feature_name: 'b', score: 50, highlight_joints: [1, 2], highlight_limbs: { thigh: [1, 2] } },
          { feature_name: 'a', score: 10, highlight_joints: [14, 15, 16], highlight_limbs: { upper_arm: [14, 15], forearm: [15, 16] }, event: { timestamp: 99, frame_nr: 65 } },
        ]),
        stroke(4, 90, false, [
          { feature_name: 'a', score: 60, highlight_joints: [14, 15, 16], highlight_limbs: { upper_arm: [14, 15], forearm: [15, 16] } },
          { feature_name: 'b', score: 5, highlight_joints: [1, 2], highlight_limbs: { thigh: [1, 2] } },
        ]),
      ],
      consistency: [],
    } as unknown as SessionDetail;
    installFakeApi({ 'library.getSession': () => detail, 'media.urlFor': () => null });
    const p = new PlaybackManager();
    await p.open(5);
    expect(p.stroke).toBe(2);
    expect(p.features.map((f) => f.id)).toEqual([2, 1]); // the primary stroke: the session's own rows
    const v = fakeVideo();
    const lit: unknown[][] = [];
    const player = { setHighlight: (joints: number[], limbs: number[][]) => lit.push([joints, limbs]) };
    p.attach(v as unknown as HTMLVideoElement, player as unknown as SessionPlayer);
    v.paused = false;
    p.moveStroke(1);
    expect(p.stroke).toBe(3);
    expect(v.paused).toBe(true);
    // frame_nr 70 is track index 60 (frame numbers start at 10 in this track)
    expect(v.currentTime).toBeCloseTo(60 / 60 + 0.001, 12);
    expect(p.features.map((f) => f.feature_name)).toEqual(['a', 'b']);
    // Its weakest feature is selected and highlighted, at the contact (not at the feature's event).
    expect(p.selected?.feature_name).toBe('a');
    expect(lit.at(-1)).toEqual([[14, 15, 16], [[14, 15], [15, 16]]]);
    // Nothing chosen in the list: the next stroke shows its own weakest.
    p.moveStroke(1);
    expect(p.stroke).toBe(4);
    expect(p.selected?.feature_name).toBe('b');
    expect(lit.at(-1)).toEqual([[1, 2], [[1, 2]]]);
    expect(v.currentTime).toBeCloseTo(80 / 60 + 0.001, 12);
    // The coach picks 'a' on stroke 3: stroke 4 then shows its 'a' (not its weakest), at its contact.
    p.moveStroke(-1);
    const a3 = p.features.find((f) => f.feature_name === 'a') ?? null;
    p.select(a3);
    p.moveStroke(1);
    expect(p.stroke).toBe(4);
    expect(p.selected?.feature_name).toBe('a');
    expect(p.selected?.score).toBe(60);
    expect(lit.at(-1)).toEqual([[14, 15, 16], [[14, 15], [15, 16]]]);
    expect(v.currentTime).toBeCloseTo(80 / 60 + 0.001, 12);
    p.moveStroke(1);
    expect(p.stroke).toBe(4);
    p.chooseStroke('all');
    expect(p.chosenStroke).toBeNull();
    expect(p.selected).toBeNull();
    expect(lit.at(-1)).toEqual([[], []]);
    expect(v.currentTime).toBeCloseTo(80 / 60 + 0.001, 12);
    p.moveStroke(-1); // from 'all': the last stroke, still on the coach's feature
    expect(p.stroke).toBe(4);
    expect(p.selected?.feature_name).toBe('a');
    p.moveStroke(-3);
    expect(p.stroke).toBe(1);
    expect(v.currentTime).toBeCloseTo(10 / 60 + 0.001, 12);
    expect(p.features).toEqual([]);
    // A stroke without features highlights nothing; the coach's feature is followed past it.
    expect(p.selected).toBeNull();
    expect(lit.at(-1)).toEqual([[], []]);
    p.chooseStroke(4);
    expect(p.selected?.feature_name).toBe('a');
  });

  it('opens at the chosen stroke\'s contact frame once the video has its metadata, once per session opened', async () => {
    const stroke = (index: number, frameNr: number, primary: boolean) => ({
      index, primary, features: [], categories: {}, leftOut: [], contact: { frameNr, timestamp: 99, realTime: 99 },
    });
    const detail = { ...sessionDetail(), strokes: [stroke(1, 20, false), stroke(2, 45, true)], consistency: [] } as unknown as SessionDetail;
    installFakeApi({ 'library.getSession': () => detail, 'media.urlFor': () => null });
    const p = new PlaybackManager();
    await p.open(5);
    const listeners: Record<string, () => void> = {};
    const v = { ...fakeVideo(), readyState: 0, addEventListener: (type: string, f: () => void) => (listeners[type] = f) };
    p.attach(v as unknown as HTMLVideoElement, null);
    expect(v.currentTime).toBe(0);
    listeners.loadedmetadata?.();
    // frame_nr 45 is track index 35 (frame numbers start at 10 in this track), a millisecond into it
    expect(v.currentTime).toBeCloseTo(35 / 60 + 0.001, 12);
    // The player is made again (a correction, a new rate): the time on screen stays.
    v.currentTime = 0.5;
    const again = { ...fakeVideo(), readyState: 4, currentTime: 0.5 };
    p.attach(again as unknown as HTMLVideoElement, null);
    expect(again.currentTime).toBe(0.5);
    // Opened again: the metadata already there, it seeks at once.
    await p.open(5);
    const ready = { ...fakeVideo(), readyState: 4 };
    p.attach(ready as unknown as HTMLVideoElement, null);
    expect(ready.currentTime).toBeCloseTo(35 / 60 + 0.001, 12);
  });
});
