/**
 * The Human3.6M 17-joint skeleton ("H36M" annotation_format), in the order used by
 * VideoPose3D / MotionBERT and by API.md's pose data.
 * Source: Ionescu et al., "Human3.6M", TPAMI 2014; joint order as in facebookresearch/VideoPose3D.
 */

/** H36M-17 joint names, index = joint id. */
export const H36M_JOINTS = [
  'pelvis', // 0
  'right_hip', // 1
  'right_knee', // 2
  'right_ankle', // 3
  'left_hip', // 4
  'left_knee', // 5
  'left_ankle', // 6
  'spine', // 7
  'thorax', // 8
  'neck_nose', // 9
  'head', // 10
  'left_shoulder', // 11
  'left_elbow', // 12
  'left_wrist', // 13
  'right_shoulder', // 14
  'right_elbow', // 15
  'right_wrist', // 16
] as const;

/** Number of joints in H36M-17. */
export const H36M_JOINT_COUNT = 17;

/** Joint ids by name. */
export const J = {
  pelvis: 0,
  rightHip: 1,
  rightKnee: 2,
  rightAnkle: 3,
  leftHip: 4,
  leftKnee: 5,
  leftAnkle: 6,
  spine: 7,
  thorax: 8,
  neckNose: 9,
  head: 10,
  leftShoulder: 11,
  leftElbow: 12,
  leftWrist: 13,
  rightShoulder: 14,
  rightElbow: 15,
  rightWrist: 16,
} as const;

/**
 * The joint a joint becomes in the mirror image of the body (left ↔ right; the midline joints
 * stay): index = joint id. A mirrored left-hander is a right-hander, hitting arm on the right.
 */
export const H36M_MIRROR: readonly number[] = [0, 4, 5, 6, 1, 2, 3, 7, 8, 9, 10, 14, 15, 16, 11, 12, 13];

/** Bones of the skeleton as [parent, child] joint pairs, named as the limbs in `highlight_limbs`. */
export const H36M_LIMBS: Readonly<Record<string, readonly [number, number]>> = {
  right_hip: [0, 1],
  right_thigh: [1, 2],
  right_shin: [2, 3],
  left_hip: [0, 4],
  left_thigh: [4, 5],
  left_shin: [5, 6],
  lower_spine: [0, 7],
  upper_spine: [7, 8],
  neck: [8, 9],
  head: [9, 10],
  left_clavicle: [8, 11],
  left_upper_arm: [11, 12],
  left_forearm: [12, 13],
  right_clavicle: [8, 14],
  right_upper_arm: [14, 15],
  right_forearm: [15, 16],
};

/** Joints of the dominant side: shoulder, elbow, wrist, hip, knee, ankle. */
export function sideJoints(hand: 'left' | 'right') {
  return hand === 'right'
    ? { shoulder: 14, elbow: 15, wrist: 16, hip: 1, knee: 2, ankle: 3 }
    : { shoulder: 11, elbow: 12, wrist: 13, hip: 4, knee: 5, ankle: 6 };
}
