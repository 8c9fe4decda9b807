/** Catches a crash in a screen, reports it with a reference, and offers a way back. */
import { Component, type ReactNode } from 'react';
import { StyleSheet, View } from 'react-native';
import type { ErrorReport } from '../client/report-error';
import { Button, space, Text } from '../design';
import type { Translate } from '../i18n';

interface State {
  error: Error | null;
  reference: string | null;
}

interface Props {
  children: ReactNode;
  t: Translate;
  /** Reports the crash, with the reference the person sees. */
  onCrash: (report: ErrorReport) => void;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, reference: null };

  static getDerivedStateFromError(error: Error): State {
    return { error, reference: Math.random().toString(36).slice(2, 10) };
  }

  override componentDidCatch(error: Error) {
    this.props.onCrash({
      kind: 'crash',
      message: error.message,
      stack: error.stack,
      correlation_id: this.state.reference,
    });
  }

  override render() {
    const { t } = this.props;
    if (!this.state.error) return this.props.children;
    return (
      <View role="alert" style={styles.box}>
        <Text variant="h2">{t('error.title')}</Text>
        <Text>{t('error.body')}</Text>
        <Text variant="caption" tone="muted">
          {t('error.reference', { id: this.state.reference ?? '' })}
        </Text>
        <Button label={t('common.retry')} onPress={() => this.setState({ error: null, reference: null })} />
      </View>
    );
  }
}

const styles = StyleSheet.create({ box: { padding: space.xl, gap: space.md, alignItems: 'flex-start' } });
