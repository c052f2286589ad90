import { describe, expect, it } from 'vitest';
import { documentTitle } from './documentTitle';
import { routeTitle } from './routeTitle';

describe('page titles (spec part 1 §2: "{page} - {product}", with a default)', () => {
  it.each<[string, string, string]>([
    ['/', 'Home - Integration Console', 'spec part 1 §2 Signed-in routes'],
    ['/profile', 'Profile - Integration Console', 'spec part 1 §2 Signed-in routes'],
    ['/login', 'Sign in - Integration Console', 'spec part 1 §2 Public routes'],
    ['/request-password', 'Forgot password - Integration Console', 'spec part 1 §2 Public routes'],
    ['/reset-password', 'Reset password - Integration Console', 'spec part 1 §2 Public routes'],
    ['/confirm-email', 'Confirm your new e-mail address - Integration Console', 'issue 29 point 2'],
    ['/connectionbuilder', 'Connection Builder - Integration Console', 'spec part 1 §2 Module routes'],
    ['/connectionbuilder/', 'Connection Builder - Integration Console', 'trailing slash'],
    ['/flowbuilder/1234', 'Flow Builder - Integration Console', 'part 2 §2: sub-screens keep the module'],
    ['/insightKPI', 'Insight KPI - Integration Console', 'spec part 1 §2 clientModules'],
    ['/nowhere', 'Integration Console', 'spec part 1 §2: default title when a route has none'],
  ])('%s → %s (%s)', (path, title) => {
    expect(documentTitle(routeTitle(path))).toBe(title);
  });
});
