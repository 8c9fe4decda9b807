/**
 * A small bar chart of one figure a day (react-native-svg, so it draws on iOS, Android and the
 * web), with its axis labels: the highest value and zero on the left, the first and last day
 * below. The drawing is hidden from assistive technology; a sentence sums it up and a
 * "show the figures" toggle lists every day's value as text.
 */
import { useState } from 'react';
import { type LayoutChangeEvent, StyleSheet, View } from 'react-native';
import Svg, { Line, Rect, Text as SvgText } from 'react-native-svg';
import { Button, colors, space, Text } from '../../design';
import { useI18n } from '../../i18n';

export interface DailyPoint {
  day: string;
  value: number;
}

const HEIGHT = 120;
const LEFT = 32;
const BOTTOM = 20;
const TOP = 8;

/** "27 Nov" from "2026-11-27", in the reader's language (UTC: the series is in UTC days). */
export function useDayLabel(): (day: string) => string {
  const { locale } = useI18n();
  return (day) =>
    new Date(`${day}T00:00:00Z`).toLocaleDateString(locale, {
      day: 'numeric',
      month: 'short',
      timeZone: 'UTC',
    });
}

export function DailyChart({
  title,
  points,
  testID,
}: {
  title: string;
  points: DailyPoint[];
  testID?: string;
}) {
  const { t, formatNumber } = useI18n();
  const dayLabel = useDayLabel();
  const [width, setWidth] = useState(300);
  const [open, setOpen] = useState(false);
  const max = Math.max(0, ...points.map((p) => p.value));
  const total = points.reduce((sum, p) => sum + p.value, 0);
  const peak = points.find((p) => p.value === max && max > 0);
  const plotWidth = Math.max(40, width - LEFT - 4);
  const plotHeight = HEIGHT - TOP - BOTTOM;
  const slot = points.length > 0 ? plotWidth / points.length : plotWidth;
  const barWidth = Math.max(1, Math.min(24, slot * 0.7));
  const scale = max > 0 ? plotHeight / max : 0;
  const first = points[0];
  const last = points[points.length - 1];

  const summary =
    points.length === 0
      ? t('founder.chart.empty')
      : peak
        ? t('founder.chart.summary', {
            total: formatNumber(total),
            count: points.length,
            peak: formatNumber(max),
            day: dayLabel(peak.day),
          })
        : t('founder.chart.summaryZero', { count: points.length });

  return (
    <View style={styles.chart} testID={testID}>
      <Text variant="label">{title}</Text>
      <View
        onLayout={(e: LayoutChangeEvent) => setWidth(Math.round(e.nativeEvent.layout.width))}
        aria-hidden
        accessibilityElementsHidden
        importantForAccessibility="no-hide-descendants"
      >
        <Svg width={width} height={HEIGHT}>
          <Line x1={LEFT} y1={TOP} x2={LEFT} y2={TOP + plotHeight} stroke={colors.line} strokeWidth={1} />
          <Line
            x1={LEFT}
            y1={TOP + plotHeight}
            x2={LEFT + plotWidth}
            y2={TOP + plotHeight}
            stroke={colors.inkMuted}
            strokeWidth={1}
          />
          <SvgText x={LEFT - 4} y={TOP + 8} fontSize={11} fill={colors.inkMuted} textAnchor="end">
            {formatNumber(max)}
          </SvgText>
          <SvgText x={LEFT - 4} y={TOP + plotHeight} fontSize={11} fill={colors.inkMuted} textAnchor="end">
            0
          </SvgText>
          {points.map((p, i) => {
            const h = p.value * scale;
            return (
              <Rect
                key={p.day}
                x={LEFT + i * slot + (slot - barWidth) / 2}
                y={TOP + plotHeight - h}
                width={barWidth}
                height={h}
                fill={colors.brand}
              />
            );
          })}
          {first ? (
            <SvgText x={LEFT} y={HEIGHT - 4} fontSize={11} fill={colors.inkMuted} textAnchor="start">
              {dayLabel(first.day)}
            </SvgText>
          ) : null}
          {last && last !== first ? (
            <SvgText
              x={LEFT + plotWidth}
              y={HEIGHT - 4}
              fontSize={11}
              fill={colors.inkMuted}
              textAnchor="end"
            >
              {dayLabel(last.day)}
            </SvgText>
          ) : null}
        </Svg>
      </View>
      <Text variant="caption" tone="muted">
        {summary}
      </Text>
      {points.length > 0 ? (
        <Button
          label={open ? t('founder.chart.hideFigures') : t('founder.chart.showFigures')}
          hint={title}
          kind="ghost"
          size="sm"
          onPress={() => setOpen((v) => !v)}
        />
      ) : null}
      {open ? (
        <View role="list" aria-label={title} style={styles.rows}>
          {points.map((p) => (
            <View key={p.day} role="listitem" style={styles.row}>
              <Text variant="caption">{dayLabel(p.day)}</Text>
              <Text variant="caption" weight="medium">
                {formatNumber(p.value)}
              </Text>
            </View>
          ))}
        </View>
      ) : null}
    </View>
  );
}

const styles = StyleSheet.create({
  chart: { gap: space.xs, minWidth: 0 },
  rows: { gap: 2 },
  row: {
    flexDirection: 'row',
    justifyContent: 'space-between',
    borderBottomWidth: 1,
    borderBottomColor: colors.line,
    paddingVertical: 2,
  },
});
