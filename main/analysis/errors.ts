/**
 * Thrown by computeTechniqueResult when the pose is too thin to analyse a swing at all (too
 * few frames with the torso and hitting wrist measured, or no feature measurable). The service
 * turns it into an `error` line whose `errors` holds the message.
 */
export class InsufficientPoseError extends Error {
  override readonly name: string = 'InsufficientPoseError';
  /** Frames in which the core joints (hips, shoulders, hitting wrist) were measured. */
  readonly usableFrames: number;
  constructor(message: string, usableFrames: number) {
    super(message);
    this.usableFrames = usableFrames;
  }
}

/**
 * Thrown by analyseStrokes (stroke-analysis.ts) when the clip has strokes but none of the
 * requested swing type: the message names the types found, e.g. "no forehand drive in the clip:
 * the strokes found are 2 backhands and 1 serve". An InsufficientPoseError, so the service ends
 * with its `error` line.
 */
export class NoStrokeOfTypeError extends InsufficientPoseError {
  override readonly name: string = 'NoStrokeOfTypeError';
  /** Count of the strokes found per side (forehand, backhand, serve). */
  readonly found: Readonly<Record<string, number>>;
  constructor(message: string, usableFrames: number, found: Readonly<Record<string, number>>) {
    super(message, usableFrames);
    this.found = found;
  }
}
