import { ItemStore } from '../../items/itemStore';
import { metadataKind } from '../../metadata/metadataKind';
import type { DemoSeed } from '../seed';

const ADDRESS = '7d2e9f10-1a2b-4c3d-8e4f-5a6b7c8d9e01';
const CUSTOMER = '7d2e9f10-1a2b-4c3d-8e4f-5a6b7c8d9e02';

/** A published Address (for document-type fields) and a draft Customer with nested fields. */
const seedMetadataDocuments: DemoSeed = async (db) => {
  const items = new ItemStore(db);
  const by = { by: 'seed', now: Date.now() / 1000 };
  if (!(await items.find(metadataKind, ADDRESS))) {
    await items.save(
      metadataKind,
      {
        Guid: ADDRESS,
        Name: 'Address',
        Description: 'A postal address.',
        SchemaType: 'Message',
        IsPublished: true,
        Elements: [
          { Name: 'Street', Type: 'String', Validation: { Required: true, Max: 200 } },
          { Name: 'City', Type: 'String', Validation: { Required: true, Max: 100 } },
          {
            Name: 'PostalCode',
            Type: 'String',
            Validation: { Max: 10, Type: 'regularexpression', Regex: '^[0-9A-Z ]{3,10}$' },
          },
          { Name: 'Country', Type: 'String', Validation: { Max: 2 } },
        ],
      },
      by,
    );
  }
  if (!(await items.find(metadataKind, CUSTOMER))) {
    await items.save(
      metadataKind,
      {
        Guid: CUSTOMER,
        Name: 'CustomerMessage',
        Description: 'A customer with contacts and an address.',
        SchemaType: 'Input',
        IsPublished: false,
        Elements: [
          { Name: 'Id', Type: 'Guid', Default: { Type: 'NewGuid', Insert: true } },
          { Name: 'Name', Type: 'String', Validation: { Required: true, Max: 100 } },
          { Name: 'Since', Type: 'DateOnly', Default: { Type: 'CurrentDate', Insert: true } },
          { Name: 'Address', Type: 'DocumentType', Document: 'Address' },
          {
            Name: 'Contacts',
            Type: 'Array',
            ArrayElementType: 'Object',
            Elements: [
              { Name: 'Contacts.Email', Type: 'String', Validation: { Max: 254 } },
              { Name: 'Contacts.Phone', Type: 'String', Validation: { Max: 30 } },
            ],
          },
          { Name: 'Tags', Type: 'BasicTypeArray', ArrayElementType: 'String' },
        ],
      },
      by,
    );
  }
};

export default seedMetadataDocuments;
