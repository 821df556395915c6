import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet } from 'react-router-dom';
import { loadLaterMessages } from '../../i18n/i18n';
import { FullPageLoader } from '../full-page-loader';

const loaders = new Set<() => Promise<unknown>>();

/**
 * What the first load leaves out, fetched with the first screen: the other Mantine styles
 * (src/styles/mantine-first.css) and the screens' namespaces in the language shown.
 */
const laterStyles = () => import('../../styles/mantine-later.css');

/**
 * A screen whose code loads when it is first shown (issue 16): /login does not download the
 * features' screens, each screen downloads its own. `name` is the module's export, so a module
 * keeps its named exports. Once its code is here, it renders at once (React.lazy reads an already
 * settled thenable synchronously).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take any props; the caller's JSX checks them
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  let loaded: M[K] | undefined;
  const loadOnce = () =>
    Promise.all([load(), laterStyles(), loadLaterMessages()]).then(([module]) => {
      loaded = module[name];
      return module;
    });
  loaders.add(loadOnce);
  return lazy<M[K]>(() => {
    if (!loaded) return loadOnce().then((module) => ({ default: module[name] }));
    const component = loaded;
    // Settled as it is asked: React.lazy renders it without suspending.
    const settled = { then: (resolve: (value: { default: M[K] }) => void) => resolve({ default: component }) };
    return settled as unknown as Promise<{ default: M[K] }>;
  }) as unknown as M[K];
}

/** Downloads every lazy screen declared so far: tests render them as if they had been visited. */
export async function preloadPages(): Promise<void> {
  await Promise.all([...loaders].map((load) => load()));
}

/**
 * The pages of a layout, with a loader while a screen's code arrives on its first visit. Route
 * changes are transitions: once a page shows, the next one's download keeps it on screen instead of
 * the loader.
 */
export function PageOutlet() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}
