import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { unzipDefinitions, zipDefinitions } from './zipFolder';

const files = [
  { Path: 'connection/DemoDatabase.json', Content: '{\n  "Kind": "connection"\n}\n' },
  { Path: 'flow/orders_api/GET customers%2Fcredit.json', Content: '{\n  "Kind": "flow"\n}\n' },
];

describe('the console’s zip of an export folder (issue 31 point 3: a zip of the same folder)', () => {
  it('holds the files the export answered, byte for byte, at the same paths', () => {
    expect(unzipDefinitions(zipDefinitions(files))).toEqual(files);
  });

  it.each<[string, Record<string, string>]>([
    [
      'a zip of the folder itself (one top folder around the kinds) reads as its contents',
      {
        'definitions/connection/DemoDatabase.json': files[0]!.Content,
        'definitions/flow/orders_api/GET customers%2Fcredit.json': files[1]!.Content,
      },
    ],
    [
      'other files and hidden folders (.git) are left out',
      {
        'connection/DemoDatabase.json': files[0]!.Content,
        'flow/orders_api/GET customers%2Fcredit.json': files[1]!.Content,
        'README.md': '# notes',
        '.git/config.json': '{}',
      },
    ],
  ])('%s', (_, entries) => {
    const zip = zipSync(
      Object.fromEntries(Object.entries(entries).map(([path, text]) => [path, strToU8(text)])),
    );
    expect(unzipDefinitions(zip)).toEqual(files);
  });
});
