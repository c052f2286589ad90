import { describe, expect, it } from 'vitest';
import { countingGuids } from '../../../../tests/support/flowBuilders';
import type { RestMethodFlow } from '../../../domain/flow/types';
import { filterFlows, newFlow, newFlowErrors, type StatusFilter } from './flowList';

const flow = (name: string, patch: Partial<RestMethodFlow> = {}): RestMethodFlow => ({
  Guid: name,
  Name: name,
  HttpMethod: 'GET',
  Api: 'api-a',
  ...patch,
});

const flows = [
  flow('draftOnly'),
  flow('publishedOff', { IsPublished: true, IsActive: false }),
  flow('live', { IsPublished: true, IsActive: true, Api: 'api-b' }),
];

describe('welcome list filters (spec part 2 §2 Flow Builder: REST API filter, status all/active/published)', () => {
  it.each<[StatusFilter, string | null, string[]]>([
    ['all', null, ['draftOnly', 'publishedOff', 'live']],
    ['active', null, ['live']],
    ['published', null, ['publishedOff', 'live']],
    ['all', 'api-a', ['draftOnly', 'publishedOff']],
    ['published', 'api-a', ['publishedOff']],
    ['active', 'api-a', []],
  ])('status %s, REST API %s', (status, api, names) => {
    expect(filterFlows(flows, { status, api }).map((row) => row.Name)).toEqual(names);
  });
});

describe('new flow (spec part 2 §3 Flow: new guid and version guid, is_new, inactive; §4 New flow)', () => {
  it('is START → RESULT → CLOSE, new and inactive', () => {
    const created = newFlow(
      { method: 'GET', name: 'orders/open', isScript: false, api: 'api-a' },
      countingGuids('g'),
    );
    expect(created).toMatchObject({ IsNew: true, IsActive: false, IsPublished: false, HttpMethod: 'GET' });
    expect(created.Guid).not.toBe(created.VersionGuid);
    expect(created.Flow?.Blocks?.map((block) => block.Type)).toEqual(['start', 'result', 'close']);
  });

  it('a script flow also gets CONFIG and full output', () => {
    const created = newFlow(
      { method: 'POST', name: 'run', isScript: true, api: 'api-a' },
      countingGuids('g'),
    );
    const blocks = created.Flow?.Blocks ?? [];
    expect(blocks.map((block) => block.Type)).toEqual(['start', 'config', 'result', 'close']);
    expect(blocks.find((block) => block.Type === 'result')?.Config?.FullOutput).toBe(true);
  });
});

describe('create flow request (spec part 2 §5 Names: flow name; §2 Create flow asks for REST API)', () => {
  it.each<[string, string, string[]]>([
    ['orders/open', 'api-a', []],
    ['', 'api-a', ['/Name fb.flowErrors.flowNameEmpty']],
    ['a', 'api-a', ['/Name fb.flowErrors.flowNameIsShort']],
    ['orders/', 'api-a', ['/Name fb.flowErrors.flowNameInvalid']],
    ['orders//open', 'api-a', ['/Name fb.flowErrors.flowNameInvalid']],
    ['orders open', 'api-a', ['/Name fb.flowErrors.flowNameInvalid']],
    ['orders', '', ['/Api fb.flowErrors.apiNotChosen']],
  ])('name %j, REST API %j', (name, api, expected) => {
    const errors = newFlowErrors({ method: 'GET', name, isScript: false, api });
    expect(errors.map((error) => `${error.path} ${error.messageKey}`)).toEqual(expected);
  });
});
