/**
 * Files the user chose in this session (native open dialog in Electron, upload in the browser
 * bridge). Main reads a renderer-given path (video check, analysis job, media preview) only
 * when it is one of these or lies in the library folder: the renderer cannot name arbitrary
 * files. The registry lives in memory and ends with the process.
 */
import { randomUUID } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import { basename } from 'node:path';

/** One picked file. */
export interface PickedFile {
  /** Opaque id for the media route (`/picked/<id>`). */
  id: string;
  /** The path as picked (what the renderer sends back). */
  path: string;
  /** Real path (symlinks resolved) at the time it was picked. */
  realPath: string;
  name: string;
  /** Size, bytes, when picked. */
  sizeBytes: number;
}

/** The session's registry of picked files. */
export class PickedFiles {
  private readonly byPath = new Map<string, PickedFile>();
  private readonly byIdMap = new Map<string, PickedFile>();

  /**
   * Records a file the user picked. Returns the existing entry when picked before.
   * @throws Error (ENOENT, EACCES) when it cannot be read; Error when it is not a regular file.
   */
  async add(path: string): Promise<PickedFile> {
    const known = this.byPath.get(path);
    if (known) return known;
    const realPath = await realpath(path);
    const st = await stat(realPath);
    if (!st.isFile()) throw new Error(`${basename(path)} is not a regular file`);
    const entry: PickedFile = { id: randomUUID(), path, realPath, name: basename(path), sizeBytes: st.size };
    this.byPath.set(path, entry);
    this.byPath.set(realPath, entry);
    this.byIdMap.set(entry.id, entry);
    return entry;
  }

  /** The entry of a path the renderer sent back, or undefined when it was never picked. */
  get(path: string): PickedFile | undefined {
    return this.byPath.get(path);
  }

  /** The entry of a media-route id. */
  byId(id: string): PickedFile | undefined {
    return this.byIdMap.get(id);
  }
}
