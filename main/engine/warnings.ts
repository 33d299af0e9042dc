/** Frame-range warnings of the pose engine, emitted as soon as a range closes. */
import { warning, type Warning } from '../contract/warning.js';
import { INFER_PROVIDER_LABELS, type InferProvider } from '../contract/infer-provider.js';

/** Mean keypoint confidence below which a frame counts as low confidence. */
export const LOW_CONFIDENCE = 0.35;
/** Shortest run of low-confidence frames worth a warning (single blurred frames are normal in a swing). */
export const LOW_CONFIDENCE_MIN_FRAMES = 5;

/** Collects runs of frames with a condition and reports each run once it ends, as the typed warning `describe` makes (its `frames` set to the run). */
export class RangeWarner {
  private start = -1;
  private startT = 0;
  private lastT = 0;
  constructor(
    private readonly describe: (from: number, to: number, t0: number, t1: number) => Warning,
    private readonly emit: (w: Warning) => void,
    private readonly minFrames = 1,
  ) {}

  /** Feeds frame `f` at time `t` seconds; `on` = the condition holds in that frame. */
  push(f: number, t: number, on: boolean): void {
    if (on && this.start < 0) [this.start, this.startT] = [f, t];
    if (!on && this.start >= 0) this.close(f - 1);
    this.lastT = on ? t : this.lastT;
  }

  /** Ends the clip at frame `last`, reporting an open run. */
  finish(last: number): void {
    if (this.start >= 0) this.close(last);
  }

  private close(to: number): void {
    if (to - this.start + 1 >= this.minFrames) this.emit({ ...this.describe(this.start, to, this.startT, this.lastT), frames: { from: this.start, to } });
    this.start = -1;
  }
}

/** "frames 10-25 (0.33-0.83 s)" */
export function frameRange(from: number, to: number, t0: number, t1: number): string {
  return from === to ? `frame ${from} (${t0.toFixed(2)} s)` : `frames ${from}-${to} (${t0.toFixed(2)}-${t1.toFixed(2)} s)`;
}

/** Code 'low-frame-rate': the video's frame rate `fps` is below 30 frames/s. */
export function lowFrameRateWarning(fps: number): Warning {
  return warning('low-frame-rate', 'warning', `The video has only ${fps.toFixed(0)} frames per second, so fast swings may be blurred or missed.`, {
    tip: 'Record at 30 frames per second or more.',
    detail: `frame rate ${fps.toFixed(1)} fps is below the recommended 30 fps; fast swings may be blurred or missed`,
  });
}

/** Code 'runtime-fallback': the pose models run on the slower fallback runtime; `detail` says why (infer-pool.ts fallbackWarning). */
export function runtimeFallbackWarning(detail: string): Warning {
  return warning('runtime-fallback', 'info', 'Pose estimation ran on a slower fallback, so the analysis took longer.', { detail });
}

/**
 * Code 'inference-provider-fallback': the pose models were to run on `provider` (a GPU or neural
 * engine: main/engine/runtime/execution-provider.ts) but gave way to the CPU; `reasons` are the
 * lines naming model and cause (failed to load, other results than the CPU).
 */
export function providerFallbackWarning(provider: InferProvider, reasons: readonly string[]): Warning {
  return warning('inference-provider-fallback', 'info', `Pose estimation ran on the CPU instead of the ${INFER_PROVIDER_LABELS[provider]}, so the analysis took longer.`, {
    tip: 'Update the graphics driver, or set SWING_INFER_PROVIDER=cpu to skip the attempt.',
    detail: reasons.join('; '),
  });
}

/** Code 'inference-provider-setting': SWING_INFER_PROVIDER was not understood (`problem`), so the best provider was chosen automatically. */
export function providerSettingWarning(problem: string): Warning {
  return warning('inference-provider-setting', 'notice', 'The pose hardware setting was not understood, so it was chosen automatically.', {
    tip: 'Set SWING_INFER_PROVIDER to cpu, cuda, dml, coreml or auto.',
    detail: problem,
  });
}

/** Code 'player-lost' (after the player was first found) or 'no-person' (before): frames a..b (times ta..tb s) without the player. */
export function absentWarning(lost: boolean, a: number, b: number, ta: number, tb: number): Warning {
  const detail = `${lost ? 'player lost' : 'no person found'} in ${frameRange(a, b, ta, tb)}`;
  return lost
    ? warning('player-lost', 'warning', 'The player was lost for a moment; those frames have no pose.', { detail })
    : warning('no-person', 'notice', 'No player was found at the start of the video.', { detail });
}

/** Code 'pose-low-confidence': frames a..b (times ta..tb s) with a mean keypoint confidence below {@link LOW_CONFIDENCE}. */
export function lowConfidenceWarning(a: number, b: number, ta: number, tb: number): Warning {
  return warning('pose-low-confidence', 'notice', 'The pose is uncertain in a few frames (blur or a hidden body).', { detail: `low pose confidence (< ${LOW_CONFIDENCE}) in ${frameRange(a, b, ta, tb)}` });
}

/** Code 'left-right-repaired': the model swapped left and right in `repaired` of `frames` frames, which were repaired. */
export function leftRightRepairedWarning(repaired: number, frames: number): Warning {
  return warning('left-right-repaired', 'notice', 'Left and right arms or legs were mixed up in a few frames and were corrected.', {
    detail: `left/right labels of the arms or legs repaired in ${repaired} of ${frames} frames (the model swapped them)`,
  });
}

/** Code 'repeated-frames': `repeated` of `frames` frames repeat the image before them (`imagesPerSecond` distinct images/s in an `fps` file). */
export function repeatedFramesWarning(repeated: number, frames: number, imagesPerSecond: number, fps: number): Warning {
  return warning('repeated-frames', 'notice', 'The video repeats frames; speeds are measured on the distinct images only.', {
    detail:
      `${repeated} of ${frames} frames repeat the image before them: ${imagesPerSecond.toFixed(1)} distinct images per second ` +
      `in a ${fps.toFixed(2)} fps file; their poses are their originals' and speeds are measured on the distinct images`,
  });
}
