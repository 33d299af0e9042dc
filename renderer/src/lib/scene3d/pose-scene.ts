/**
 * The 3D view of a session's 3D pose (H36M, metres, y up, pelvis at the origin) as a plain
 * three.js class in the Foxglove SceneExtension manner: it owns the renderer, scene, camera
 * and orbit controls; a component only mounts it, feeds it the frame of the video clock and
 * calls `dispose()` when it goes away. Renders on demand (after a frame, a highlight, a
 * resize or a camera move), never in a free-running loop.
 */
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { H36M_LIMBS } from '../../../../main/pose/h36m.js';
import { kpIndex, type PoseTrack } from '../../../../main/pose/pose-track.js';

/** Sphere radius of a joint, metres (about a wrist's half width). */
const JOINT_RADIUS_M = 0.03;
/** Radius of a highlighted limb's tube, metres (WebGL draws lines 1 px wide whatever their width, too thin to mark a limb). */
const LIMB_HIGHLIGHT_RADIUS_M = 0.018;
const COLOURS = { joint: 0xe8eef5, highlight: 0xffb020, limb: 0x50dcff, grid: 0x556070, gridCentre: 0x8090a0 };

/** The 3D pose view. */
export class PoseScene {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera = new THREE.PerspectiveCamera(45, 1, 0.05, 100);
  readonly #controls: OrbitControls;
  readonly #container: HTMLElement;
  readonly #skeleton = new THREE.Group();
  readonly #grid: THREE.GridHelper;
  #joints: THREE.Mesh[] = [];
  #limbs: THREE.LineSegments | null = null;
  #track: PoseTrack | null = null;
  #frame = -1;
  #highlight = new Set<number>();
  /** Highlighted limbs as tubes between their joints: [from, to] H36M ids and the mesh. */
  #limbHighlights: { a: number; b: number; mesh: THREE.Mesh }[] = [];
  #pending = 0;
  readonly #jointMaterial = new THREE.MeshStandardMaterial({ color: COLOURS.joint, roughness: 0.6 });
  readonly #highlightMaterial = new THREE.MeshStandardMaterial({ color: COLOURS.highlight, emissive: 0x442200 });
  readonly #jointGeometry = new THREE.SphereGeometry(JOINT_RADIUS_M, 16, 12);
  /** A unit-height tube along +y, stretched and turned onto a limb each frame. */
  readonly #limbGeometry = new THREE.CylinderGeometry(LIMB_HIGHLIGHT_RADIUS_M, LIMB_HIGHLIGHT_RADIUS_M, 1, 10);

  /**
   * Creates the WebGL canvas inside `container` (which should have a size). The drawing buffer
   * is preserved so the view can be read back (screenshots, tests).
   * @throws Error when WebGL is not available.
   */
  constructor(container: HTMLElement, background: THREE.ColorRepresentation = 0x14181e) {
    this.#container = container;
    this.renderer = new THREE.WebGLRenderer({ antialias: true, preserveDrawingBuffer: true });
    this.renderer.setPixelRatio(window.devicePixelRatio || 1);
    this.renderer.domElement.dataset['testid'] = 'scene3d-canvas';
    container.appendChild(this.renderer.domElement);
    this.scene.background = new THREE.Color(background);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x303040, 2.2));
    const sun = new THREE.DirectionalLight(0xffffff, 1.2);
    sun.position.set(2, 4, 3);
    this.scene.add(sun);
    this.#grid = new THREE.GridHelper(6, 24, COLOURS.gridCentre, COLOURS.grid);
    this.scene.add(this.#grid, this.#skeleton);
    this.camera.position.set(2.2, 1.0, 2.6);
    this.#controls = new OrbitControls(this.camera, this.renderer.domElement);
    this.#controls.target.set(0, 0, 0);
    this.#controls.addEventListener('change', this.#requestRender);
    this.resize();
  }

  /** Sets the 3D track; builds the joint spheres and limb lines and puts the grid under the feet. */
  setTrack(track: PoseTrack | null): void {
    if (track && track.dims !== 3) throw new Error(`3D view needs a 3D track, got dims=${track.dims}`);
    this.#clearSkeleton();
    this.#track = track;
    if (!track) return this.#requestRender();
    for (let j = 0; j < track.joints; j++) {
      const mesh = new THREE.Mesh(this.#jointGeometry, this.#highlight.has(j) ? this.#highlightMaterial : this.#jointMaterial);
      mesh.visible = false;
      this.#joints.push(mesh);
      this.#skeleton.add(mesh);
    }
    const limbCount = Object.keys(H36M_LIMBS).length;
    const geometry = new THREE.BufferGeometry();
    geometry.setAttribute('position', new THREE.BufferAttribute(new Float32Array(limbCount * 2 * 3), 3));
    this.#limbs = new THREE.LineSegments(geometry, new THREE.LineBasicMaterial({ color: COLOURS.limb }));
    this.#limbs.frustumCulled = false;
    this.#skeleton.add(this.#limbs);
    this.#grid.position.y = lowestPoint(track);
    this.#frame = -1;
    this.setFrame(0);
  }

  /** Shows frame `i` (index into the track). Frames without the player hide the skeleton. */
  setFrame(i: number): void {
    const track = this.#track;
    if (!track || i === this.#frame) return;
    this.#frame = i;
    const present = i >= 0 && i < track.frames && track.present[i] === 1;
    this.#skeleton.visible = present;
    if (present) this.#placeSkeleton(track, i);
    this.#requestRender();
  }

  /** Index of the track frame on show (−1 before any; set by {@link setFrame}). */
  get frame(): number {
    return this.#frame;
  }

  /** The highlighted joints (H36M ids, ascending) and limbs ([from, to] H36M ids, as given). */
  get highlighted(): { joints: number[]; limbs: [number, number][] } {
    return { joints: [...this.#highlight].sort((x, y) => x - y), limbs: this.#limbHighlights.map(({ a, b }) => [a, b]) };
  }

  /**
   * Joints (H36M ids) drawn in the highlight colour, and limbs ([from, to] H36M ids) drawn as
   * tubes in it, as the 2D overlay does for a selected feature.
   */
  setHighlight(joints: readonly number[], limbs: readonly (readonly [number, number])[] = []): void {
    this.#highlight = new Set(joints);
    this.#joints.forEach((m, j) => (m.material = this.#highlight.has(j) ? this.#highlightMaterial : this.#jointMaterial));
    for (const l of this.#limbHighlights) this.#skeleton.remove(l.mesh);
    this.#limbHighlights = limbs.map(([a, b]) => ({ a, b, mesh: new THREE.Mesh(this.#limbGeometry, this.#highlightMaterial) }));
    for (const l of this.#limbHighlights) this.#skeleton.add(l.mesh);
    const track = this.#track;
    if (track && this.#frame >= 0 && this.#frame < track.frames) this.#placeSkeleton(track, this.#frame);
    this.#requestRender();
  }

  /** Fits the canvas to the container's current size. */
  resize(): void {
    const w = Math.max(1, this.#container.clientWidth);
    const h = Math.max(1, this.#container.clientHeight);
    this.renderer.setSize(w, h);
    this.camera.aspect = w / h;
    this.camera.updateProjectionMatrix();
    this.#requestRender();
  }

  /** Number of objects in the scene graph (lights, grid, joints, limbs), for diagnostics. */
  objectCount(): number {
    let n = 0;
    this.scene.traverse(() => n++);
    return n - 1;
  }

  /** Renders now (normally rendering is scheduled on the next animation frame). */
  renderNow(): void {
    if (this.#pending) cancelAnimationFrame(this.#pending);
    this.#pending = 0;
    this.#controls.update();
    this.renderer.render(this.scene, this.camera);
  }

  /** Frees GPU resources and removes the canvas. The instance is unusable afterwards. */
  dispose(): void {
    if (this.#pending) cancelAnimationFrame(this.#pending);
    this.#pending = 0;
    this.#controls.removeEventListener('change', this.#requestRender);
    this.#controls.dispose();
    this.#clearSkeleton();
    this.#jointGeometry.dispose();
    this.#limbGeometry.dispose();
    this.#jointMaterial.dispose();
    this.#highlightMaterial.dispose();
    this.#grid.geometry.dispose();
    (this.#grid.material as THREE.Material).dispose();
    this.renderer.dispose();
    this.renderer.domElement.remove();
  }

  #placeSkeleton(track: PoseTrack, f: number): void {
    const at = (j: number) => {
      const k = kpIndex(track, f, j);
      return [track.keypoints[k] ?? NaN, track.keypoints[k + 1] ?? NaN, track.keypoints[k + 2] ?? NaN] as const;
    };
    this.#joints.forEach((mesh, j) => {
      const [x, y, z] = at(j);
      mesh.visible = Number.isFinite(x) && Number.isFinite(y) && Number.isFinite(z);
      if (mesh.visible) mesh.position.set(x, y, z);
    });
    if (!this.#limbs) return;
    const pos = this.#limbs.geometry.getAttribute('position') as THREE.BufferAttribute;
    Object.values(H36M_LIMBS).forEach(([a, b], n) => {
      const p = at(a);
      const q = at(b);
      pos.setXYZ(2 * n, p[0] || 0, p[1] || 0, p[2] || 0);
      pos.setXYZ(2 * n + 1, q[0] || 0, q[1] || 0, q[2] || 0);
    });
    pos.needsUpdate = true;
    for (const l of this.#limbHighlights) placeTube(l.mesh, at(l.a), at(l.b));
  }

  #clearSkeleton(): void {
    for (const m of this.#joints) this.#skeleton.remove(m);
    this.#joints = [];
    if (this.#limbs) {
      this.#skeleton.remove(this.#limbs);
      this.#limbs.geometry.dispose();
      (this.#limbs.material as THREE.Material).dispose();
      this.#limbs = null;
    }
  }

  readonly #requestRender = (): void => {
    if (this.#pending) return;
    this.#pending = requestAnimationFrame(() => {
      this.#pending = 0;
      this.renderer.render(this.scene, this.camera);
    });
  };
}

const UP = new THREE.Vector3(0, 1, 0);

/** Stretches and turns the unit tube `mesh` from `p` to `q` (metres); hides it when either end is not measured. */
export function placeTube(mesh: THREE.Mesh, p: readonly number[], q: readonly number[]): void {
  const from = new THREE.Vector3(p[0], p[1], p[2]);
  const to = new THREE.Vector3(q[0], q[1], q[2]);
  const dir = to.clone().sub(from);
  const length = dir.length();
  mesh.visible = Number.isFinite(length) && length > 0;
  if (!mesh.visible) return;
  mesh.position.copy(from).add(to).multiplyScalar(0.5);
  mesh.quaternion.setFromUnitVectors(UP, dir.divideScalar(length));
  mesh.scale.set(1, length, 1);
}

/** Lowest y of any joint over the track, metres (the floor under the feet); 0 when none. */
export function lowestPoint(track: PoseTrack): number {
  let min = Infinity;
  for (let i = 1; i < track.keypoints.length; i += track.dims) {
    const y = track.keypoints[i] ?? NaN;
    if (y < min) min = y;
  }
  return Number.isFinite(min) ? min - JOINT_RADIUS_M : 0;
}
