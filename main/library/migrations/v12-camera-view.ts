/**
 * The migration that stores each stroke's camera view (issue 26): `strokes.camera_view`
 * ('side', 'front', 'behind', 'oblique'; main/analysis/technique/camera-view.ts) and
 * `strokes.camera_heading_deg` (the body's heading against the camera axis around contact, 0–180°:
 * 0 = chest to the camera, 180 = back to it). Strokes stored before keep NULL in both: the view
 * is unknown (never guessed afterwards), and the session view shows "camera view unknown".
 * Version 12 of the library (index.ts).
 */
import type Database from 'better-sqlite3';

/** v12: adds the nullable camera-view columns to `strokes` (inside the migration's transaction). */
export function migrateCameraView(db: Database.Database): void {
  db.exec(`
    ALTER TABLE strokes ADD COLUMN camera_view TEXT CHECK (camera_view IS NULL OR camera_view IN ('side', 'front', 'behind', 'oblique'));
    ALTER TABLE strokes ADD COLUMN camera_heading_deg REAL CHECK (camera_heading_deg IS NULL OR (camera_heading_deg >= 0 AND camera_heading_deg <= 180));
  `);
}
