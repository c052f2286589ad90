import type { components } from '../../../generated/uiservices';

/** The wire types of documents, as generated from schemas/ (spec part 2 §3 'Document'). */
export type Document = components['schemas']['Document'];
export type DocumentField = components['schemas']['DocumentField'];
export type DocumentReference = components['schemas']['DocumentReference'];
export type FieldType = components['schemas']['FieldType'];
export type DefaultValueType = components['schemas']['Setting']['Items'][number];
