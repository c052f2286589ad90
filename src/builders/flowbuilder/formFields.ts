import type { RegistryFieldsType } from '@rjsf/utils';
import { ActionBlockEditor } from './formFields/ActionBlockEditor';
import { AliasPickerField } from './formFields/AliasPickerField';
import { BlockChoicesField } from './formFields/BlockChoicesField';
import { BlockFieldsField } from './formFields/BlockFieldsField';
import { ConditionsField } from './formFields/ConditionsField';
import { DocumentTableField } from './formFields/DocumentTableField';
import { FilterSummaryField } from './formFields/FilterSummaryField';
import {
  FlowActiveField,
  FlowKeepCallDataField,
  FlowStatusField,
  FlowVersionsField,
  SummaryTextField,
} from './formFields/FlowDetailsFields';
import { FunctionLinkField } from './formFields/FunctionLinkField';
import { FunctionListLinkField } from './formFields/FunctionListLinkField';
import { FunctionListTableField } from './formFields/FunctionListTableField';
import { FunctionTableField } from './formFields/FunctionTableField';
import { MappingField } from './formFields/MappingField';
import { OutputField } from './formFields/OutputField';
import { PredefinedFieldsEditor } from './formFields/PredefinedFieldsEditor';
import { ResultFieldsField } from './formFields/ResultFieldsField';
import { SortOrderField } from './formFields/SortOrderField';
import { StaticValueField } from './formFields/StaticValueField';

/**
 * The Flow Builder's custom fields, registered once and named by `ui:field` in the drawers' UI schemas
 * (schemas/drawers/flow-*.ui.json); Storybook shows the drawers' forms with them too.
 */
export const formFields: RegistryFieldsType = {
  // The condition editor of check blocks and read filters.
  conditions: ConditionsField,
  staticValue: StaticValueField,
  functionListLink: FunctionListLinkField,
  functionLink: FunctionLinkField,
  // The mapping table: flow fields into the inputs of an action, a connector or a function.
  mapping: MappingField,
  // Output fields of an action or connector ticked into the flow under an alias.
  outputFields: OutputField,
  // The read/write drawer: its form with what the chosen connection and action offer.
  actionBlockEditor: ActionBlockEditor,
  filterSummary: FilterSummaryField,
  sortOrder: SortOrderField,
  // The result block's fields under aliases, chosen in the result fields drawer.
  resultFields: ResultFieldsField,
  // Fields of a function list ticked under aliases.
  aliasPicker: AliasPickerField,
  // Predefined start fields: a connection's documents and the chosen one's fields.
  predefinedFieldsEditor: PredefinedFieldsEditor,
  documentTable: DocumentTableField,
  // The flow details' summary and version history.
  summaryText: SummaryTextField,
  flowActive: FlowActiveField,
  flowKeepCallData: FlowKeepCallDataField,
  flowStatus: FlowStatusField,
  flowVersions: FlowVersionsField,
  // Pickers: functions, function lists, the block to add.
  functionTable: FunctionTableField,
  functionListTable: FunctionListTableField,
  blockChoices: BlockChoicesField,
  // The fields of a start or add block, each opening its own drawer.
  blockFields: BlockFieldsField,
};
