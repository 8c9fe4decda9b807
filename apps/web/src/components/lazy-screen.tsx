/**
 * A route whose screen is loaded only when someone opens it: on the web the screen's code (and
 * what only it imports, e.g. the charts) is a separate chunk fetched on first visit, so the first
 * load of home and gallery does not carry the staff and founder tools. Native bundles inline it.
 */
import { type ComponentType, lazy, Suspense } from 'react';
import { Loading } from '../design';
import { useT } from '../i18n';

export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Screen = lazy(load);
  function LazyScreen() {
    const t = useT();
    return (
      <Suspense fallback={<Loading label={t('admin.loading')} />}>
        <Screen />
      </Suspense>
    );
  }
  return LazyScreen;
}
