/**
 * The gallery's search box, filters and sort. Changes go straight to the URL (the page reads its
 * state from there); on phones the filters fold away behind one button.
 */
import type { GallerySort, ListingCategory } from '@kitwright/contracts';
import { LISTING_CATEGORIES } from '@kitwright/contracts/constants';
import { useEffect, useState } from 'react';
import { StyleSheet, View } from 'react-native';
import { Button, Checkbox, ChoiceGroup, colors, Input, radius, space, Text, useLayout } from '../../design';
import { useI18n, useT } from '../../i18n';
import { activeFilterCount, effectiveSort, type GalleryParams, SIZES, type SizeBand } from './gallery-params';
import { CATEGORY_KEYS, SORT_KEYS } from './labels';

/** The search landmark (react-native-web passes the ARIA role through; React Native's types do not list it). */
const SEARCH_LANDMARK = { role: 'search' } as object;

type Patch = Partial<
  Record<'q' | 'category' | 'sort' | 'size' | 'designer' | 'reserved', string | undefined>
>;

export function GallerySearch({
  params,
  onChange,
}: {
  params: GalleryParams;
  onChange: (patch: Patch) => void;
}) {
  const t = useT();
  const [text, setText] = useState(params.q);
  // The URL is the truth: follow it when it changes from elsewhere (back button, a link).
  useEffect(() => setText(params.q), [params.q]);
  const submit = () => {
    const q = text.trim();
    onChange({
      q: q || undefined,
      sort: !q && params.sort === 'relevance' ? undefined : (params.sort ?? undefined),
    });
  };
  return (
    <View {...SEARCH_LANDMARK} style={styles.search}>
      <View style={styles.searchField}>
        <Input
          label={t('gallery.searchLabel')}
          value={text}
          onChangeText={setText}
          onSubmitEditing={submit}
          placeholder={t('gallery.searchPlaceholder')}
          returnKeyType="search"
          inputMode="search"
          autoCapitalize="none"
          autoCorrect={false}
          testID="gallery-search"
        />
      </View>
      <View style={styles.searchButtons}>
        <Button label={t('gallery.searchButton')} onPress={submit} testID="gallery-search-submit" />
        {params.q ? (
          <Button
            label={t('gallery.clearSearch')}
            kind="ghost"
            onPress={() => {
              setText('');
              onChange({
                q: undefined,
                sort: params.sort === 'relevance' ? undefined : (params.sort ?? undefined),
              });
            }}
          />
        ) : null}
      </View>
    </View>
  );
}

export function GalleryFiltersPanel({
  params,
  onChange,
}: {
  params: GalleryParams;
  onChange: (patch: Patch) => void;
}) {
  const { t } = useI18n();
  const { layout } = useLayout();
  const [open, setOpen] = useState(false);
  const active = activeFilterCount(params);
  const folded = layout === 'phone' && !open;

  const sorts: GallerySort[] = [
    ...(params.q.trim() ? (['relevance'] as const) : []),
    'newest',
    'most_reserved',
    'most_viewed',
    'most_saved',
    'fewest_parts',
  ];
  const categories: Array<{ value: ListingCategory | 'all'; label: string }> = [
    { value: 'all', label: t('gallery.allCategories') },
    ...LISTING_CATEGORIES.map((c) => ({ value: c, label: t(CATEGORY_KEYS[c]) })),
  ];
  const sizes: Array<{ value: SizeBand | 'any'; label: string }> = [
    { value: 'any', label: t('gallery.size.any') },
    ...SIZES.map((s) => ({ value: s, label: t(`gallery.size.${s}`) })),
  ];

  return (
    <View style={styles.panel}>
      {layout === 'phone' ? (
        <Button
          label={
            open
              ? t('gallery.hideFilters')
              : active
                ? t('gallery.showFiltersCount', { count: active })
                : t('gallery.showFilters')
          }
          kind="secondary"
          onPress={() => setOpen((o) => !o)}
          testID="gallery-filters-toggle"
        />
      ) : null}
      {folded ? null : (
        <View style={styles.groups} testID="gallery-filters">
          <ChoiceGroup
            label={t('gallery.sortLabel')}
            look="pills"
            choices={sorts.map((s) => ({ value: s, label: t(SORT_KEYS[s]) }))}
            value={effectiveSort(params)}
            onChange={(sort) => onChange({ sort })}
            testID="gallery-sort"
          />
          <ChoiceGroup
            label={t('gallery.categoryLabel')}
            look="pills"
            choices={categories}
            value={params.category ?? 'all'}
            onChange={(c) => onChange({ category: c === 'all' ? undefined : c })}
            testID="gallery-category"
          />
          <ChoiceGroup
            label={t('gallery.sizeLabel')}
            look="pills"
            choices={sizes}
            value={params.size ?? 'any'}
            onChange={(s) => onChange({ size: s === 'any' ? undefined : s })}
            testID="gallery-size"
          />
          <Checkbox
            label={t('gallery.reservedOnly')}
            checked={params.reserved}
            onChange={(on) => onChange({ reserved: on ? '1' : undefined })}
            testID="gallery-reserved"
          />
          {params.designer ? (
            <View style={styles.chip}>
              <Text variant="label">{t('gallery.designerFilter', { name: params.designer })}</Text>
              <Button
                label={t('gallery.removeDesigner')}
                kind="ghost"
                onPress={() => onChange({ designer: undefined })}
              />
            </View>
          ) : null}
        </View>
      )}
    </View>
  );
}

const styles = StyleSheet.create({
  search: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'flex-end', gap: space.sm },
  searchField: { flexGrow: 1, flexBasis: 260 },
  searchButtons: { flexDirection: 'row', gap: space.sm },
  panel: { gap: space.md },
  groups: {
    gap: space.lg,
    padding: space.lg,
    backgroundColor: colors.surface,
    borderRadius: radius.lg,
    borderWidth: 1,
    borderColor: colors.line,
  },
  chip: { flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: space.sm },
});
