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
