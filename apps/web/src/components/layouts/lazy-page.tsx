import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet } from 'react-router-dom';
import { FullPageLoader } from '../full-page-loader';

/**
 * A screen whose code loads when it is first shown (issue 16): /login does not download the
 * features' screens, each screen downloads its own. `name` is the module's export, so a module
 * keeps its named exports.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take any props; the caller's JSX checks them
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(load: () => Promise<M>, name: K): M[K] {
  return lazy(() => load().then((module) => ({ default: module[name] }))) as unknown as M[K];
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
