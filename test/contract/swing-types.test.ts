/**
 * Our extension of `swing_type` (main/contract/technique-names.ts): the request schema takes
 * `serve` (tennis, pickleball) and `dink` (pickleball) besides API.md's drives and refuses a type
 * outside its sports or unknown; a stroke may carry the new types and a serve's stages.
 */
import { describe, expect, it } from 'vitest';
import { API_SWING_TYPES, isApiSwingType, Stroke, SWING_TYPES, TechniqueRequestMetadata } from '../../main/contract/technique-schema.js';
import { TechniqueError } from '../../main/api/errors.js';
import { extendedTypeRefused } from '../../main/api/remote-analysis.js';

const meta = (sport: string, swing_type: string) => ({ uid: 'u', sport, swing_type, dominant_hand: 'right', player_height_mm: 1800 });

describe('swing types of the technique request', () => {
  it.each([
    ['tennis', 'forehand_drive'],
    ['none', 'backhand_drive'],
    ['tennis', 'serve'],
    ['pickleball', 'serve'],
    ['pickleball', 'dink'],
  ])('accepts %s %s', (sport, type) => {
    expect(TechniqueRequestMetadata.safeParse(meta(sport, type)).success).toBe(true);
  });

  it.each([
    ['tennis', 'dink', /not a stroke of this sport/],
    ['none', 'serve', /not a stroke of this sport/],
    ['tennis', 'volley', /swing_type/],
  ])('refuses %s %s', (sport, type, message) => {
    const r = TechniqueRequestMetadata.safeParse(meta(sport, type));
    expect(r.success).toBe(false);
    expect(JSON.stringify(r.error?.issues)).toMatch(message);
  });

  it("keeps API.md's two apart from the extension", () => {
    expect([...API_SWING_TYPES]).toEqual(['forehand_drive', 'backhand_drive']);
    expect([...SWING_TYPES]).toEqual(['forehand_drive', 'backhand_drive', 'serve', 'dink']);
    expect(isApiSwingType('serve')).toBe(false);
    expect(isApiSwingType('backhand_drive')).toBe(true);
  });

  it('takes a serve stroke with its stages', () => {
    const stroke = {
      index: 1, side: 'serve', two_handed: false, swing_type: 'serve', contact: { frame_nr: 33, timestamp: 1.1, real_time: 1.1 }, confidence: 0.9,
      hand_measured: true, features: [], feature_categories: {},
      serve_stages: [{ name: 'contact', from_frame: 33, to_frame: 33, from_timestamp: 1.1, to_timestamp: 1.1 }],
    };
    expect(Stroke.safeParse(stroke).success).toBe(true);
    expect(Stroke.safeParse({ ...stroke, swing_type: 'smash' }).success).toBe(false);
  });
});

describe('a vendor refusing an extended swing type', () => {
  const refused = new TechniqueError({ message: 'POST /process refused the request (HTTP 400): invalid swing_type', errors: ['invalid swing_type'], warnings: [], status: 400 });

  it('is told to use the local service, with the service words kept', () => {
    const e = extendedTypeRefused(refused, meta('tennis', 'serve'));
    expect(e).toBeInstanceOf(TechniqueError);
    expect((e as TechniqueError).message).toMatch(/refused the swing type "serve".*local service.*invalid swing_type/);
    expect((e as TechniqueError).errors).toEqual(['invalid swing_type']);
    expect((e as TechniqueError).status).toBe(400);
  });

  it("leaves an API.md type's refusal and other errors as they are", () => {
    expect(extendedTypeRefused(refused, meta('tennis', 'forehand_drive'))).toBe(refused);
    const other = new Error('network');
    expect(extendedTypeRefused(other, meta('tennis', 'serve'))).toBe(other);
  });
});
