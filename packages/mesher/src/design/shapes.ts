// Short builders for design-language nodes, so the library's designs read like sketches.

import type { Axis, DesignNode, Primitive, Vec2, Vec3 } from './program';

export const box = (x: number, y: number, z: number, w: number, d: number, h: number): Primitive => ({
  type: 'box',
  at: [x, y, z],
  size: [w, d, h],
});
export const cyl = (cx: number, cy: number, z: number, radius: number, height: number): Primitive => ({
  type: 'cylinder',
  at: [cx, cy, z],
  radius,
  height,
});
export const cone = (
  cx: number,
  cy: number,
  z: number,
  radius: number,
  top: number,
  height: number,
): Primitive => ({
  type: 'cone',
  at: [cx, cy, z],
  radius,
  top,
  height,
});
export const ball = (cx: number, cy: number, cz: number, radius: number): Primitive => ({
  type: 'sphere',
  at: [cx, cy, cz],
  radius,
});
export const ring = (cx: number, cy: number, cz: number, radius: number, tube: number): Primitive => ({
  type: 'torus',
  at: [cx, cy, cz],
  radius,
  tube,
});
export const prism = (x: number, y: number, z: number, w: number, d: number, h: number): Primitive => ({
  type: 'prism',
  at: [x, y, z],
  size: [w, d, h],
});
export const extrude = (x: number, y: number, z: number, outline: Vec2[], height: number): Primitive => ({
  type: 'extrude',
  at: [x, y, z],
  outline,
  height,
});
export const revolve = (cx: number, cy: number, z: number, profile: Vec2[]): Primitive => ({
  type: 'revolve',
  at: [cx, cy, z],
  profile,
});
export const union = (...children: DesignNode[]): DesignNode =>
  children.length === 1 ? children[0]! : { type: 'union', children };
export const subtract = (from: DesignNode, ...remove: DesignNode[]): DesignNode => ({
  type: 'subtract',
  from,
  remove,
});
export const repeat = (count: number, step: Vec3, child: DesignNode): DesignNode => ({
  type: 'repeat',
  count,
  step,
  child,
});
export const around = (count: number, centre: Vec2, child: DesignNode): DesignNode => ({
  type: 'around',
  count,
  centre,
  child,
});
export const mirror = (axis: Axis, at: number, child: DesignNode): DesignNode => ({
  type: 'mirror',
  axis,
  at,
  child,
});
export const move = (translate: Vec3, child: DesignNode): DesignNode => ({
  type: 'place',
  transform: { translate },
  child,
});
export const turn = (rotate: Vec3, translate: Vec3, child: DesignNode): DesignNode => ({
  type: 'place',
  transform: { rotate, translate },
  child,
});
