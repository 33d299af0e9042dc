/**
 * Structural types of the few browser objects the page objects touch inside
 * `page.evaluate` callbacks. The test program compiles without the DOM lib (it would clash
 * with Node's fetch types in main/), so callbacks cast `globalThis` and elements to these.
 * Types only: nothing here exists at run time, and callbacks must not capture values from it.
 */

/** The frame metadata of requestVideoFrameCallback. */
export interface FrameMeta {
  mediaTime: number;
  presentedFrames: number;
  expectedDisplayTime: number;
}

/** The parts of an HTMLVideoElement used by the tests. */
export interface VideoLike {
  currentTime: number;
  readonly paused: boolean;
  readonly ended: boolean;
  readonly duration: number;
  readonly readyState: number;
  readonly videoWidth: number;
  readonly videoHeight: number;
  loop: boolean;
  playbackRate: number;
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: string, listener: () => void, opts?: { once: boolean }): void;
  requestVideoFrameCallback(cb: (now: number, meta: FrameMeta) => void): number;
  getBoundingClientRect(): RectLike;
}

/** A DOMRect. */
export interface RectLike {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** An element with attributes and children. */
export interface ElementLike {
  getAttribute(name: string): string | null;
  querySelectorAll(sel: string): ArrayLike<ElementLike> & Iterable<ElementLike>;
  readonly textContent: string | null;
  getBoundingClientRect(): RectLike;
}

/** A 2D canvas context (only readback). */
export interface Ctx2dLike {
  drawImage(src: unknown, x: number, y: number): void;
  getImageData(x: number, y: number, w: number, h: number): { data: ArrayLike<number> };
}

/** A canvas. */
export interface CanvasLike {
  width: number;
  height: number;
  getContext(kind: '2d'): Ctx2dLike | null;
  getBoundingClientRect(): RectLike;
}

/** What the renderer's session view last drew (renderer/src/lib/debug.ts). */
export interface SwingDebugState {
  frameIndex: number;
  mediaTime: number;
  drawnJoints: ([number, number] | null)[];
  highlighted: number[];
  scene3dObjectCount: number;
  chartPlayheadTime: number | null;
  frameIndex3d: number;
  scene3dFrame: number;
  scene3dHighlighted: number[];
  scene3dHighlightedLimbs: [number, number][];
  draws: number;
  firstSkeletonAt: number | null;
  openedAt: number;
  loopJumps: { at: number; to: number; b: number }[];
}

/** The page's globals as the callbacks use them. */
export interface BrowserGlobals {
  document: {
    querySelector(sel: string): ElementLike | null;
    querySelectorAll(sel: string): ArrayLike<ElementLike> & Iterable<ElementLike>;
    createElement(tag: 'canvas'): CanvasLike;
    body: unknown;
  };
  requestAnimationFrame(cb: () => void): number;
  MutationObserver: new (cb: () => void) => { observe(target: unknown, opts: Record<string, boolean>): void };
  performance: { now(): number };
  __swingDebug?: SwingDebugState;
  __jobStates?: string[];
  __jobTexts?: string[];
  /** Set by the session page object: resolves on the video's next 'seeked'. */
  __seeked?: Promise<boolean>;
  setTimeout(cb: () => void, ms: number): number;
}
