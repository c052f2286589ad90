import { describe, expect, it } from 'vitest';
import { operationGuid } from './operationGuid';

// RFC 9562 §A.4's example: the DNS namespace and "www.example.com" give this version 5 UUID.
describe('operationGuid (issue 30 point 1: stable connector method guids)', () => {
  it('is RFC 9562 version 5 of the connection guid and the operation name', () => {
    expect(operationGuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'www.example.com')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
  });
  it('differs per connection and per operation, and ignores case', () => {
    const a = operationGuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'ListFiles');
    expect(operationGuid('6BA7B810-9DAD-11D1-80B4-00C04FD430C8', 'listfiles')).toBe(a);
    expect(operationGuid('6ba7b811-9dad-11d1-80b4-00c04fd430c8', 'ListFiles')).not.toBe(a);
    expect(operationGuid('6ba7b810-9dad-11d1-80b4-00c04fd430c8', 'ReadFile')).not.toBe(a);
  });
});
