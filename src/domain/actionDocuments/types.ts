import type { components } from '../../../generated/uiservices';

/** The wire types of action documents and the methods their actions may call (spec part 2 §3). */
export type ActionDocument = components['schemas']['ActionDocument'];
export type Action = components['schemas']['ActionDocumentAction'];
export type MatchRule = components['schemas']['MatchRule'];
export type Method = components['schemas']['Method'];
