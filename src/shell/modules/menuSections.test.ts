import { describe, expect, it } from 'vitest';
import { menuSections } from './menuSections';
import { moduleRoutes } from './moduleRoutes';

const summary = (pathname: string, modules = moduleRoutes) =>
  menuSections(modules, pathname).map(
    (section) =>
      `${section.label || '(ungrouped)'}${section.active ? '*' : ''}: ${section.items.map((item) => item.path).join(' ')}`,
  );

describe('menuSections (spec part 1 §2 "Side navigation")', () => {
  it('orders the groups builder, management, admin, clientModules with their labels, after the ungrouped item', () => {
    expect(summary('/')).toEqual([
      '(ungrouped): /flowbuilder',
      'Admin Builder: /documentbuilder /composeddocument /actiondocument /methodbuilder /connectionbuilder /restapi',
      'Management: /usermanagement /documenteditor',
      // The audit trail is issue 10's, export and import issue 31's, not the spec's.
      'Admin Modules: /metadatabuilder /scriptbuilder /audit /promote',
      'Client Module: /reporting /dashboard /customers /queue /dispatcher /datacleansing /functionBlocks /insightTags /insightKPI /generativeAI /settingsdashboard /settingsreports /settingsdatacleansing /segmentbuilder',
    ]);
  });

  it.each<[string, string | null, string]>([
    ['/connectionbuilder', 'Admin Builder', 'spec part 1 §2: active when the path contains an item name'],
    ['/connectionbuilder/4f1c', 'Admin Builder', 'spec part 1 §2: sub-paths contain the name too'],
    ['/usermanagement', 'Management', 'spec part 1 §2'],
    ['/scriptbuilder', 'Admin Modules', 'spec part 1 §2'],
    ['/insightKPI', 'Client Module', 'spec part 1 §2'],
    ['/insightkpi', 'Client Module', 'routes match without regard to case'],
    ['/flowbuilder', '(ungrouped)', 'spec part 1 §2: /flowbuilder has no group'],
    ['/', null, 'spec part 1 §2: home activates no group'],
    ['/profile', null, 'spec part 1 §2: profile activates no group'],
  ])('%s → %s (%s)', (path, active) => {
    const activeSections = summary(path).filter((line) => line.split(':')[0]!.endsWith('*'));
    expect(activeSections.map((line) => line.split('*')[0])).toEqual(active ? [active] : []);
  });

  it('leaves out groups without permitted items (spec part 1 §2: items only when permitted)', () => {
    const limited = moduleRoutes.filter((route) => ['/connectionbuilder', '/dashboard'].includes(route.path));
    expect(summary('/dashboard', limited)).toEqual([
      'Admin Builder: /connectionbuilder',
      'Client Module*: /dashboard',
    ]);
  });
});
