-- Records of published list documents (spec part 2 §2 'Document Editor'): one table per document,
-- created and migrated by the Document Builder on publish (server/documents/recordTable.ts).
create schema if not exists records;
