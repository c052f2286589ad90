import { flowType } from '../../src/domain/flow/fieldTypes';
import { familyOf, operatorDefinitions } from '../../src/domain/flow/operators';
import { type EvaluationContext, operandsOf } from '../../src/domain/flow/runtime/evaluate';
import type { ConditionGroup, ConditionRule, Operator } from '../../src/domain/flow/types';
import { quoteIdent } from '../documents/recordTable';

/**
 * A read block's filter groups as SQL (spec part 2 §3 'Read block extras': filter groups), with the same
 * meaning as src/domain/flow/runtime/evaluate.ts gives them in a check block: groups OR'ed, rules AND'ed,
 * a missing value false except for notEquals, notContains, notIn and notSet. The SQL text is built once
 * from the stored definition (identifiers quoted, never a value); each call computes only the operands,
 * with the domain's operandsOf (date keywords, offsets, dynamic fields), and binds them as parameters.
 * tests/server/runtime/sqlFilters.test.ts runs every operator × type both ways and compares.
 */

/** The SQL type a flow field type binds as (spec part 2 §3 'Field types'). */
export const sqlTypes: Record<string, string> = {
  String: 'text',
  Text: 'text',
  Number: 'integer',
  Longnumber: 'bigint',
  Decimal: 'numeric',
  Boolean: 'boolean',
  DateOnly: 'date',
  DateTime: 'timestamp',
  Guid: 'uuid',
};
export const sqlTypeOf = (type: string | null | undefined) => sqlTypes[flowType(type) ?? 'String'] ?? 'text';

/** The SQL of one operator on column `c` with parameter placeholders `p(i)` for its operands. */
type OperatorSql = (c: string, p: (index: number) => string, cast: string) => string;

const escapeLike = (param: string) =>
  `replace(replace(replace(${param}, '\\', '\\\\'), '%', '\\%'), '_', '\\_')`;
const text = (c: string) => `${c}::text`;

export const operatorSql = {
  equals: (c, p, t) => `${c} = ${p(0)}::${t}`,
  notEquals: (c, p, t) => `${c} is distinct from ${p(0)}::${t}`,
  greaterThan: (c, p, t) => `${c} > ${p(0)}::${t}`,
  greaterEquals: (c, p, t) => `${c} >= ${p(0)}::${t}`,
  smallerThan: (c, p, t) => `${c} < ${p(0)}::${t}`,
  smallerEquals: (c, p, t) => `${c} <= ${p(0)}::${t}`,
  between: (c, p, t) => `${c} between ${p(0)}::${t} and ${p(1)}::${t}`,
  contains: (c, p) => `${text(c)} like '%' || ${escapeLike(`${p(0)}::text`)} || '%'`,
  notContains: (c, p) =>
    `(${c} is null or ${text(c)} = '' or ${text(c)} not like '%' || ${escapeLike(`${p(0)}::text`)} || '%')`,
  startsWith: (c, p) => `${text(c)} like ${escapeLike(`${p(0)}::text`)} || '%'`,
  endsWith: (c, p) => `${text(c)} like '%' || ${escapeLike(`${p(0)}::text`)}`,
  in: (c, p, t) => `${c} = any(${p(0)}::${t}[])`,
  notIn: (c, p, t) => `(${c} is null or ${text(c)} = '' or not (${c} = any(${p(0)}::${t}[])))`,
  isSet: (c) => `nullif(${text(c)}, '') is not null`,
  notSet: (c) => `nullif(${text(c)}, '') is null`,
  isTrue: (c) => `${c} is true`,
  isFalse: (c) => `${c} is false`,
  maxLength: (c, p) => `char_length(${text(c)}) <= ${p(0)}::integer`,
  minLength: (c, p) => `char_length(${text(c)}) >= ${p(0)}::integer`,
} satisfies Record<Operator, OperatorSql>;

/** Operators whose operands bind as one array parameter. */
const listOperators: ReadonlySet<Operator> = new Set(['in', 'notIn']);

/** The column a rule tests, with its type: the read's source columns by name, ignoring case. */
export type ColumnOf = (name: string) => { sql: string; type: string | null | undefined } | undefined;

export interface CompiledFilter {
  /** The WHERE condition, or '' when the read has no filters. */
  sql: string;
  /** The parameters' values for one call, in order, from the first placeholder `offset + 1`. */
  params(context: EvaluationContext): unknown[];
}

/**
 * Compiles filter groups; placeholders start after `offset` (the read's mapping parameters). A rule naming
 * a column the source lacks throws: the compiler reports the flow as not runnable.
 */
export function compileFilters(
  groups: readonly ConditionGroup[],
  columnOf: ColumnOf,
  offset: number,
): CompiledFilter {
  const binders: Array<(context: EvaluationContext) => unknown[]> = [];
  let next = offset;
  const groupSql: string[] = [];
  for (const group of groups) {
    const rules: string[] = [];
    for (const rule of group.Rules ?? []) {
      const operator = rule.Operator;
      if (!operator) continue;
      const column = columnOf(rule.Name ?? '');
      if (!column) throw new Error(`the filter field ${rule.Name ?? '?'} is not an output of the action`);
      const type = column.type ?? rule.ValueType;
      const definition = operatorDefinitions[operator];
      const count = definition.max === 0 ? 0 : listOperators.has(operator) ? 1 : definition.min;
      const first = next;
      next += count;
      rules.push(
        `(${operatorSql[operator](column.sql, (index) => `$${first + index + 1}`, sqlTypeOf(type))})`,
      );
      binders.push(bindRule(rule, type, operator, count));
    }
    if (rules.length > 0) groupSql.push(`(${rules.join(' and ')})`);
  }
  return {
    sql: groupSql.length > 0 ? `(${groupSql.join(' or ')})` : '',
    params: (context) => binders.flatMap((bind) => bind(context)),
  };
}

function bindRule(rule: ConditionRule, type: string | null | undefined, operator: Operator, count: number) {
  if (count === 0) return () => [];
  const family = familyOf(type);
  const asParam = (value: unknown) =>
    value === undefined || value === ''
      ? null
      : family === 'boolean' && typeof value !== 'boolean'
        ? null
        : value;
  if (listOperators.has(operator))
    return (context: EvaluationContext) => [operandsOf(type, rule, context).map(asParam)];
  return (context: EvaluationContext) => {
    const operands = operandsOf(type, rule, context).map(asParam);
    return Array.from({ length: count }, (_, index) => operands[index] ?? null);
  };
}

/** A source column for a filter or a sort: quoted name, optionally qualified. */
export const columnSql = (name: string) => quoteIdent(name);
