/**
 * The comparison video: two strokes side by side, each with its skeleton painted, synchronised
 * at ball contact as the Compare screen shows them (main/pose/stroke-timing.ts), H.264 MP4 with
 * the shipped FFmpeg in-process (main/av/frame-encode.ts).
 *
 * Timeline: one output frame per frame of the first stroke whose time from contact lies in the
 * range both clips cover (`sharedRange`), at the first clip's frame rate; the second pane shows
 * its frame at the same time from contact (real seconds when a capture rate is known). So the
 * file has exactly (last − first + 1) frames of the first stroke and its contact frame is frame
 * `contactIndex − first`. Both clips are decoded once, in order, at their pane size.
 * Layout: both panes scaled to one height (≤ 720 px, at most the smaller source height), a caption
 * bar on top with each stroke's player, title, stroke number (sessions with several) and the time from contact.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { rename, rm } from 'node:fs/promises';
import { displayText } from '../contract/display-names.js';
import { type DecodedFrame, decodeFramesInProcess, encodeCanvasFrames, frameImageData } from '../av/index.js';
import { strokeOrdinal } from '../contract/stroke-view.js';
import type { StrokeDetail } from '../library/library-types.js';
import { defaultSkeletonStyle, paintSkeleton } from '../pose/skeleton-paint.js';
import { frameAt, realFromContact, sharedRange, strokeOf, type CompareStroke } from '../pose/stroke-timing.js';
import type { PoseTrack } from '../pose/pose-track.js';

/** Height of the caption bar above the panes, pixels. */
export const CAPTION_PX = 40;
/** Largest pane height, pixels (720p keeps a 2-core machine near real time). */
export const MAX_PANE_HEIGHT = 720;

/** One compared stroke (a session seen as one of its strokes, main/library/stroke-view.ts) with the pose a comparison needs. */
export type ComparableDetail = StrokeDetail & { pose2d: PoseTrack };

/** Frame layout and timeline of a comparison video. */
export interface ComparePlan {
  width: number;
  height: number;
  paneHeight: number;
  paneWidths: [number, number];
  /** Frame rate of the output (the first clip's), frames/s. */
  fps: number;
  /** Pose frame indices of the first stroke shown in output frames 0, 1, … */
  firstFrames: number[];
  /** Pose frame indices of the second stroke shown with each of them. */
  secondFrames: number[];
  strokes: [CompareStroke, CompareStroke];
}

const even = (v: number) => Math.max(2, Math.round(v / 2) * 2);

/**
 * The layout and frame pairs of the comparison of `a` (leading) and `b`.
 * @throws Error when a stroke has no ball contact or the clips share no time around contact.
 */
export function comparePlan(a: ComparableDetail, b: ComparableDetail): ComparePlan {
  const sa = strokeOf(a);
  const sb = strokeOf(b);
  if (!sa || !sb) throw new Error(`session ${(sa ? b : a).session.id} has no ball contact: it cannot be synchronised`);
  const range = sharedRange(sa, sb);
  const from = frameAt(sa, range.from);
  const to = frameAt(sa, range.to);
  if (to < from) throw new Error('the two clips share no time around ball contact');
  const paneHeight = even(Math.min(MAX_PANE_HEIGHT, a.session.height, b.session.height));
  const paneWidths: [number, number] = [even((a.session.width * paneHeight) / a.session.height), even((b.session.width * paneHeight) / b.session.height)];
  const firstFrames = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return {
    width: paneWidths[0] + paneWidths[1],
    height: paneHeight + CAPTION_PX,
    paneHeight,
    paneWidths,
    fps: a.session.fps,
    firstFrames,
    secondFrames: firstFrames.map((fa) => frameAt(sb, realFromContact(sa, fa))),
    strokes: [sa, sb],
  };
}

/** Pulls decoded frames in order and keeps the last one: `at(n)` returns frame n (or the last before it). */
class FrameCursor {
  readonly #frames: AsyncGenerator<DecodedFrame>;
  #current: DecodedFrame | null = null;
  #done = false;
  constructor(frames: AsyncGenerator<DecodedFrame>) {
    this.#frames = frames;
  }
  async at(n: number): Promise<DecodedFrame | null> {
    while (!this.#done && (this.#current === null || this.#current.index < n)) {
      const next = await this.#frames.next();
      if (next.done) this.#done = true;
      else this.#current = next.value;
    }
    return this.#current;
  }
  async close(): Promise<void> {
    await this.#frames.return(undefined);
  }
}

function paintPane(ctx: SKRSContext2D, d: ComparableDetail, frame: number, x: number, paneHeight: number): void {
  const k = paneHeight / d.session.height;
  ctx.save();
  ctx.translate(x, CAPTION_PX);
  ctx.scale(k, k);
  paintSkeleton(ctx, d.pose2d, frame, defaultSkeletonStyle(d.session.height));
  ctx.restore();
}

function caption(ctx: SKRSContext2D, d: ComparableDetail, x: number, rel: number): void {
  ctx.fillStyle = '#ffffff';
  ctx.font = '16px "DejaVu Sans", sans-serif';
  const when = Math.abs(rel) < 0.0005 ? 'ball contact' : `${rel > 0 ? '+' : '−'}${Math.abs(rel).toFixed(3)} s`;
  const stroke = strokeOrdinal(d);
  ctx.fillText(displayText(`${d.player.name} · ${d.session.title || d.session.swingType.replace(/_/g, ' ')}${stroke ? ` · ${stroke}` : ''} · ${when}`), x + 10, 26);
}

/** Options of {@link renderCompareVideo}. */
export interface CompareVideoOptions {
  outPath: string;
  /** x264 preset; `superfast` as the overlay export. */
  preset?: string;
  signal?: AbortSignal;
  /** (frames done, total frames). */
  onProgress?: (done: number, total: number) => void;
}

/**
 * Writes the side-by-side comparison MP4 of `a` and `b` at `outPath` (a temp file renamed when
 * complete). @returns the plan it followed.
 * @throws Error as {@link comparePlan}; VideoProbeError / VideoDecodeError when a clip cannot be
 *   read or the video written; the signal's reason when aborted (no file is left then).
 */
export async function renderCompareVideo(a: ComparableDetail, b: ComparableDetail, o: CompareVideoOptions): Promise<ComparePlan> {
  const plan = comparePlan(a, b);
  const [wa, wb] = plan.paneWidths;
  const tmp = `${o.outPath}.part-${process.pid}.mp4`;
  const cursors = [
    new FrameCursor(decodeFramesInProcess(a.session.clipPath, { width: wa, height: plan.paneHeight }, o.signal)),
    new FrameCursor(decodeFramesInProcess(b.session.clipPath, { width: wb, height: plan.paneHeight }, o.signal)),
  ] as const;
  const total = plan.firstFrames.length;
  try {
    await encodeCanvasFrames({
      outPath: tmp,
      width: plan.width,
      height: plan.height,
      rate: { num: Math.round(plan.fps * 1000), den: 1000 },
      frames: total,
      preset: o.preset ?? 'superfast',
      crf: 18,
      ...(o.signal ? { signal: o.signal } : {}),
      draw: async (ctx, i) => {
        const fa = plan.firstFrames[i]!;
        const fb = plan.secondFrames[i]!;
        ctx.fillStyle = '#000000';
        ctx.fillRect(0, 0, plan.width, plan.height);
        const [va, vb] = [await cursors[0].at(a.pose2d.frameNr[fa] ?? fa), await cursors[1].at(b.pose2d.frameNr[fb] ?? fb)];
        if (va) ctx.putImageData(frameImageData(va), 0, CAPTION_PX);
        if (vb) ctx.putImageData(frameImageData(vb), wa, CAPTION_PX);
        paintPane(ctx, a, fa, 0, plan.paneHeight);
        paintPane(ctx, b, fb, wa, plan.paneHeight);
        const rel = realFromContact(plan.strokes[0], fa);
        caption(ctx, a, 0, rel);
        caption(ctx, b, wa, rel);
      },
      onFrame: (done) => o.onProgress?.(done, total),
    });
    await rename(tmp, o.outPath);
    return plan;
  } catch (err) {
    await rm(tmp, { force: true });
    throw err;
  } finally {
    await Promise.all(cursors.map((c) => c.close()));
  }
}
