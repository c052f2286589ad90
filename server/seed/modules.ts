import { plainKinds } from '../../generated/plainKinds';

/** Modules the demo platform has, with their labels, in menu order (spec part 1 §2). */
export const demoModules: Array<{ name: string; label: string; route?: string }> = [
  { name: 'FlowBuilder', label: 'Flow Builder' },
  { name: 'DocumentBuilder', label: 'Document Builder' },
  { name: 'ComposedDocument', label: 'Composed Document' },
  { name: 'ActionDocument', label: 'Action Document' },
  { name: 'MethodBuilder', label: 'Method Builder' },
  { name: 'ConnectionBuilder', label: 'Connection Builder' },
  { name: 'RestApiBuilder', label: 'REST API' },
  { name: 'UserManagement', label: 'User Management' },
  { name: 'DocumentEditor', label: 'Document Editor' },
  { name: 'MetaDocumentBuilder', label: 'Metadata Builder' },
  { name: 'ScriptBuilder', label: 'Script Builder' },
  { name: 'Reporting', label: 'Reporting', route: 'reporting' },
  { name: 'Dashboard', label: 'Dashboard', route: 'dashboard' },
  { name: 'Customers', label: 'Customers', route: 'customers' },
  { name: 'Queue', label: 'Queue', route: 'queue' },
  { name: 'Dispatcher', label: 'Dispatcher', route: 'dispatcher' },
  { name: 'Datacleansing', label: 'Datacleansing', route: 'datacleansing' },
  { name: 'FunctionBlocks', label: 'Function Blocks', route: 'functionBlocks' },
  { name: 'InsightTags', label: 'Insight Tags', route: 'insightTags' },
  { name: 'InsightKPI', label: 'Insight KPI', route: 'insightKPI' },
  { name: 'GenerativeAI', label: 'Generative AI', route: 'generativeAI' },
  { name: 'SettingsDashboard', label: 'Dashboard Settings', route: 'settingsdashboard' },
  { name: 'SettingsReports', label: 'Reports Settings', route: 'settingsreports' },
  { name: 'SettingsDatacleansing', label: 'Datacleansing Settings', route: 'settingsdatacleansing' },
  { name: 'SegmentBuilder', label: 'Segment Builder', route: 'segmentbuilder' },
];

/**
 * The demo platform's modules and, after them, those of plain kinds it does not list: a plain kind's
 * x-item declares its module (src/domain/plainItems.ts), so the platform has every builder it ships.
 */
export function platformModules(): Array<{ name: string; label: string; route?: string }> {
  const listed = new Set(demoModules.map((module) => module.name));
  const declared = Object.values(plainKinds)
    .filter((kind) => !listed.has(kind.area))
    .map((kind) => ({ name: kind.area, label: kind.title }));
  return [...demoModules, ...declared];
}
