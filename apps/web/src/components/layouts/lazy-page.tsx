import { isValidElement, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { loadLaterMessages } from '../../i18n/i18n';
import type { LaterNamespace } from '../../i18n/resources';
import type { Language } from '../../i18n/language';
import { FullPageLoader } from '../full-page-loader';

const loaders = new Set<() => Promise<unknown>>();

/**
 * What the first load leaves out, fetched with the first screen: the other Mantine styles
 * (src/styles/mantine-first.css) and, in the language shown, the namespace of the shell and the
 * homes. A screen's own namespaces come with it (`namespaces`), or when it first asks for them.
 */
const laterStyles = () => import('../../styles/mantine-later.css');

/** What lazyPage adds to a screen: a way to start its download before it renders. */
interface Preloadable {
  /** `language`: the one the screens' strings are wanted in, before i18next has one (main.tsx). */
  preload: (language?: Language) => Promise<unknown>;
}

/**
 * A screen (or a frame of screens) whose code loads when it is first shown (issue 16): /login does
 * not download the features' screens, each screen downloads its own. `name` is the module's export,
 * so a module keeps its named exports. Once its code is here, it renders at once (React.lazy reads
 * an already settled thenable synchronously). `namespaces`: the strings it shows beyond 'screens',
 * fetched beside its code rather than after it. `load` is given the language those strings are
 * wanted in, for a screen that brings another screen with it.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- pages take any props; the caller's JSX checks them
export function lazyPage<M extends Record<K, ComponentType<any>>, K extends keyof M & string>(
  load: (language?: Language) => Promise<M>,
  name: K,
  namespaces: readonly LaterNamespace[] = [],
): M[K] & Preloadable {
  let loaded: M[K] | undefined;
  // One download per screen, whoever asks first (the address's preload, the router, React): a
  // second Promise.all would settle later, and React would wait for that one.
  let loading: Promise<M> | null = null;
  const loadOnce = (language?: Language) =>
    (loading ??= Promise.all([load(language), laterStyles(), loadLaterMessages(language, ['screens', ...namespaces])]).then(
      ([module]) => {
        loaded = module[name];
        return module;
      },
      (error: unknown) => {
        // Offline, say: the next visit tries again.
        loading = null;
        throw error;
      },
    ));
  loaders.add(() => loadOnce());
  const component = lazy<M[K]>(() => {
    if (!loaded) return loadOnce().then((module) => ({ default: module[name] }));
    const component = loaded;
    // Settled as it is asked: React.lazy renders it without suspending.
    const settled = { then: (resolve: (value: { default: M[K] }) => void) => resolve({ default: component }) };
    return settled as unknown as Promise<{ default: M[K] }>;
  });
  return Object.assign(component, { preload: loadOnce }) as unknown as M[K] & Preloadable;
}

function isPreloadable(type: unknown): type is Preloadable {
  return typeof type === 'object' && type !== null && typeof (type as Partial<Preloadable>).preload === 'function';
}

/**
 * Starts the download of every lazy frame and screen of an address at once. Rendered one inside
 * the other, each would only start when the one around it has arrived: on a phone, a round trip
 * each (issue 16). Settles when they are all here or have failed (React shows a failure itself).
 */
export function preloadMatches(matches: readonly { route: RouteObject }[], language?: Language): Promise<void> {
  // The screen first, then the frames around it: a screen may bring another download with it
  // (home brings the role's home), which then starts sooner.
  const loads = [...matches].reverse().flatMap(({ route }) => {
    const element: ReactNode = route.element;
    return isValidElement(element) && isPreloadable(element.type) ? [element.type.preload(language)] : [];
  });
  return Promise.allSettled(loads).then(() => undefined);
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
