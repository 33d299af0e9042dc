import { describe, expect, it } from 'vitest';
import type { Player } from '../../../../main/library/library-types.js';
import { emptyForm, isVideoName, playerPointField, swingTypesFor, validateForm, type AnalysisForm } from './analysis-form.js';

const clip = { path: '/clips/a.mp4', durationS: 1.67, ok: true };
const ana: Player = { id: 3, name: 'Ana', dominantHand: 'left', heightMm: 1700, notes: '', createdAt: '2026-01-01T00:00:00Z' };

function form(patch: Partial<AnalysisForm>): AnalysisForm {
  return { ...emptyForm(), ...patch };
}

describe('validateForm', () => {
  it('builds one job input per video for a new player (height in cm → mm)', () => {
    const { errors, inputs } = validateForm(
      form({ name: ' Ben ', height: '185', ballTime: '0.9', title: 'Serve day', recordedAt: '2026-11-20' }),
      [clip, { ...clip, path: '/clips/b.mov' }],
      [],
      'metric',
    );
    expect(errors).toEqual({});
    expect(inputs).toHaveLength(2);
    expect(inputs[0]).toEqual({
      videoPath: '/clips/a.mp4',
      player: { name: 'Ben', dominantHand: 'right', heightMm: 1850 },
      sport: 'tennis',
      swingType: 'forehand_drive',
      backend: 'local',
      ballTimestampS: 0.9,
      title: 'Serve day',
      recordedAt: '2026-11-20',
    });
    expect(inputs[1]?.videoPath).toBe('/clips/b.mov');
  });

  it('sends the capture frame rate of a slow-motion clip: a common choice or a typed rate; real time sends none', () => {
    const base = { name: 'Ben', height: '185' };
    expect(validateForm(form(base), [clip], [], 'metric').inputs[0]).not.toHaveProperty('captureFps');
    expect(validateForm(form({ ...base, slowMotion: '240' }), [clip], [], 'metric').inputs[0]?.captureFps).toBe(240);
    expect(validateForm(form({ ...base, slowMotion: 'other', captureFps: '1000' }), [clip], [], 'metric').inputs[0]?.captureFps).toBe(1000);
    for (const bad of ['', '0', '-60', 'fast', '200000']) {
      expect(validateForm(form({ ...base, slowMotion: 'other', captureFps: bad }), [clip], [], 'metric').errors.captureFps).toMatch(/frame rate the camera recorded at/);
    }
  });

  it('sends the person clicked on the preview with that video only (source px, t clamped to ≥ 0)', () => {
    const base = { name: 'Ben', height: '185' };
    const [a, b] = validateForm(form(base), [{ ...clip, playerPoint: { x: 811, y: 387, t: 1.2 } }, { ...clip, path: '/clips/b.mov' }], [], 'metric').inputs;
    expect(a?.playerPoint).toEqual({ x: 811, y: 387, t: 1.2 });
    expect(b).not.toHaveProperty('playerPoint');
    expect(playerPointField({ x: 1, y: 2, t: -0.01 })).toEqual({ playerPoint: { x: 1, y: 2, t: 0 } });
    expect(playerPointField({ x: 1, y: 2 })).toEqual({ playerPoint: { x: 1, y: 2 } });
    expect(playerPointField(undefined)).toEqual({});
  });

  it('uses an existing player with its stored hand and height', () => {
    const { inputs } = validateForm(form({ playerMode: 'existing', playerId: 3 }), [clip], [ana], 'metric');
    expect(inputs[0]?.player).toEqual({ id: 3, name: 'Ana', dominantHand: 'left', heightMm: 1700 });
  });

  it('converts imperial heights (inches)', () => {
    const { inputs } = validateForm(form({ name: 'C', height: '70' }), [clip], [], 'imperial');
    expect(inputs[0]?.player.heightMm).toBe(1778);
  });

  it('explains every bad field', () => {
    expect(validateForm(form({ name: '', height: '' }), [], [], 'metric').errors).toEqual({
      videos: 'Choose at least one video.',
      name: 'Enter the player’s name.',
      height: 'Enter the player’s height.',
    });
    expect(validateForm(form({ name: 'A', height: '0' }), [clip], [], 'metric').errors.height).toBe('The height must be more than 0.');
    expect(validateForm(form({ name: 'A', height: '1.85' }), [clip], [], 'metric').errors.height).toBe(
      'The height must be between 50 and 280 cm.',
    );
    expect(validateForm(form({ name: 'A', height: '180', ballTime: '-1' }), [clip], [], 'metric').errors.ballTime).toMatch(/0 or more/);
    expect(validateForm(form({ name: 'A', height: '180', ballTime: '5' }), [clip], [], 'metric').errors.ballTime).toBe(
      'The ball time is after the end of the clip (1.67 s).',
    );
    expect(validateForm(form({ playerMode: 'existing', playerId: 9 }), [clip], [ana], 'metric').errors.playerId).toBe('Choose a player.');
    expect(validateForm(form({ name: 'A', height: '180' }), [{ ...clip, ok: false }], [], 'metric').errors.videos).toMatch(/Remove/);
  });
});

describe('isVideoName', () => {
  it('accepts the five upload types in any case', () => {
    for (const n of ['a.mp4', 'b.MOV', 'c.avi', 'd.webm', 'e.mkv']) expect(isVideoName(n)).toBe(true);
    expect(isVideoName('notes.txt')).toBe(false);
    expect(isVideoName('mp4')).toBe(false);
  });
});

describe('swing types of the form (our extension: serve, dink)', () => {
  it('offers the serve in tennis and pickleball and the dink in pickleball only', () => {
    expect(swingTypesFor('tennis')).toEqual(['forehand_drive', 'backhand_drive', 'serve']);
    expect(swingTypesFor('pickleball')).toEqual(['forehand_drive', 'backhand_drive', 'serve', 'dink']);
    expect(swingTypesFor('none')).toEqual(['forehand_drive', 'backhand_drive']);
  });

  it('sends a serve and refuses a dink outside pickleball', () => {
    const base = { name: 'Ben', height: '185' };
    expect(validateForm(form({ ...base, swingType: 'serve' }), [clip], [], 'metric').inputs[0]?.swingType).toBe('serve');
    expect(validateForm(form({ ...base, sport: 'pickleball', swingType: 'dink' }), [clip], [], 'metric').inputs[0]?.swingType).toBe('dink');
    expect(validateForm(form({ ...base, swingType: 'dink' }), [clip], [], 'metric').errors.swingType).toBe('Dink is not a stroke of this sport.');
  });
});
