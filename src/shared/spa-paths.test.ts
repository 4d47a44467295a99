import { describe, expect, it } from 'vitest';
import { isSpaPath, SPA_PATHS } from './spa-paths';

describe('the SPA pages the server knows', () => {
  it('takes ids and a trailing slash, not extra or missing segments', () => {
    expect(isSpaPath('/dashboard/immobilien/7')).toBe(true);
    expect(isSpaPath('/Dashboard/Belege/')).toBe(true);
    expect(isSpaPath('/testzahlung/cs_1')).toBe(true);
    expect(isSpaPath('/testzahlung')).toBe(false);
    expect(isSpaPath('/dashboard/immobilien/7/mehr')).toBe(false);
    expect(isSpaPath('/')).toBe(false);
  });

  it('lists exactly the routes of the client router', async () => {
    const { routes } = await import('../client/router');
    type Route = { path?: string; children?: Route[] };
    const paths: string[] = [];
    const walk = (list: Route[], prefix: string) => {
      for (const route of list) {
        const here = route.path ? (prefix ? `${prefix}/${route.path}` : route.path) : prefix;
        if (route.path && route.path !== '*') paths.push(here);
        if (route.children) walk(route.children, here);
      }
    };
    walk(routes as Route[], '');
    expect([...paths].sort()).toEqual([...SPA_PATHS].sort());
  });
});
