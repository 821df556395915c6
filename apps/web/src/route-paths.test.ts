import { matchRoutes } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { pathTo, ROUTES, type RouteName } from './route-paths';
import { routes } from './routes';

/** A concrete path for a route pattern: every `:param` filled with a sample value. */
const sample = (pattern: string) => pattern.replace(/:(\w+)/g, (_, name: string) => (name === 'patientId' ? '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e' : `sample-${name}`));

describe('named routes', () => {
  const names = Object.keys(ROUTES) as RouteName[];

  it.each(names.filter((name) => name !== 'notFound'))('%s lands on a screen of the route table', (name) => {
    const matches = matchRoutes(routes, sample(ROUTES[name])) ?? [];
    const leaf = matches.at(-1)?.route;
    expect(leaf, ROUTES[name]).toBeDefined();
    expect(leaf?.path, `${name} falls through to the catch-all`).not.toBe('*');
  });

  it('notFound lands on the catch-all', () => {
    expect(matchRoutes(routes, ROUTES.notFound)?.at(-1)?.route.path).toBe('*');
  });

  it('fills and encodes parameters', () => {
    expect(pathTo('patientProfile', { patientId: 'abc' })).toBe('/patients/abc');
    expect(pathTo('userView', { username: 'a b' })).toBe('/dashboard/user-management/users/a%20b');
    expect(pathTo('home')).toBe('/');
  });
});
