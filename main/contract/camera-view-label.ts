/**
 * The words a coach reads for a stroke's camera view (main/analysis/technique/camera-view.ts):
 * shown in the session view's stroke strip, the CLI summary and the stroke's title text.
 */
import type { CameraView, CameraViewName } from './technique-schema.js';

/** "filmed from behind", "filmed from the side", …; "camera view unknown" for null (a stroke stored before views were estimated, or none estimated). */
export function viewLabel(v: CameraViewName | null | undefined): string {
  switch (v) {
    case 'front':
      return 'filmed from the front';
    case 'behind':
      return 'filmed from behind';
    case 'side':
      return 'filmed from the side';
    case 'oblique':
      return 'filmed at an angle';
    default:
      return 'camera view unknown';
  }
}

/** The label with the heading, e.g. "filmed from behind (heading 168°)"; the label alone when unknown. */
export function viewLabelWithHeading(v: CameraView | null | undefined): string {
  return v ? `${viewLabel(v.view)} (heading ${Math.round(v.heading_deg)}°)` : viewLabel(null);
}
