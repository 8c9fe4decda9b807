/**
 * A kit's preview on the web: the isometric picture first (fast, and what stays when WebGL is
 * missing or the kit cannot be drawn), then, for a listing's kit, the interactive 3D view, whose
 * code (three.js) is fetched only now. Under the view, a stepper shows the kit growing build step
 * by build step. A draft's preview is its owner's picture alone.
 */
import { Component, lazy, type ReactNode, Suspense, useMemo, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, colors, radius, space, Text } from '../../design';
import { useI18n } from '../../i18n';
import { useKit } from '../../state/queries/kit';
import { KitPicture } from './kit-picture';
import type { KitPreviewModule, KitPreviewProps } from './kit-preview.types';

const KitViewer = lazy(() => import('./kit-viewer'));

function webglAvailable(): boolean {
  try {
    const canvas = document.createElement('canvas');
    const gl = (canvas.getContext('webgl2') ?? canvas.getContext('webgl')) as WebGLRenderingContext | null;
    if (!gl) return false;
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return true;
  } catch {
    return false;
  }
}

/** A failed download of the viewer's code (offline, a new release) falls back to the picture. */
class ViewerBoundary extends Component<{ onError: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch() {
    this.props.onError();
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export const KitPreview = function KitPreview({ pictureUrl, alt, ownerOnly, kit: kitFile }: KitPreviewProps) {
  const { t, formatNumber } = useI18n();
  const hasKit = kitFile !== undefined;
  const webgl = useMemo(() => hasKit && webglAvailable(), [hasKit]);
  const [failed, setFailed] = useState(false);
  const [ready, setReady] = useState(false);
  const [step, setStep] = useState<number | null>(null);
  const kit = useKit(kitFile && webgl && !failed ? kitFile.url : null);
  const steps = kitFile?.steps ?? 0;
  const show3d = webgl && !failed && kit.data;
  const fallbackReason = !hasKit
    ? null
    : !webgl
      ? t('kitViewer.noWebgl')
      : failed || kit.isError
        ? t('kitViewer.failed')
        : null;

  return (
    <View style={styles.wrap}>
      <View style={styles.frame} testID="kit-preview">
        <View aria-hidden={ready} style={ready ? styles.hidden : null}>
          <KitPicture pictureUrl={pictureUrl} alt={alt} ownerOnly={ownerOnly} />
        </View>
        {show3d ? (
          <View style={[styles.viewer, !ready && styles.behind]}>
            <ViewerBoundary onError={() => setFailed(true)}>
              <Suspense fallback={null}>
                <KitViewer
                  kit={kit.data}
                  label={t('kitViewer.label', { alt })}
                  resetLabel={t('kitViewer.reset')}
                  uptoStep={step}
                  fallback={{ uri: pictureUrl, alt }}
                  onError={() => {
                    setReady(false);
                    setFailed(true);
                  }}
                  onReady={() => setReady(true)}
                />
              </Suspense>
            </ViewerBoundary>
          </View>
        ) : null}
      </View>
      {fallbackReason ? (
        <Text variant="caption" tone="muted" testID="kit-preview-fallback">
          {fallbackReason}
        </Text>
      ) : null}
      {ready ? (
        <Text variant="caption" tone="muted">
          {t('kitViewer.hint')}
        </Text>
      ) : null}
      {ready && steps > 1 ? (
        <View style={styles.stepper} role="group" aria-label={t('kitViewer.stepsLabel')}>
          <Text variant="label" aria-live="polite" testID="kit-step-label">
            {step === null
              ? t('kitViewer.allSteps', { count: steps })
              : t('kitViewer.stepOf', { step: formatNumber(step), count: steps })}
          </Text>
          <View style={styles.stepButtons}>
            <Button
              label={t('kitViewer.previousStep')}
              kind="secondary"
              disabled={step === 1}
              onPress={() => setStep((s) => Math.max(1, (s ?? steps + 1) - 1))}
              testID="kit-step-previous"
            />
            <Button
              label={t('kitViewer.nextStep')}
              kind="secondary"
              disabled={step === null}
              onPress={() => setStep((s) => (s === null || s + 1 > steps ? null : s + 1))}
              testID="kit-step-next"
            />
            {step !== null ? (
              <Button label={t('kitViewer.showAll')} kind="ghost" onPress={() => setStep(null)} />
            ) : null}
          </View>
        </View>
      ) : null}
    </View>
  );
} satisfies KitPreviewModule['KitPreview'];

const styles = StyleSheet.create({
  wrap: { gap: space.sm },
  frame: {
    borderRadius: radius.lg,
    overflow: 'hidden',
    borderWidth: 1,
    borderColor: colors.line,
    backgroundColor: colors.surface,
    position: 'relative',
  },
  hidden: { opacity: 0 },
  viewer: { ...StyleSheet.absoluteFill, backgroundColor: colors.surface },
  behind: { opacity: 0 },
  stepper: { gap: space.sm },
  stepButtons: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
});
