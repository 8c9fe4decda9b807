/**
 * The interactive 3D view of a block kit on the web, drawn with three.js: one instanced mesh per
 * block colour, soft light and a shadow on the ground. Drag (or one finger) turns it, Ctrl + wheel
 * or a pinch zooms (a plain wheel scrolls the page), and the arrow keys and +/− do the same for keyboard users. It draws only when
 * something moved. Loaded on demand (React.lazy) so three.js stays out of the first-load bundle.
 */

import type { KitBlock } from '@kitwright/mesher';
import { useEffect, useRef } from 'react';
import { Pressable, StyleSheet, View } from 'react-native';
import {
  BoxGeometry,
  CircleGeometry,
  Color,
  DirectionalLight,
  HemisphereLight,
  InstancedMesh,
  Matrix4,
  Mesh,
  MeshStandardMaterial,
  PCFShadowMap,
  PerspectiveCamera,
  Quaternion,
  Scene,
  ShadowMaterial,
  Spherical,
  Vector3,
  WebGLRenderer,
} from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import { colors, radius, space, Text } from '../../design';
import { focusRing, isFocused } from '../../design/theme';
import type { KitViewerModule, KitViewerProps } from './kit-viewer.types';
import { paletteHex } from './palette';

/** The gap between neighbouring blocks, in cells, so each block reads as a block. */
const GAP = 0.06;
const KEY_TURN = Math.PI / 12;

interface ViewerHandle {
  reset(): void;
  showUpTo(step: number | null): void;
}

const KitViewer = function KitViewer({ kit, label, resetLabel, uptoStep, onError, onReady }: KitViewerProps) {
  const host = useRef<View>(null);
  const handle = useRef<ViewerHandle | null>(null);
  const callbacks = useRef({ onError, onReady });
  callbacks.current = { onError, onReady };
  const step = useRef(uptoStep);
  step.current = uptoStep;

  useEffect(() => {
    const element = host.current as unknown as HTMLElement | null;
    if (!element) return;
    let renderer: WebGLRenderer;
    try {
      renderer = new WebGLRenderer({ antialias: true, alpha: true, powerPreference: 'low-power' });
    } catch {
      callbacks.current.onError();
      return;
    }
    renderer.setPixelRatio(Math.min(window.devicePixelRatio || 1, 2));
    renderer.shadowMap.enabled = true;
    renderer.shadowMap.type = PCFShadowMap;
    const canvas = renderer.domElement;
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', label);
    canvas.setAttribute('data-testid', 'kit-viewer-canvas');
    canvas.tabIndex = 0;
    Object.assign(canvas.style, { display: 'block', width: '100%', height: '100%', outline: 'none' });
    element.appendChild(canvas);

    // Kit cells to scene units: x stays x, layers go up (y), and kit y runs away from the viewer (−z).
    const layerHeight = kit.units.layerHeightMm / kit.units.pitchMm;
    let maxX = 1;
    let maxY = 1;
    let maxLayer = 1;
    for (const b of kit.blocks) {
      maxX = Math.max(maxX, b.x + b.size.x);
      maxY = Math.max(maxY, b.y + b.size.y);
      maxLayer = Math.max(maxLayer, b.layer + 1);
    }
    const height = maxLayer * layerHeight;
    const stepOf = new Map<number, number>();
    for (const s of kit.steps) for (const id of s.blockIds) stepOf.set(id, s.step);
    const stepOfBlock = (b: KitBlock) => stepOf.get(b.id) ?? b.layer + 1;

    const scene = new Scene();
    const geometry = new BoxGeometry(1, 1, 1);
    const groups = new Map<string, KitBlock[]>();
    for (const b of kit.blocks) groups.set(b.colour, [...(groups.get(b.colour) ?? []), b]);
    const meshes: { mesh: InstancedMesh; steps: number[]; material: MeshStandardMaterial }[] = [];
    const matrix = new Matrix4();
    const rotation = new Quaternion();
    const position = new Vector3();
    const scale = new Vector3();
    for (const [colour, blocks] of groups) {
      blocks.sort((a, b) => stepOfBlock(a) - stepOfBlock(b));
      const material = new MeshStandardMaterial({
        color: new Color(paletteHex(colour) ?? paletteHex('light-grey')),
        roughness: 0.6,
        metalness: 0,
      });
      const mesh = new InstancedMesh(geometry, material, blocks.length);
      blocks.forEach((b, i) => {
        position.set(
          b.x + b.size.x / 2 - maxX / 2,
          (b.layer + 0.5) * layerHeight,
          maxY / 2 - (b.y + b.size.y / 2),
        );
        scale.set(b.size.x - GAP, layerHeight - GAP, b.size.y - GAP);
        matrix.compose(position, rotation, scale);
        mesh.setMatrixAt(i, matrix);
      });
      mesh.castShadow = true;
      mesh.receiveShadow = true;
      scene.add(mesh);
      meshes.push({ mesh, steps: blocks.map(stepOfBlock), material });
    }

    const radiusOfKit = 0.5 * Math.hypot(maxX, height, maxY);
    const ground = new Mesh(
      new CircleGeometry(radiusOfKit * 2.2, 64),
      new ShadowMaterial({ color: 0x1d2a33, opacity: 0.18 }),
    );
    ground.rotation.x = -Math.PI / 2;
    ground.receiveShadow = true;
    scene.add(ground);

    scene.add(new HemisphereLight(0xffffff, 0x8f8576, 1.5));
    const sun = new DirectionalLight(0xffffff, 3);
    sun.position.set(radiusOfKit * 1.2, radiusOfKit * 3, radiusOfKit * 1.6);
    sun.castShadow = true;
    sun.shadow.mapSize.set(1024, 1024);
    const reach = radiusOfKit * 1.6;
    Object.assign(sun.shadow.camera, {
      left: -reach,
      right: reach,
      top: reach,
      bottom: -reach,
      far: radiusOfKit * 8,
    });
    sun.shadow.camera.updateProjectionMatrix();
    scene.add(sun);

    const camera = new PerspectiveCamera(35, 1, 0.1, radiusOfKit * 40);
    const target = new Vector3(0, height / 2, 0);
    const distance = (radiusOfKit / Math.sin(((35 / 2) * Math.PI) / 180)) * 1.05;
    const home = new Vector3(1, 0.85, 1).normalize().multiplyScalar(distance).add(target);
    camera.position.copy(home);
    camera.lookAt(target);

    // The wheel scrolls the page, as everywhere else on it; Ctrl (or ⌘) with the wheel, and a
    // trackpad pinch (which browsers send as a wheel with ctrlKey), zoom. Registered before the
    // controls, in the capture phase, so a plain wheel never reaches them.
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey && !event.metaKey) event.stopImmediatePropagation();
    };
    canvas.addEventListener('wheel', onWheel, { capture: true });
    const controls = new OrbitControls(camera, canvas);
    controls.target.copy(target);
    controls.enableDamping = true;
    controls.dampingFactor = 0.09;
    controls.enablePan = false;
    controls.minDistance = radiusOfKit * 0.9;
    controls.maxDistance = radiusOfKit * 6;
    controls.maxPolarAngle = Math.PI * 0.49;
    controls.update();

    let dirty = true;
    let ready = false;
    const redraw = () => {
      dirty = true;
    };
    controls.addEventListener('change', redraw);

    const showUpTo = (upto: number | null) => {
      for (const { mesh, steps } of meshes) {
        mesh.count = upto === null ? steps.length : steps.filter((s) => s <= upto).length;
      }
      redraw();
    };
    showUpTo(step.current);

    const resize = () => {
      const width = element.clientWidth;
      const heightPx = element.clientHeight;
      if (!width || !heightPx) return;
      renderer.setSize(width, heightPx, false);
      camera.aspect = width / heightPx;
      camera.updateProjectionMatrix();
      redraw();
    };
    resize();
    const observer = new ResizeObserver(resize);
    observer.observe(element);

    const onKey = (event: KeyboardEvent) => {
      const offset = camera.position.clone().sub(controls.target);
      const spherical = new Spherical().setFromVector3(offset);
      if (event.key === 'ArrowLeft') spherical.theta -= KEY_TURN;
      else if (event.key === 'ArrowRight') spherical.theta += KEY_TURN;
      else if (event.key === 'ArrowUp') spherical.phi = Math.max(0.1, spherical.phi - KEY_TURN);
      else if (event.key === 'ArrowDown')
        spherical.phi = Math.min(controls.maxPolarAngle, spherical.phi + KEY_TURN);
      else if (event.key === '+' || event.key === '=')
        spherical.radius = Math.max(controls.minDistance, spherical.radius * 0.85);
      else if (event.key === '-' || event.key === '_')
        spherical.radius = Math.min(controls.maxDistance, spherical.radius * 1.15);
      else return;
      event.preventDefault();
      offset.setFromSpherical(spherical);
      camera.position.copy(controls.target).add(offset);
      camera.lookAt(controls.target);
      redraw();
    };
    canvas.addEventListener('keydown', onKey);

    const onLost = (event: Event) => {
      event.preventDefault();
      callbacks.current.onError();
    };
    canvas.addEventListener('webglcontextlost', onLost);

    let frame = 0;
    const loop = () => {
      frame = requestAnimationFrame(loop);
      if (controls.update()) dirty = true;
      if (!dirty) return;
      dirty = false;
      renderer.render(scene, camera);
      if (!ready) {
        ready = true;
        canvas.setAttribute('data-ready', 'true');
        callbacks.current.onReady?.();
      }
    };
    loop();

    handle.current = {
      reset() {
        camera.position.copy(home);
        controls.target.copy(target);
        camera.lookAt(target);
        controls.update();
        redraw();
      },
      showUpTo,
    };

    return () => {
      handle.current = null;
      cancelAnimationFrame(frame);
      observer.disconnect();
      canvas.removeEventListener('keydown', onKey);
      canvas.removeEventListener('wheel', onWheel, { capture: true });
      canvas.removeEventListener('webglcontextlost', onLost);
      controls.dispose();
      geometry.dispose();
      for (const { material } of meshes) material.dispose();
      ground.geometry.dispose();
      (ground.material as ShadowMaterial).dispose();
      renderer.dispose();
      canvas.remove();
    };
  }, [kit, label]);

  useEffect(() => {
    handle.current?.showUpTo(uptoStep);
  }, [uptoStep]);

  return (
    <View style={styles.fill}>
      <View ref={host} style={styles.fill} />
      <View style={styles.overlay} pointerEvents="box-none">
        <Pressable
          role="button"
          accessibilityLabel={resetLabel}
          onPress={() => handle.current?.reset()}
          style={(state) => [styles.reset, isFocused(state) && focusRing]}
          testID="kit-viewer-reset"
        >
          <Text variant="label" tone="brand">
            {resetLabel}
          </Text>
        </Pressable>
      </View>
    </View>
  );
} satisfies KitViewerModule['default'];

export default KitViewer;

const styles = StyleSheet.create({
  fill: { ...StyleSheet.absoluteFill },
  overlay: { position: 'absolute', top: space.sm, right: space.sm },
  reset: {
    minHeight: 44,
    paddingHorizontal: space.md,
    justifyContent: 'center',
    borderRadius: radius.md,
    backgroundColor: colors.surface,
    borderWidth: 1,
    borderColor: colors.line,
  },
});
