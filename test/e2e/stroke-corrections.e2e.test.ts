/**
 * The coach's stroke corrections (issue 27) in real Chromium through the bridge on the real
 * analysed tennis_forehand_2 cut (analysed-session-app.ts): paused 3 frames after the detected
 * contact (keyboard frame steps), "set contact here" moves the stroke's contact there, the
 * features shown are the ones the library now stores (recomputed from the stored pose), a reload
 * keeps them, opens on the corrected contact frame, and the stroke says its contact was set by
 * the coach; undo (the drawings' history) puts the stroke back exactly, redo applies the
 * correction again; the contact mark dragged 3 frames on the timeline does the same; a stroke
 * added at the frame on screen with a side, made two-handed (undone), then deleted. Screenshots
 * in test-artifacts/e2e/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getSessionDetail } from '../../main/library/detail.js';
import type { SessionDetail, SessionStroke } from '../../preload/contract.js';
import { formatValue } from '../../renderer/src/lib/units.js';
import { startAnalysedSessionApp, type AnalysedSessionApp } from './analysed-session-app.js';
import type { ElementLike } from './page-objects/browser-types.js';
import { StrokeStripPage } from './page-objects/stroke-strip-page.js';

let fx: AnalysedSessionApp;

beforeAll(async () => {
  fx = await startAnalysedSessionApp('swing-corrections-', 'Corrected Player', 'Forehand, contact corrected');
});

afterAll(async () => {
  await fx?.close();
});

/** The session as the library stores it now. */
function stored(): SessionDetail {
  const d = getSessionDetail(fx.app.bridge.services.deps.db, fx.sessionId);
  if (!d) throw new Error('the session is gone');
  return d;
}

/** The stored primary (analysed) stroke. */
function primaryStroke(): SessionStroke {
  const s = stored().strokes.find((x) => x.primary);
  if (!s) throw new Error('no analysed stroke');
  return s;
}

/** Feature name → value text of the listed features. */
async function shownValues(sp: StrokeStripPage): Promise<Record<string, string>> {
  return sp.page
    .getByTestId('feature')
    .evaluateAll((els) =>
      Object.fromEntries(
        (els as unknown as ElementLike[]).map((e) => [
          e.getAttribute('data-feature-name') ?? '',
          e.querySelectorAll('[data-testid="feature-value"]')[0]?.textContent ?? '',
        ]),
      ),
    );
}

/** The value texts the features of `s` are shown with. */
const valuesOf = (s: SessionStroke): Record<string, string> =>
  Object.fromEntries(s.features.map((f) => [f.feature_name, formatValue(f.value, f.unit, 'metric')]));

describe('stroke corrections on the paused frame', () => {
  it('sets the contact 3 frames later: the features shown are the recomputed stored ones, kept over a reload, marked as the coach', async () => {
    const { app, pose, contactIndex } = fx;
    const before = primaryStroke();
    expect(before.contactSource).not.toBe('coach');
    expect(before.contact.frameNr).toBe(pose.frameNr[contactIndex]);
    await app.page.goto(`${app.bridge.url}#/session/${fx.sessionId}`);
    const sp = new StrokeStripPage(app.page);
    await sp.waitForSkeleton();
    expect(await shownValues(sp)).toEqual(valuesOf(before));

    let d = await sp.seek(pose.timestamps[contactIndex] ?? 0);
    expect(d.frameIndex).toBe(contactIndex);
    for (let k = 1; k <= 3; k++) d = await sp.pressAndSettle('ArrowRight');
    expect(d.frameIndex).toBe(contactIndex + 3);
    const target = pose.frameNr[contactIndex + 3];
    await expect.poll(() => app.page.getByTestId('set-contact-here').isEnabled()).toBe(true);
    await app.page.getByTestId('set-contact-here').click();
    await app.page.locator('[data-testid="contact-source"][data-contact-source="coach"]').waitFor();

    const after = primaryStroke();
    expect(after.contact.frameNr).toBe(target);
    expect(after.contactSource).toBe('coach');
    expect(stored().contact?.frameNr).toBe(target);
    expect(after.features.length).toBeGreaterThan(3);
    expect(Object.entries(valuesOf(after)).some(([k, v]) => valuesOf(before)[k] !== v)).toBe(true);
    expect(await shownValues(sp)).toEqual(valuesOf(after));
    expect(await app.page.getByTestId('contact-source').innerText()).toContain('set by the coach');
    await sp.screenshot('60-contact-set-by-coach');

    // Undo (the drawings' history) puts the stroke back exactly as it was; redo applies the correction again.
    await app.page.getByTestId('undo').click();
    await app.page
      .locator(`[data-testid="contact-source"][data-contact-source="${before.contactSource}"]`)
      .waitFor();
    expect(primaryStroke()).toEqual(before);
    expect(await shownValues(sp)).toEqual(valuesOf(before));
    await app.page.getByTestId('redo').click();
    await app.page.locator('[data-testid="contact-source"][data-contact-source="coach"]').waitFor();
    expect(primaryStroke()).toEqual(after);
    expect(await shownValues(sp)).toEqual(valuesOf(after));

    await app.page.reload();
    await sp.waitForSkeleton();
    await app.page.locator('[data-testid="contact-source"][data-contact-source="coach"]').waitFor();
    expect(await shownValues(sp)).toEqual(valuesOf(after));
    // The session opens on the chosen stroke's corrected contact frame.
    await expect.poll(async () => (await sp.debug()).frameIndex).toBe(contactIndex + 3);
  });

  it('drags the contact mark 3 frames on: the recomputed stored features are shown, undo restores, a reload keeps them on that frame', async () => {
    const { app, pose } = fx;
    const sp = new StrokeStripPage(app.page);
    const before = primaryStroke();
    const from = pose.frameNr.indexOf(before.contact.frameNr);
    const to = from + 3;
    const target = pose.frameNr[to]!;
    const contactText = (frame: number) => app.page.getByTestId('contact-source').filter({ hasText: `contact at frame ${frame},` });
    // The middle of frame `to` on the video clock: the frame shown there.
    await sp.dragContactTo(((pose.timestamps[to] ?? 0) + (pose.timestamps[to + 1] ?? 0)) / 2);
    await contactText(target).waitFor();

    const after = primaryStroke();
    expect(after.contact.frameNr).toBe(target);
    expect(after.contactSource).toBe('coach');
    expect(Object.entries(valuesOf(after)).some(([k, v]) => valuesOf(before)[k] !== v)).toBe(true);
    expect(await shownValues(sp)).toEqual(valuesOf(after));
    // The frame on screen stays the one dropped on (the player made again for the new detail draws it).
    await expect.poll(async () => (await sp.debug()).frameIndex).toBe(to);
    await sp.screenshot('62-contact-dragged');

    await app.page.getByTestId('undo').click();
    await contactText(before.contact.frameNr).waitFor();
    expect(primaryStroke()).toEqual(before);
    expect(await shownValues(sp)).toEqual(valuesOf(before));
    await app.page.getByTestId('redo').click();
    await contactText(target).waitFor();
    expect(primaryStroke()).toEqual(after);

    await app.page.reload();
    await sp.waitForSkeleton();
    await contactText(target).waitFor();
    expect(await shownValues(sp)).toEqual(valuesOf(after));
    await expect.poll(async () => (await sp.debug()).frameIndex).toBe(to);
  });

  it('adds a stroke at the frame on screen with a side (marked coach in the strip), then deletes it', async () => {
    const { app, pose, contactIndex } = fx;
    const sp = new StrokeStripPage(app.page);
    const coachContact = primaryStroke().contact.frameNr;
    const at = Math.max(0, contactIndex - 25);
    const d = await sp.seek(pose.timestamps[at] ?? 0);
    const frame = pose.frameNr[d.frameIndex];
    await app.page.getByTestId('add-stroke-side').selectOption('backhand');
    await app.page.getByTestId('add-stroke-here').click();
    await app.page.locator('[data-testid="stroke-strip"][data-stroke-count="2"]').waitFor();

    const strokes = stored().strokes;
    expect(strokes.map((s) => s.contact.frameNr)).toEqual([frame, coachContact]);
    expect(strokes[0]).toMatchObject({ index: 1, side: 'backhand', contactSource: 'coach' });
    expect(strokes[1]).toMatchObject({ index: 2, contactSource: 'coach', primary: true });
    const items = await sp.items();
    expect(items.map((i) => [i.index, i.pressed])).toEqual([
      [1, true],
      [2, false],
    ]);
    expect(await app.page.getByTestId('stroke-coach-mark').count()).toBe(2);
    expect(await app.page.locator('[data-testid="contact-source"]').getAttribute('data-contact-source')).toBe(
      'coach',
    );
    await sp.screenshot('61-stroke-added-by-coach');

    // A backhand's two-handed flag, undoable like every correction.
    const first = app.page.locator('[data-testid="stroke-item"][data-stroke-index="1"]');
    await app.page.getByTestId('stroke-two-handed').check();
    await first.filter({ hasText: 'Backhand (two-handed)' }).waitFor();
    expect(stored().strokes[0]).toMatchObject({ index: 1, side: 'backhand', twoHanded: true, contactSource: 'coach' });
    await app.page.getByTestId('undo').click();
    await first.filter({ hasText: 'Backhand (one-handed)' }).waitFor();
    expect(stored().strokes[0]).toMatchObject({ index: 1, side: 'backhand', twoHanded: false });
    expect(await app.page.getByTestId('stroke-two-handed').isChecked()).toBe(false);

    await app.page.getByTestId('delete-stroke').click();
    await app.page.getByTestId('stroke-strip').waitFor({ state: 'detached' });
    const left = stored().strokes;
    expect(left.map((s) => [s.index, s.contact.frameNr, s.contactSource])).toEqual([
      [1, coachContact, 'coach'],
    ]);
    expect(await shownValues(sp)).toEqual(valuesOf(left[0]!));
  });
});
