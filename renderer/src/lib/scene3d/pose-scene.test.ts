import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { placeTube } from './pose-scene.js';

describe('highlighted limb tube', () => {
  it('spans its two joints: centred between them, stretched to their distance, turned from +y onto the limb', () => {
    const mesh = new THREE.Mesh(new THREE.CylinderGeometry(0.018, 0.018, 1, 10));
    placeTube(mesh, [0.1, 1.0, 0.2], [0.1, 1.0, 0.6]);
    expect(mesh.visible).toBe(true);
    expect(mesh.position.toArray().map((v) => Number(v.toFixed(6)))).toEqual([0.1, 1, 0.4]);
    expect(mesh.scale.y).toBeCloseTo(0.4, 6);
    const axis = new THREE.Vector3(0, 1, 0).applyQuaternion(mesh.quaternion);
    expect(axis.toArray().map((v) => Number(v.toFixed(6)))).toEqual([0, 0, 1]);
    // The tube's ends (y = ±0.5 of the unit cylinder) land on the joints.
    mesh.updateMatrixWorld();
    const end = new THREE.Vector3(0, 0.5, 0).applyMatrix4(mesh.matrixWorld);
    expect(end.toArray().map((v) => Number(v.toFixed(6)))).toEqual([0.1, 1, 0.6]);
  });

  it('is hidden when a joint is not measured or both coincide', () => {
    const mesh = new THREE.Mesh();
    placeTube(mesh, [0, 0, 0], [NaN, 1, 0]);
    expect(mesh.visible).toBe(false);
    placeTube(mesh, [0, 1, 0], [0, 1, 0]);
    expect(mesh.visible).toBe(false);
  });
});
